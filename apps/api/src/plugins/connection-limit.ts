import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * At most `perIp` open connections from one address: the next is answered 429 and closed before
 * any request is read, so one client cannot hold every socket (slowloris). Behind a trusted proxy
 * every connection comes from the proxy, so the cap is left to the load balancer there.
 */
export function registerConnectionLimit(app: FastifyInstance, perIp: number, behindProxy: boolean) {
  if (behindProxy) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const ip = socket.remoteAddress ?? 'unknown';
    const count = (open.get(ip) ?? 0) + 1;
    if (count > perIp) {
      socket.end('HTTP/1.1 429 Too Many Requests\r\nconnection: close\r\ncontent-length: 0\r\nretry-after: 10\r\n\r\n');
      socket.destroySoon();
      return;
    }
    open.set(ip, count);
    socket.once('close', () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left <= 0) open.delete(ip);
      else open.set(ip, left);
    });
  });
}
