import { Button } from './button';

type PagerProps = {
  /** Rows matching the filters; with `capped`, at least this many ("10,000+"). */
  total: number;
  capped?: boolean;
  /** Rows on this page: with a capped count, a full page means there may be another. */
  rows?: number;
  page: number;
  pageSize: number;
  /** What a row is: ['product', 'products']. */
  noun: readonly [one: string, many: string];
  onPage: (page: number) => void;
  /** Paging is held (unsaved edits on this page). */
  disabled?: boolean;
};

/** "1,204 products · page 2 of 25" with Previous and Next under a list. */
export function Pager({ total, capped = false, rows = 0, page, pageSize, noun, onPage, disabled = false }: PagerProps) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // A capped count has no last page to name: Next stays while pages come back full.
  const hasNext = page < pages || (capped && rows === pageSize);
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted">
        {total.toLocaleString('en-US')}
        {capped ? '+' : ''} {total === 1 && !capped ? noun[0] : noun[1]} · page {page.toLocaleString('en-US')}
        {capped ? '' : ` of ${pages.toLocaleString('en-US')}`}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={disabled || page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" disabled={disabled || !hasNext} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

/** "Page 2 of 5" with Previous and Next, for a list that tells its pages rather than its rows. */
export function PagesPager({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const last = Math.max(1, pages);
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted">
        Page {page.toLocaleString('en-US')} of {last.toLocaleString('en-US')}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
