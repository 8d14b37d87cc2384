import { useId } from 'react';
import { Link } from 'react-router';
import type { CartLineItem, LineImage } from '@store/shared/cart';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatTaka } from '../../lib/format';
import { BagIcon, GiftIcon } from '../../components/layout/icons';
import { changeLine } from './bag-store';
import { lowStockNote, quantityLimit, useStockWarning } from './line-limit';

function Thumb({ image, alt }: { image: LineImage | null; alt: string }) {
  return image ? (
    <img
      src={image.url}
      alt={image.alt || alt}
      width={80}
      height={80}
      loading="lazy"
      decoding="async"
      className="size-[4.5rem] shrink-0 rounded-lg sm:size-20 bg-neutral-50 object-cover ring-1 ring-black/5"
    />
  ) : (
    <span
      role="img"
      aria-label={alt}
      className="flex size-[4.5rem] shrink-0 sm:size-20 items-center justify-center rounded-lg bg-brand-soft text-brand/50"
    >
      <BagIcon size={26} />
    </span>
  );
}

const stepClass =
  'inline-flex size-9 items-center justify-center text-lg text-ink transition hover:bg-neutral-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand disabled:text-neutral-300 aria-disabled:cursor-not-allowed aria-disabled:text-neutral-300 aria-disabled:hover:bg-transparent';

/** One line of the bag: its product, − and + (up to the limit, with the reason it stops), its price. */
export function Line({ line, supportPhone, onNavigate }: { line: CartLineItem; supportPhone: string; onNavigate: () => void }) {
  const discounted = line.discounted_price < line.price;
  const quantity = formatCount(line.quantity);
  const noteId = useId();
  const limit = quantityLimit(line.quantity, line.stock, supportPhone);
  const stockWarning = useStockWarning();
  const note = line.gift ? null : (limit.reason ?? lowStockNote(line.stock, stockWarning));
  const increase = () => {
    if (!limit.atLimit) void changeLine(line.variant_id, 'increment');
  };
  // − at 1 removes the line (SPEC §4): action remove with quantity 0.
  const decrease = () => void changeLine(line.variant_id, line.quantity === 1 ? 'remove' : 'decrement');
  return (
    <li className="flex gap-3 py-4" data-testid="bag-line" data-variant-id={line.variant_id} data-gift={line.gift ? 'true' : undefined}>
      <Link to={line.product_url} onClick={onNavigate} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Thumb image={line.image} alt={line.product_title} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">{line.vendor}</p>
        <Link to={line.product_url} onClick={onNavigate} className="line-clamp-2 text-sm font-medium leading-5 text-ink hover:text-brand">
          {line.product_title}
        </Link>
        <p className="text-xs text-muted">{line.variant_title}</p>
        <div className="mt-1 flex flex-wrap items-end justify-between gap-2">
          {line.gift ? (
            <p className="flex items-center gap-1.5 text-xs font-semibold text-emerald-700" data-testid="bag-line-quantity">
              <GiftIcon size={14} />
              {m.bagui_gift_qty({ gift: messages.bagGiftTitle(), quantity })}
            </p>
          ) : (
            <div className="inline-flex items-center overflow-hidden rounded-full border border-neutral-300">
              <button
                type="button"
                className={stepClass}
                onClick={decrease}
                aria-label={(line.quantity === 1 ? m.bagui_remove_line : m.bagui_decrease)({ product: line.product_title })}
              >
                −
              </button>
              <span
                className="w-7 text-center text-sm font-semibold tabular-nums"
                data-testid="bag-line-quantity"
                aria-label={m.bagui_quantity({ quantity })}
              >
                {quantity}
              </span>
              {/* aria-disabled, not disabled: a keyboard user who reached the limit keeps focus here and hears why. */}
              <button
                type="button"
                className={stepClass}
                onClick={increase}
                aria-disabled={limit.atLimit || undefined}
                aria-describedby={note ? noteId : undefined}
                aria-label={m.bagui_increase({ product: line.product_title })}
              >
                +
              </button>
            </div>
          )}
          <p className="flex flex-col items-end leading-tight" data-testid="bag-line-price">
            {line.gift ? (
              <span className="text-sm font-bold text-emerald-700">{messages.bagFree()}</span>
            ) : (
              <span className={`text-sm font-semibold ${discounted ? 'text-brand' : 'text-ink'}`}>{formatTaka(line.line_price)}</span>
            )}
            {discounted ? (
              <s className="text-xs text-muted">
                <span className="sr-only">{m.price_regular()}</span>
                {formatTaka(line.price * line.quantity)}
              </s>
            ) : null}
          </p>
        </div>
        {line.gift ? null : (
          // Always in the page, so the words that appear as '+' stops are announced.
          <p
            id={noteId}
            aria-live="polite"
            data-testid="bag-line-limit"
            className={`text-xs font-medium empty:hidden ${limit.atLimit ? 'text-amber-800' : 'text-muted'}`}
          >
            {note ?? ''}
          </p>
        )}
      </div>
    </li>
  );
}
