import { useId, useState, type KeyboardEvent } from 'react';
import { PRODUCT_LIMITS } from '@store/shared/admin-catalog';
import { formatTaka } from '@store/shared/money';
import { inputClass } from '../../../components/ui/field';

/** Tags as chips: Enter or a comma adds what was typed, × takes one away. */
export function TagInput({
  label,
  value,
  onChange,
  error,
  hint,
}: {
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  error?: string | undefined;
  hint?: string;
}) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const add = () => {
    const words = draft
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    if (words.length) onChange([...value, ...words.filter((w) => !value.includes(w))]);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && draft === '' && value.length) onChange(value.slice(0, -1));
  };
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {value.length ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={`${label} added`}>
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-soft py-0.5 pr-1 pl-2.5 text-xs font-medium text-ink"
            >
              <span className="truncate">{tag}</span>
              <button
                type="button"
                className="rounded-full px-1.5 text-muted hover:bg-white hover:text-ink"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={id}
        className={inputClass}
        value={draft}
        maxLength={PRODUCT_LIMITS.tag}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={add}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
      />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** How a search engine lists the product: the title tag (or the storefront's default title), the address and the description. */
export function SearchResultPreview({ title, url, description }: { title: string; url: string; description: string }) {
  return (
    <figure className="rounded-md border border-line p-3" aria-label="Search result preview">
      <figcaption className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">In search results</figcaption>
      <p className="truncate text-xs text-green-800">{url}</p>
      <p className="truncate text-lg leading-snug text-[#1a0dab]">{title}</p>
      <p className="line-clamp-2 text-sm text-neutral-700">{description || 'The first lines of the description.'}</p>
    </figure>
  );
}

type PricedVariant = { price: number; discounted: number };

/**
 * The price as the storefront's card shows it: 'From' when the variants differ, the lowest price after
 * discount with the regular one struck through, and the 'Up to -N%' badge where it is switched on.
 */
export function CardPricePreview({
  name,
  variants,
  maxDiscount,
  showBadge,
}: {
  name: string;
  variants: PricedVariant[];
  maxDiscount: number;
  showBadge: boolean;
}) {
  const valid = variants.filter((v) => Number.isFinite(v.price) && Number.isFinite(v.discounted));
  if (!valid.length) return <p className="text-sm text-muted">Give the variants a price to see how it shows.</p>;
  const lowest = Math.min(...valid.map((v) => v.discounted));
  const from = new Set(valid.map((v) => v.price)).size > 1;
  const lowestRegular = Math.min(...valid.map((v) => v.price));
  return (
    <div className="rounded-md border border-line p-3" data-testid="price-preview">
      <p className="mb-1 text-xs font-semibold tracking-wide text-muted uppercase">On the product card</p>
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 text-sm font-medium break-words text-ink">{name || 'Product name'}</p>
        {showBadge && maxDiscount > 0 ? (
          <span className="shrink-0 rounded bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white">Up to -{maxDiscount}%</span>
        ) : null}
      </div>
      <p className="mt-1 text-sm">
        {from ? <span className="text-muted">From </span> : null}
        <strong className="font-semibold text-ink">{formatTaka(lowest)}</strong>
        {lowest < lowestRegular ? <s className="ml-1.5 text-muted">{formatTaka(lowestRegular)}</s> : null}
      </p>
    </div>
  );
}
