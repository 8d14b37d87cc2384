import { Link, useNavigate } from 'react-router';
import type { ProductVariant } from '@store/shared/catalog';
import { useHydrated } from './use-hydrated';

type Props = {
  variants: ProductVariant[];
  selectedId: number;
  label: string;
  search: URLSearchParams;
};

const pill = (selected: boolean, inStock: boolean) =>
  `inline-flex min-h-10 min-w-12 items-center justify-center rounded-full border px-4 text-sm font-medium transition ${
    selected ? 'border-ink bg-ink text-white' : 'border-neutral-300 bg-white text-ink hover:border-ink'
  } ${inStock ? '' : 'line-through decoration-1'}`;

const outOfStock = (v: ProductVariant) => (v.in_stock ? null : <span className="sr-only">, out of stock</span>);

/**
 * The variant choice. Once the page's scripts run, it is a radio group (a fieldset whose legend names
 * the choice, arrow keys move through it, a screen reader says "2 of 3"); choosing replaces the URL's
 * ?variant=<id> and the route keeps its data. Before that, and without JavaScript, the same pills are
 * links to ?variant=<id>, so a shared link selects the same variant and a tap always leads somewhere.
 */
export function VariantPicker({ variants, selectedId, label, search }: Props) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const selected = variants.find((v) => v.variant_id === selectedId);
  const href = (id: number) => {
    const next = new URLSearchParams(search);
    next.set('variant', String(id));
    return `?${next.toString()}`;
  };
  const heading = (
    <>
      {label}: <span className="font-medium text-ink">{selected?.title}</span>
    </>
  );

  // The same pills either way: links before hydration, radios after.
  const pills = (
    <ul className="flex flex-wrap gap-2">
      {variants.map((v) => {
        const isSelected = v.variant_id === selectedId;
        const text = (
          <>
            {v.title}
            {outOfStock(v)}
          </>
        );
        return (
          <li key={v.variant_id} className="flex">
            {hydrated ? (
              <label
                className={`${pill(isSelected, v.in_stock)} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand`}
              >
                <input
                  type="radio"
                  name="variant"
                  value={v.variant_id}
                  checked={isSelected}
                  onChange={() => void navigate(href(v.variant_id), { replace: true, preventScrollReset: true })}
                  className="sr-only"
                />
                {text}
              </label>
            ) : (
              <Link
                to={href(v.variant_id)}
                replace
                preventScrollReset
                aria-current={isSelected ? 'true' : undefined}
                className={`${pill(isSelected, v.in_stock)} focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand`}
              >
                {text}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );

  return hydrated ? (
    <fieldset role="radiogroup" data-testid="variant-picker">
      <legend className="mb-2 text-sm text-muted">{heading}</legend>
      {pills}
    </fieldset>
  ) : (
    <div role="group" aria-labelledby="variant-label" data-testid="variant-picker">
      <p id="variant-label" className="mb-2 text-sm text-muted">
        {heading}
      </p>
      {pills}
    </div>
  );
}
