/**
 * The page path a loader runs for. Client-side navigations fetch loader data from
 * `/path.data` (`/_root.data` for `/`, `/path/_.data` for `/path/`), and loaders see that URL.
 */
export function pagePathname(request: Pick<Request, 'url'>): string {
  const { pathname } = new URL(request.url);
  if (!pathname.endsWith('.data')) return pathname;
  const path = pathname.slice(0, -'.data'.length);
  if (path === '/_root') return '/';
  return path.endsWith('/_') ? path.slice(0, -1) : path;
}
