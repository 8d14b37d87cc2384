import { Link } from 'react-router';
import { groupIndian } from '@store/shared/money';

type Option = { value: string; label: string; count?: number };

/**
 * A list's one filter as a row of links (the first page of each), so the choice is in the address and
 * the back button works; it scrolls sideways on a phone rather than wrapping into a wall of pills.
 */
export function FilterTabs({
  label,
  param,
  current,
  options,
}: {
  label: string;
  param: string;
  current: string;
  options: readonly Option[];
}) {
  return (
    <nav aria-label={label} className="-mx-3 mb-4 flex gap-2 overflow-x-auto px-3 pb-1 sm:mx-0 sm:flex-wrap sm:px-0">
      {options.map((o) => (
        <Link
          key={o.value || 'all'}
          to={o.value ? `?${new URLSearchParams({ [param]: o.value })}` : '.'}
          aria-current={o.value === current ? 'page' : undefined}
          className={`inline-flex min-h-9 shrink-0 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap ${
            o.value === current ? 'border-brand bg-brand text-white' : 'border-line bg-white text-ink hover:border-brand'
          }`}
        >
          {o.label}
          {o.count !== undefined ? (
            <span className={`tabular-nums ${o.value === current ? 'text-white/80' : 'text-muted'}`}>{groupIndian(o.count)}</span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}
