import { useId } from 'react';
import { SCRIPTED } from '../auth/auth-events';
import { quantityLimit } from '../cart/line-limit';
import * as m from '@store/shared/i18n/messages';

const stepClass =
  'inline-flex size-11 items-center justify-center text-xl text-ink transition hover:bg-neutral-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand disabled:text-neutral-300 disabled:hover:bg-transparent aria-disabled:cursor-not-allowed aria-disabled:text-neutral-300 aria-disabled:hover:bg-transparent';

/**
 * Quantity 1 up to the stock left or 6, whichever is lower (SPEC §9; the bag's rule). At the top '+'
 * stops and the line under it says why: how many are left, or whom to call for bigger purchases.
 * A number typed above it is brought down to it. The number is a form field too, so the product
 * form carries it without JS.
 */
export function QuantityPicker({
  value,
  onChange,
  stock,
  supportPhone,
  stockNoteId,
}: {
  value: number;
  onChange: (n: number) => void;
  stock: number;
  supportPhone: string;
  /** The page's own 'only N products left' line, when it shows one: '+' points to it rather than repeating it. */
  stockNoteId?: string;
}) {
  const ownNoteId = useId();
  const limit = quantityLimit(value, stock, supportPhone);
  const saidAbove = limit.by === 'stock' && stockNoteId !== undefined;
  const note = saidAbove ? null : limit.reason;
  const why = !limit.atLimit ? undefined : saidAbove ? stockNoteId : ownNoteId;
  const max = Math.max(1, limit.max);
  const set = (n: number) => onChange(Math.min(max, Math.max(1, n)));
  return (
    <div className="flex flex-col gap-2">
      <div className="inline-flex w-fit items-center overflow-hidden rounded-full border border-neutral-300">
        {/* − and + need the page's scripts; without them the number is typed (hidden, SCRIPTED). */}
        <button
          type="button"
          className={`${stepClass} ${SCRIPTED}`}
          onClick={() => set(value - 1)}
          disabled={value <= 1}
          aria-label={m.quantity_decrease()}
        >
          −
        </button>
        <input
          type="number"
          name="quantity"
          inputMode="numeric"
          min={1}
          max={max}
          value={value}
          onChange={(e) => set(Math.trunc(Number(e.currentTarget.value)) || 1)}
          aria-label={m.quantity()}
          aria-describedby={why}
          className="h-11 w-10 [appearance:textfield] border-0 bg-transparent text-center text-base font-semibold text-ink tabular-nums outline-none [&::-webkit-inner-spin-button]:appearance-none"
        />
        {/* aria-disabled, not disabled: focus stays on '+' at the top, and the reason is read with it. */}
        <button
          type="button"
          className={`${stepClass} ${SCRIPTED}`}
          onClick={() => {
            if (!limit.atLimit) set(value + 1);
          }}
          aria-disabled={limit.atLimit || undefined}
          aria-describedby={why}
          aria-label={m.quantity_increase()}
        >
          +
        </button>
      </div>
      <p
        id={ownNoteId}
        role="status"
        aria-live="polite"
        className="text-sm font-medium text-amber-800 empty:hidden"
        data-testid="quantity-warning"
      >
        {note ?? ''}
      </p>
    </div>
  );
}
