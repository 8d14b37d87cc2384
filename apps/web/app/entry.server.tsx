import { PassThrough } from 'node:stream';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { createReadableStreamFromReadable } from '@react-router/node';
import { ServerRouter, isRouteErrorResponse, type EntryContext, type HandleErrorFunction } from 'react-router';
import { isbot } from 'isbot';
import { CspNonceContext, NONCE_HEADER } from './lib/csp-nonce';
import { scriptsAfterPaint } from './lib/scripts-after-paint';

export const streamTimeout = 5_000;

/** React Router also reports a client's mistake (a POST to a page that takes none: 405); only the server's own errors are logged. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(error);
};

/**
 * React Router's Node entry, with two changes: the page's modules start after its first screen is
 * painted (lib/scripts-after-paint.ts), and every script the render writes carries the response's
 * CSP nonce, handed over by the server in a request header. Crawlers get the whole page at once;
 * everyone else the shell as soon as it is ready, then the streamed data.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Response | Promise<Response> {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    // Abort after streamTimeout (plus time to flush the rejected boundaries).
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const nonce = request.headers.get(NONCE_HEADER) ?? '';
    const app = (
      <CspNonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce || undefined} />
      </CspNonceContext>
    );
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce: nonce ? { script: nonce } : undefined,
      [readyOption]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout);
            timeout = undefined;
            callback();
          },
        });
        headers.set('Content-Type', 'text/html');
        pipe(scriptsAfterPaint()).pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        // Errors inside the shell are logged by React Router's document handler.
        if (shellRendered) console.error(error);
      },
    });
  });
}
