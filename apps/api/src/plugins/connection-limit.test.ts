import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** Opens a raw socket and collects what the server writes until it closes or `ms` pass. */
function rawConnection(port: number) {
  const socket: Socket = connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString()));
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, opened, closed, received: () => received };
}

describe('connections and slow bodies', () => {
  let ctx: App;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestApp('pglite', { env: { CONNECTIONS_PER_IP: '3', BODY_TIMEOUT_MS: '1000' } });
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => ctx.close());

  it('answers 429 to a connection over the per-IP cap, and accepts again once one closes', async () => {
    const held = [rawConnection(port), rawConnection(port), rawConnection(port)];
    await Promise.all(held.map((c) => c.opened));
    const extra = rawConnection(port);
    await extra.closed;
    expect(extra.received()).toMatch(/^HTTP\/1\.1 429 /);

    held[0]!.socket.destroy();
    await held[0]!.closed;
    const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { connection: 'close' } });
    expect(res.status).toBe(200);
    for (const c of held) c.socket.destroy();
  });

  it('cuts off a request whose body trickles in slower than BODY_TIMEOUT_MS', async () => {
    const slow = rawConnection(port);
    await slow.opened;
    slow.socket.write(
      'POST /api/v1/accounts/exists/ HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{',
    );
    const started = Date.now();
    await slow.closed;
    expect(Date.now() - started).toBeLessThan(5000);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });
});
