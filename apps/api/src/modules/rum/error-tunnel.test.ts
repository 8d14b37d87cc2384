import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicConfig } from '@store/shared/content';
import { createTestApp, type TestContext } from '../../../test/support/app.js';

type Received = { path: string; contentType: string | undefined; body: Buffer };

/** Sentry's ingest as its envelope endpoint answers: POST /api/<project>/envelope/ → 200 {"id": …}. */
async function fakeIngest(): Promise<{ server: Server; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ path: req.url ?? '', contentType: req.headers['content-type'], body: Buffer.concat(chunks) });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"0123456789abcdef0123456789abcdef"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port, received };
}

/** An envelope as the browser SDK sends it: a header naming the DSN, then items; a replay's are binary. */
const envelope = (dsn: string, payload: Buffer = Buffer.from('{"message":"boom"}')) =>
  Buffer.concat([
    Buffer.from(`${JSON.stringify({ event_id: '0123456789abcdef0123456789abcdef', dsn, sent_at: new Date().toISOString() })}\n`),
    Buffer.from(`${JSON.stringify({ type: 'replay_recording', length: payload.length })}\n`),
    payload,
  ]);

const post = (ctx: TestContext, body: Buffer, ip = '203.0.113.7') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/rum/errors/',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: body,
    remoteAddress: ip,
  });

describe('the error-report tunnel', () => {
  let ingest: Awaited<ReturnType<typeof fakeIngest>>;
  let on: TestContext & { close(): Promise<void> };
  let off: TestContext & { close(): Promise<void> };
  let dsn: string;

  beforeAll(async () => {
    ingest = await fakeIngest();
    dsn = `http://0123456789abcdef@127.0.0.1:${ingest.port}/42`;
    on = await createTestApp('pglite', { env: { SENTRY_DSN: dsn, SENTRY_ENVIRONMENT: 'staging', ERROR_REPORTS_PER_IP_MINUTE: '3' } });
    off = await createTestApp('pglite');
  });

  afterAll(async () => {
    await on?.close();
    await off?.close();
    ingest?.server.close();
  });

  const config = async (ctx: TestContext) =>
    ((await ctx.app.inject({ url: '/api/v1/public-config/' })).json() as { data: PublicConfig }).data;

  // The pages' policy (API answers have one that allows nothing).
  const csp = async (ctx: TestContext) => String((await ctx.app.inject({ url: '/healthz' })).headers['content-security-policy']);

  it('is off, and the storefront is told so, without a DSN', async () => {
    expect((await config(off)).error_reporting).toBeNull();
    expect(await csp(off)).toContain("worker-src 'self';");
    expect((await post(off, envelope(dsn))).statusCode).toBe(404);
    expect(ingest.received).toEqual([]);
  });

  it("forwards an envelope of the shop's DSN to its project's ingest, bytes unchanged", async () => {
    expect((await config(on)).error_reporting).toEqual({ dsn, environment: 'staging' });
    // The replay's compression worker starts from a blob; reports themselves go to 'self'.
    expect(await csp(on)).toContain("worker-src 'self' blob:");
    expect(await csp(on)).toContain("connect-src 'self'");
    const binary = Buffer.from([0x78, 0x9c, 0x00, 0xff, 0x0a, 0x10, 0x80]);
    const sent = envelope(dsn, binary);
    const res = await post(on, sent, '203.0.113.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: '0123456789abcdef0123456789abcdef' });
    expect(ingest.received).toHaveLength(1);
    expect(ingest.received[0]!.path).toMatch(/^\/api\/42\/envelope\/\?(.*&)?sentry_key=0123456789abcdef(&|$)/);
    expect(ingest.received[0]!.contentType).toBe('application/x-sentry-envelope');
    expect(ingest.received[0]!.body.equals(sent)).toBe(true);
  });

  it('is no open relay: another DSN is refused and nothing leaves', async () => {
    const before = ingest.received.length;
    const res = await post(on, envelope('https://key@o1.ingest.sentry.io/7'), '203.0.113.2');
    expect(res.statusCode, res.body).toBe(403);
    expect((await post(on, Buffer.from('not an envelope'), '203.0.113.2')).statusCode).toBe(400);
    expect((await post(on, Buffer.alloc(0), '203.0.113.2')).statusCode).toBe(400);
    expect(ingest.received.length).toBe(before);
  });

  it('refuses an oversized envelope and more than ERROR_REPORTS_PER_IP_MINUTE per IP', async () => {
    expect((await post(on, envelope(dsn, Buffer.alloc(1024 * 1024 + 1)), '203.0.113.3')).statusCode).toBe(413);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await post(on, envelope(dsn), '203.0.113.4')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
