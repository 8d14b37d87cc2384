import { useState } from 'react';
import { MAX_LINE_QUANTITY } from '@store/shared/constants';
import * as messages from '@store/shared/messages';

const stepClass =
  'inline-flex size-11 items-center justify-center text-xl text-ink transition hover:bg-neutral-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand disabled:text-neutral-300 disabled:hover:bg-transparent';

/**
 * Quantity 1–6 (SPEC §9). Asking for a 7th keeps 6 and says whom to call for bigger purchases.
 * The number is a form field too, so the product form carries it without JS.
 */
export function QuantityPicker({ value, onChange, supportPhone }: { value: number; onChange: (n: number) => void; supportPhone: string }) {
  const [warning, setWarning] = useState<string | null>(null);
  const set = (n: number) => {
    if (n > MAX_LINE_QUANTITY) {
      setWarning(messages.biggerPurchase(supportPhone));
      onChange(MAX_LINE_QUANTITY);
      return;
    }
    setWarning(null);
    onChange(Math.max(1, n));
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="inline-flex w-fit items-center overflow-hidden rounded-full border border-neutral-300">
        <button type="button" className={stepClass} onClick={() => set(value - 1)} disabled={value <= 1} aria-label="Decrease quantity">
          −
        </button>
        <input
          type="number"
          name="quantity"
          inputMode="numeric"
          min={1}
          max={MAX_LINE_QUANTITY}
          value={value}
          onChange={(e) => set(Math.trunc(Number(e.currentTarget.value)) || 1)}
          aria-label="Quantity"
          className="w-10 [appearance:textfield] border-0 bg-transparent text-center text-base font-semibold text-ink tabular-nums outline-none [&::-webkit-inner-spin-button]:appearance-none"
        />
        <button type="button" className={stepClass} onClick={() => set(value + 1)} aria-label="Increase quantity">
          +
        </button>
      </div>
      <p role="status" aria-live="polite" className="text-sm font-medium text-amber-800 empty:hidden" data-testid="quantity-warning">
        {warning ?? ''}
      </p>
    </div>
  );
}
