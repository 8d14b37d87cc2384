import { renderToStringAsync } from 'preact-render-to-string';
import { ServerRouter, isRouteErrorResponse, type EntryContext, type HandleErrorFunction } from 'react-router';
import { CspNonceContext, NONCE_HEADER } from './lib/csp-nonce';
import { rewriteShell } from './lib/scripts-after-paint';

/** How long React Router waits for a loader's deferred data before it rejects it, so a render always ends. */
export const streamTimeout = 5_000;

/** React Router also reports a client's mistake (a POST to a page that takes none: 405); only the server's own errors are logged. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(error);
};

/**
 * React Router's entry, rendering with Preact (decision 010). The page's modules start after its
 * first screen is painted (lib/scripts-after-paint.ts), and every script the render writes carries
 * the response's CSP nonce, handed over by the server in a request header. The loaders have run
 * before this is called, so the page is rendered whole and sent at once.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  const nonce = request.headers.get(NONCE_HEADER) ?? '';
  const html = await renderToStringAsync(
    <CspNonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
    </CspNonceContext.Provider>,
  );
  headers.set('Content-Type', 'text/html');
  return new Response(`<!DOCTYPE html>${rewriteShell(html) ?? html}`, { headers, status });
}
