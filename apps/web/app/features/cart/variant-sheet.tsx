import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ProductCard, ProductDetail, ProductVariant } from '@store/shared/catalog';
import { formatTaka } from '../../lib/format';
import { BagIcon } from '../../components/layout/icons';
import { DialogClose, DialogTitle, ModalDialog } from '../../components/ui/dialog';
import { variantGroupLabel } from '../catalog/variant-label';
import { onlyLeft, outOfStock, stockIsLow, useStockWarning } from './line-limit';
import * as m from '@store/shared/i18n/messages';

/** Start on the chosen variant, not the close button. */
const chosenOption = (content: HTMLElement) => content.querySelector<HTMLElement>('input[type="radio"]:checked');

function availability(v: ProductVariant, stockWarning: number): { text: string; tone: string } {
  if (!v.in_stock) return { text: outOfStock(), tone: 'text-red-700' };
  if (stockIsLow(v.stock, stockWarning)) return { text: onlyLeft(v.stock), tone: 'text-amber-800' };
  return { text: m.bagui_in_stock(), tone: 'text-emerald-700' };
}

/**
 * The variant chooser of a product card's 'Add to bag' (loaded on the first tap that needs it): a
 * bottom sheet on phones, a small dialog from `sm` up. Each shade or size with its price and
 * whether it is in stock; those out of stock cannot be chosen. A modal dialog: the page behind is
 * inert, Tab stays inside, Escape closes and focus goes back to the card's button.
 */
export default function VariantSheet({
  card,
  product,
  onClose,
  onChoose,
}: {
  card: Pick<ProductCard, 'image' | 'name'>;
  product: ProductDetail;
  onClose: () => void;
  onChoose: (variantId: number) => void;
}) {
  const name = useId();
  const variants = product.product_variants;
  const label = variantGroupLabel(variants, product.department).toLowerCase();
  const [chosen, setChosen] = useState(() => variants.find((v) => v.in_stock)?.variant_id ?? null);
  const stockWarning = useStockWarning();

  return (
    <ModalDialog
      onClose={onClose}
      testId="variant-sheet"
      initialFocus={chosenOption}
      overlayClassName="bg-black/50"
      className="inset-0 mb-0 mt-auto h-fit max-h-[85dvh] w-full overflow-hidden rounded-t-2xl bg-white text-ink shadow-2xl transition duration-200 ease-out starting:translate-y-8 starting:opacity-0 sm:m-auto sm:max-h-[80dvh] sm:w-[26rem] sm:rounded-2xl"
    >
      <form
        className="flex max-h-[inherit] flex-col pb-[env(safe-area-inset-bottom)]"
        onSubmit={(e) => {
          e.preventDefault();
          if (chosen !== null) onChoose(chosen);
        }}
      >
        <header className="flex items-start gap-3 border-b border-line py-3 pl-4 pr-2 sm:pl-5">
          {card.image ? (
            <img
              src={card.image.mobile}
              alt=""
              width={56}
              height={56}
              decoding="async"
              className="size-14 shrink-0 rounded-lg bg-neutral-50 object-cover ring-1 ring-black/5"
            />
          ) : (
            <span className="flex size-14 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand/50" aria-hidden="true">
              <BagIcon size={22} />
            </span>
          )}
          <div className="min-w-0 flex-1 pt-0.5">
            <p className="truncate text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">{product.brand}</p>
            <DialogTitle className="line-clamp-2 text-sm font-semibold leading-5">{card.name}</DialogTitle>
          </div>
          <DialogClose className="flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-neutral-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand" />
        </header>

        <fieldset className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-4 py-3 sm:px-5">
          <legend className="float-left mb-2 w-full text-sm font-semibold">{m.bagui_choose({ label })}</legend>
          <ul className="clear-both flex flex-col gap-2">
            {variants.map((v) => {
              const state = availability(v, stockWarning);
              const checked = v.variant_id === chosen;
              const sale = v.discounted_price < v.price;
              return (
                <li key={v.variant_id}>
                  <label
                    data-testid="variant-option"
                    className={`flex min-h-12 items-center gap-3 rounded-xl border px-3 py-2 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand ${
                      checked ? 'border-ink bg-neutral-50 ring-1 ring-ink' : 'border-neutral-200'
                    } ${v.in_stock ? 'cursor-pointer hover:border-ink' : 'cursor-not-allowed bg-neutral-50 text-muted'}`}
                  >
                    <input
                      type="radio"
                      name={name}
                      value={v.variant_id}
                      checked={checked}
                      disabled={!v.in_stock}
                      onChange={() => setChosen(v.variant_id)}
                      className="size-4 shrink-0 accent-ink outline-none"
                    />
                    <span className="min-w-0 flex-1">
                      <span className={`block text-sm font-medium ${v.in_stock ? '' : 'line-through decoration-1'}`}>{v.title}</span>
                      <span className={`block text-xs font-medium ${state.tone}`}>{state.text}</span>
                    </span>
                    <span className="flex shrink-0 flex-col items-end leading-tight">
                      <span className={`text-sm font-semibold tabular-nums ${sale ? 'text-brand' : ''}`}>
                        {formatTaka(v.discounted_price)}
                      </span>
                      {sale ? (
                        <s className="text-xs tabular-nums text-muted">
                          <span className="sr-only">{m.price_regular()}</span>
                          {formatTaka(v.price)}
                        </s>
                      ) : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>

        <footer className="flex flex-col gap-2 border-t border-line px-4 py-3 sm:px-5">
          <button
            type="submit"
            disabled={chosen === null}
            className="w-full rounded-full bg-brand py-3 text-sm font-semibold tracking-wide text-white shadow-sm transition hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:cursor-not-allowed disabled:bg-neutral-300 disabled:shadow-none"
          >
            {m.add_to_bag()}
          </button>
          <Link
            to={chosen === null ? product.url : `${product.url}?variant=${chosen}`}
            onClick={onClose}
            className="self-center rounded px-2 py-1 text-sm font-medium text-ink underline underline-offset-4 hover:text-brand focus-visible:outline-2 focus-visible:outline-brand"
          >
            {m.bagui_full_details()}
          </Link>
        </footer>
      </form>
    </ModalDialog>
  );
}
