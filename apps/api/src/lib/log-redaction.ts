import type { FastifyRequest } from 'fastify';

/**
 * Links e-mailed to shoppers and staff carry a one-time token in their path: whoever reads it in a
 * log could sign in, set a password or join the back office as its invitee. The request log keeps
 * the path with the token masked, and a `token` in the query (a courier's webhook credential) too.
 */
const TOKEN_IN_PATH =
  /(\/(?:verify-email|passwordless-login|forgot-password|admin\/invitation|admin\/reset-password|admin\/auth\/invitation)\/)[^/?#]+((?:\/[^?#]*)?)/;

/** A credential in the query (RedX's webhook calls the shop with ?token=…). */
const TOKEN_IN_QUERY = /([?&]token=)[^&#]*/gi;

export function maskTokens(url: string): string {
  return url
    .replace(TOKEN_IN_PATH, (_, prefix: string, rest: string) => `${prefix}[token]${rest ? '/[…]' : ''}`)
    .replace(TOKEN_IN_QUERY, '$1[token]');
}

/** Fastify's request serializer with the path's tokens masked. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskTokens(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
