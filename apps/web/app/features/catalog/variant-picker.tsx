import { Link } from 'react-router';
import type { ProductVariant } from '@store/shared/catalog';

/**
 * Variant buttons as links to ?variant=<id>: a shared link selects the same variant, and the choice
 * works without JS. With JS the route skips reloading its data for a variant-only change.
 */
export function VariantPicker({
  variants,
  selectedId,
  label,
  search,
}: {
  variants: ProductVariant[];
  selectedId: number;
  label: string;
  search: URLSearchParams;
}) {
  const selected = variants.find((v) => v.variant_id === selectedId);
  const href = (id: number) => {
    const next = new URLSearchParams(search);
    next.set('variant', String(id));
    return `?${next.toString()}`;
  };
  return (
    <div role="group" aria-labelledby="variant-label" data-testid="variant-picker">
      <p id="variant-label" className="mb-2 text-sm text-muted">
        {label}: <span className="font-medium text-ink">{selected?.title}</span>
      </p>
      <ul className="flex flex-wrap gap-2">
        {variants.map((v) => {
          const isSelected = v.variant_id === selectedId;
          return (
            <li key={v.variant_id}>
              <Link
                to={href(v.variant_id)}
                replace
                preventScrollReset
                aria-current={isSelected ? 'true' : undefined}
                aria-label={v.in_stock ? v.title : `${v.title}, out of stock`}
                className={`inline-flex min-h-10 min-w-12 items-center justify-center rounded-full border px-4 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${
                  isSelected ? 'border-ink bg-ink text-white' : 'border-neutral-300 bg-white text-ink hover:border-ink'
                } ${v.in_stock ? '' : 'line-through decoration-1'}`}
              >
                {v.title}
              </Link>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
