import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router';
import { API_PREFIX, type ApiClient, type ApiResult } from '@store/shared/api';
import { apiClientContext } from '@store/shared/ssr-context';
import { onContentChange } from '../lib/content-changes.js';
import { PageCache } from './page-cache.js';

/** Headers a loader's API call inherits from the page request: who is asking, and from where. */
const FORWARDED = ['cookie', 'authorization', 'my-department', 'my-location', 'user-agent', 'x-forwarded-for', 'accept-language'] as const;

/** An API client for loaders that calls the API routes in-process: the same contract as HTTP, no socket. */
function inProcessApi(app: FastifyInstance, request: FastifyRequest): ApiClient {
  const headers: Record<string, string> = {};
  for (const name of FORWARDED) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return {
    async get<T>(path: string): Promise<ApiResult<T>> {
      const res = await app.inject({ method: 'GET', url: `${API_PREFIX}${path}`, headers, remoteAddress: request.ip });
      const body: unknown = res.headers['content-type']?.toString().includes('json') ? res.json() : res.body;
      if (res.statusCode >= 200 && res.statusCode < 300) return { ok: true, status: res.statusCode, data: body as T };
      const error = (body as { error?: { code: never; message: string } }).error ?? { code: 'internal' as const, message: String(body) };
      return { ok: false, status: res.statusCode, error };
    },
  };
}

/** The page request as a web Request; unless `detached`, it is aborted when the shopper goes away. */
function toWebRequest(request: FastifyRequest, detached = false): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const controller = new AbortController();
  if (!detached) request.raw.once('close', () => controller.abort());
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.body as Readable) as ReadableStream, duplex: 'half' } : {}),
  });
}

async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key === 'set-cookie') continue;
    reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as WebReadableStream));
}

/** Serves the React Router build: hashed assets from build/client, every other path server-rendered. */
export async function registerWeb(app: FastifyInstance, buildDir: string) {
  const serverEntry = join(buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) throw new Error(`No web build at ${serverEntry}: run npm run build`);
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, app.env.NODE_ENV === 'development' ? 'development' : 'production');
  const pages = new PageCache(app.env.PAGE_CACHE_SECONDS * 1000);
  const stopClearing = onContentChange(() => pages.clear());
  app.addHook('onClose', async () => stopClearing());

  await app.register(fastifyStatic, {
    root: join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  await app.register(async (web) => {
    // The page handler reads bodies itself (form actions), so Fastify must not parse them.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        if (request.url.startsWith(API_PREFIX)) return reply.callNotFound();
        const render = (detached = false) => {
          const context = new RouterContextProvider();
          context.set(apiClientContext, inProcessApi(app, request));
          return handle(toWebRequest(request, detached), context);
        };
        const key = pages.keyOf(request);
        const response = key ? await pages.serve(key, request, reply, render) : await render();
        return response ? sendWebResponse(reply, response) : reply;
      },
    });
  });
}
