import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate, useNavigation } from 'react-router';
import { pageHref, pageWindow } from './listing-query';
import { unlocalizedPath } from '@store/shared/locale';
import * as m from '@store/shared/i18n/messages';
import { formatCount } from '../../lib/format';

const linkClass =
  'inline-flex h-10 min-w-10 items-center justify-center rounded-full px-3 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/**
 * A page link that goes, when tapped, to that page of the filters and sort chosen last: a tap while
 * a new sort is still loading, or already in the address bar but not yet drawn, would otherwise
 * follow the link as drawn, to that page of the previous choice. Without JavaScript, the link as drawn.
 */
function PageLink({
  basePath,
  search,
  page,
  ...rest
}: {
  basePath: string;
  search: URLSearchParams;
  page: number;
  className: string;
  rel?: string;
  'aria-label'?: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const href = pageHref(basePath, search, page);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    // Both carry the Bangla build's /bn, which basePath (a router path) does not.
    const pending = navigation.location && unlocalizedPath(navigation.location.pathname) === basePath ? navigation.location : null;
    const latest = pending ?? (unlocalizedPath(window.location.pathname) === basePath ? window.location : null);
    const target = latest ? pageHref(basePath, new URLSearchParams(latest.search), page) : href;
    if (target === href) return;
    e.preventDefault();
    void navigate(target);
  };
  return <Link to={href} onClick={onClick} {...rest} />;
}

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
      <PageLink
        basePath={basePath}
        search={search}
        page={to}
        rel={label === 'Previous' ? 'prev' : 'next'}
        aria-label={label === 'Previous' ? m.pagination_previous() : m.pagination_next()}
        className={`${linkClass} text-ink hover:bg-neutral-100`}
      >
        {label === 'Previous' ? '‹' : '›'}
      </PageLink>
    );
  return (
    <nav aria-label={m.pagination()} className="mt-10 flex items-center justify-center gap-1" data-testid="pagination">
      {arrow(page - 1, 'Previous')}
      {pageWindow(page, total).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="px-1 text-muted" aria-hidden="true">
            …
          </span>
        ) : p === page ? (
          <span key={p} aria-current="page" className={`${linkClass} bg-ink text-white`}>
            <span className="sr-only">{m.pagination_page()} </span>
            {formatCount(p)}
          </span>
        ) : (
          <PageLink key={p} basePath={basePath} search={search} page={p} className={`${linkClass} text-ink hover:bg-neutral-100`}>
            <span className="sr-only">{m.pagination_page()} </span>
            {formatCount(p)}
          </PageLink>
        ),
      )}
      {arrow(page + 1, 'Next')}
    </nav>
  );
}
