import { useState } from 'react';
import type { AdminOrderDetail } from '@store/shared/admin-orders';
import { formatTaka } from '@store/shared/money';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { SelectField } from '../../components/ui/field';
import { ApiError, api } from '../../lib/api';
import { errorMessage } from '../../lib/forms';

/**
 * Takes items off an unpaid order before it ships: each item's new quantity, from none to what was
 * bought. The server gives the stock back and prices the order again (rebate, coupon); the totals
 * shown here are the items' only, the rest is the server's word once saved.
 */
export function OrderLinesEditor({
  order,
  open,
  onOpenChange,
  onSaved,
}: {
  order: AdminOrderDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => Promise<void>;
}) {
  const paidLines = order.lines.filter((l) => !l.gift);
  const [quantities, setQuantities] = useState<Record<number, number>>(() => Object.fromEntries(paidLines.map((l) => [l.id, l.quantity])));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const items = paidLines.reduce((sum, l) => sum + l.discounted_price * (quantities[l.id] ?? l.quantity), 0);

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const lines = paidLines
        .filter((l) => quantities[l.id] !== l.quantity)
        .map((l) => ({ id: l.id, quantity: quantities[l.id] ?? l.quantity }));
      await api.put(`/orders/${order.id}/lines/`, { revision: order.revision, lines });
      onOpenChange(false);
      await onSaved();
    } catch (e) {
      setError(e instanceof ApiError && e.fields.lines ? e.fields.lines : errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (o) setQuantities(Object.fromEntries(paidLines.map((l) => [l.id, l.quantity])));
        setError(null);
        onOpenChange(o);
      }}
      title="Change the items"
      description="Take items off before the parcel leaves: they go back on the shelf and the order is priced again."
    >
      <form
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <ul className="divide-y divide-line">
          {paidLines.map((l) => (
            <li key={l.id} className="flex items-end gap-3 py-2">
              <div className="min-w-0 flex-1 text-sm">
                <div className="font-medium wrap-anywhere">{l.product_title}</div>
                <div className="text-xs text-muted">
                  {l.variant_title} · {formatTaka(l.discounted_price)} each
                </div>
              </div>
              <div className="w-24 shrink-0">
                <SelectField
                  label="Quantity"
                  value={quantities[l.id] ?? l.quantity}
                  onChange={(e) => setQuantities({ ...quantities, [l.id]: Number(e.target.value) })}
                >
                  {Array.from({ length: l.quantity + 1 }, (_, n) => l.quantity - n).map((n) => (
                    <option key={n} value={n}>
                      {n === 0 ? 'Remove' : n}
                    </option>
                  ))}
                </SelectField>
              </div>
            </li>
          ))}
        </ul>
        <p className="text-sm text-muted">
          Items now: <span className="font-semibold text-ink">{formatTaka(items)}</span> (before the rebate, coupon and delivery)
        </p>
        {error ? <Alert>{error}</Alert> : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button type="submit" disabled={busy || paidLines.every((l) => quantities[l.id] === l.quantity)}>
            {busy ? 'Saving…' : 'Save items'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
