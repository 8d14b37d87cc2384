import type { FastifyRequest } from 'fastify';

/**
 * Links e-mailed to shoppers and staff carry a one-time token in their path: whoever reads it in a
 * log could sign in, set a password or join the back office as its invitee. The request log keeps
 * the path with the token masked.
 */
const TOKEN_IN_PATH =
  /(\/(?:verify-email|passwordless-login|forgot-password|admin\/invitation|admin\/reset-password|admin\/auth\/invitation)\/)[^/?#]+((?:\/[^?#]*)?)/;

export function maskTokens(url: string): string {
  return url.replace(TOKEN_IN_PATH, (_, prefix: string, rest: string) => `${prefix}[token]${rest ? '/[…]' : ''}`);
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
