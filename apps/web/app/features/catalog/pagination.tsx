import { Link } from 'react-router';
import { pageHref, pageWindow } from './listing-query';

const linkClass =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** Numbered pages as plain links (they work without JS and can be crawled), with previous and next. */
export function Pagination({
  basePath,
  search,
  page,
  pageSize,
  count,
}: {
  basePath: string;
  search: URLSearchParams;
  page: number;
  pageSize: number;
  count: number;
}) {
  const total = Math.ceil(count / pageSize);
  if (total <= 1) return null;
  const arrow = (to: number, label: 'Previous' | 'Next') =>
    to < 1 || to > total ? (
      <span className={`${linkClass} text-neutral-400`} aria-hidden="true">
        {label === 'Previous' ? '‹' : '›'}
      </span>
    ) : (
      <Link
        to={pageHref(basePath, search, to)}
        rel={label === 'Previous' ? 'prev' : 'next'}
        aria-label={`${label} page`}
        className={`${linkClass} text-ink hover:bg-neutral-100`}
      >
        {label === 'Previous' ? '‹' : '›'}
      </Link>
    );
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-1" data-testid="pagination">
      {arrow(page - 1, 'Previous')}
      {pageWindow(page, total).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-muted" aria-hidden="true">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" className={`${linkClass} bg-ink text-white`}>
            <span className="sr-only">Page </span>
            {p}
          </span>
        ) : (
          <Link key={p} to={pageHref(basePath, search, p)} className={`${linkClass} text-ink hover:bg-neutral-100`}>
            <span className="sr-only">Page </span>
            {p}
          </Link>
        ),
      )}
      {arrow(page + 1, 'Next')}
    </nav>
  );
}
