import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.js';

/** apps/admin/dist, from apps/api/src/plugins or apps/api/dist/plugins alike. */
export const ADMIN_DIST_DIR = fileURLToPath(new URL('../../../admin/dist', import.meta.url));

/** Where the back office lives; the storefront's catch-all never sees these paths. */
export const ADMIN_PREFIX = '/admin';

/**
 * The back office's pages load only their own files: no inline script, no eval, nothing from
 * another origin, and the API on the same origin. Styles stay 'unsafe-inline' for the style
 * attributes React writes and the scroll lock Radix injects; no script can be injected by them.
 */
export const adminCsp = (production: boolean) => ({
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  // The two-factor QR code is a data: SVG image.
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  ...(production ? { 'upgrade-insecure-requests': [] } : {}),
});

const HASHED_ASSET = /^assets\/[\w.-]+$/;
const PUBLIC_FILE = /^[\w-]+\.(svg|ico|png|webp|txt|webmanifest)$/;

/**
 * Serves the admin app's build (apps/admin/dist) under /admin: hashed assets cached for a year,
 * the app's few public files for an hour, and index.html for every other path (the app routes in
 * the browser), never cached so a new build is picked up at once. Only GET and HEAD: there is
 * nothing to post to a page of the back office. Without a build, /admin says how to make one.
 */
export async function registerAdminApp(app: FastifyInstance, distDir: string = ADMIN_DIST_DIR) {
  const indexFile = join(distDir, 'index.html');
  const built = existsSync(indexFile);
  if (!built) app.log.warn(`No admin app build at ${distDir}: /admin answers 503 until npm run build`);
  // Read once: the build does not change under a running process.
  const indexHtml = built ? readFileSync(indexFile) : null;

  await app.register(async (admin) => {
    // In this plugin's scope only, so it does not clash with the storefront's reply.sendFile.
    await admin.register(fastifyStatic, { root: distDir, serve: false, index: false });

    const sendIndex = (reply: FastifyReply) => {
      if (!indexHtml)
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .header('cache-control', 'no-store')
          .send('The back office is not built: run npm run build.');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex, nofollow')
        .send(indexHtml);
    };

    const handler = async (request: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD')
        throw new AppError('method_not_allowed', 'The back office pages only answer GET');
      const path = normalize(request.params['*'] ?? '').replace(/^\/+/, '');
      if (HASHED_ASSET.test(path) || PUBLIC_FILE.test(path)) {
        if (!existsSync(join(distDir, path))) throw new AppError('not_found', 'No such file');
        const immutable = path.startsWith('assets/');
        return reply.sendFile(path, { maxAge: immutable ? '365d' : '1h', immutable });
      }
      // A missing file under assets/ is a 404, not the app: a stale page must not get HTML for its script.
      if (path.startsWith('assets/')) throw new AppError('not_found', 'No such file');
      return sendIndex(reply);
    };

    const directives = adminCsp(app.env.NODE_ENV === 'production');
    for (const url of [ADMIN_PREFIX, `${ADMIN_PREFIX}/*`])
      admin.route({
        method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
        url,
        schema: { hide: true },
        config: { securityHeaders: { contentSecurityPolicy: { useDefaults: false, directives } } },
        handler,
      });
  });
}
