import type { FastifyInstance } from 'fastify';

/** The part of fetch the gateway and courier clients use: a JSON or form body out, a status and a body back. */
export type HttpRequest = { method: 'GET' | 'POST' | 'PATCH'; headers?: Record<string, string>; body?: string };
export type HttpResponse = { status: number; text(): Promise<string> };
export type Transport = (url: string, init: HttpRequest) => Promise<HttpResponse>;

const TIMEOUT_MS = 20_000;

/** The network: every real gateway or courier call goes out here, with a timeout so a hung one cannot hang a request. */
export const networkTransport: Transport = async (url, init) => {
  const res = await fetch(url, {
    method: init.method,
    headers: init.headers ?? {},
    body: init.body ?? null,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return { status: res.status, text: () => res.text() };
};

/**
 * Calls to this app's own origin (the simulators on PUBLIC_URL) are answered in-process through
 * Fastify's inject: same routes, same contract, no socket, so the simulators also work in tests
 * and behind a proxy whose public address the server cannot reach. Anything else goes to the network.
 */
export function loopbackTransport(app: FastifyInstance, publicUrl: string, fallback: Transport = networkTransport): Transport {
  const origin = new URL(publicUrl).origin;
  return async (url, init) => {
    const target = new URL(url);
    if (target.origin !== origin) return fallback(url, init);
    const res = await app.inject({
      method: init.method,
      url: `${target.pathname}${target.search}`,
      headers: init.headers ?? {},
      ...(init.body !== undefined ? { payload: init.body } : {}),
    });
    return { status: res.statusCode, text: async () => res.body };
  };
}
