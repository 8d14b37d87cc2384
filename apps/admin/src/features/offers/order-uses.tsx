import { formatTaka } from '@store/shared/money';
import { formatDateTime } from '../../lib/format';

/** One order an offer was used on: what it took off, and whether the order was cancelled since. */
export type OrderUse = { key: string; order: string; customer: string; at: string; amount: number; cancelled: boolean };

/** The orders a coupon or a card was used on, newest first; a cancelled one struck through. */
export function OrderUsesTable({ uses, who, amount }: { uses: readonly OrderUse[]; who: string; amount: string }) {
  if (!uses.length) return <p className="text-sm text-muted">Not used yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[28rem] text-left text-sm">
        <thead className="text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            <th className="py-2 pr-3">Order</th>
            <th className="py-2 pr-3">{who}</th>
            <th className="py-2 pr-3">When</th>
            <th className="py-2">{amount}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {uses.map((u) => (
            <tr key={u.key} className={u.cancelled ? 'text-muted line-through' : undefined}>
              <td className="py-2 pr-3 font-mono text-xs">{u.order}</td>
              <td className="py-2 pr-3">{u.customer}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{formatDateTime(u.at)}</td>
              <td className="py-2 tabular-nums">{formatTaka(u.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
