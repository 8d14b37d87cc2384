import { unlocalizedPath } from '@store/shared/locale';

/**
 * The page path a loader runs for, as the routes know it: without the language (`/bn/toys` is
 * `/toys` in the Bangla build, whose basename is /bn; React Router adds it back to a redirect).
 * Client-side navigations fetch loader data from `/path.data` (`/_root.data` or `/_.data` for `/`,
 * `/path/_.data` for `/path/`, `/bn.data` for Bangla's home), and loaders see that URL.
 */
export function pagePathname(request: Pick<Request, 'url'>): string {
  const { pathname } = new URL(request.url);
  if (!pathname.endsWith('.data')) return unlocalizedPath(pathname);
  const path = pathname.slice(0, -'.data'.length);
  if (path === '/_root' || path === '/_' || path === '/bn') return '/';
  return unlocalizedPath(path.endsWith('/_') ? path.slice(0, -1) : path);
}

/**
 * The page's URL as the shopper's address bar has it: the page's path, and its query without
 * `_routes`, which a client-side navigation adds to the data request (the loaders to run) and which
 * would otherwise find its way into the links and redirects a loader builds from the query.
 */
export function pageUrl(request: Pick<Request, 'url'>): URL {
  const url = new URL(request.url);
  url.pathname = pagePathname(request);
  url.searchParams.delete('_routes');
  return url;
}
