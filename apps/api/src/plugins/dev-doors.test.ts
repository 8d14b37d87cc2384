import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/support/app.js';

/** The three development doors, asked the way a browser on this machine asks them. */
const DOORS = [
  { method: 'GET', url: '/dev/outbox' },
  { method: 'GET', url: '/dev/outbox.json' },
  { method: 'PUT', url: '/api/v1/dev/settings/basic/', payload: {} },
  { method: 'POST', url: '/sandbox/bkash/v1.2.0-beta/tokenized/checkout/token/grant', payload: {} },
  { method: 'POST', url: '/sandbox/sslcommerz/gwprocess/v4/api.php', payload: {} },
] as const;

type Door = (typeof DOORS)[number];
const ask = (app: Awaited<ReturnType<typeof createTestApp>>['app'], door: Door, extra: { host?: string; remoteAddress?: string } = {}) =>
  app.inject({
    method: door.method,
    url: door.url,
    remoteAddress: extra.remoteAddress ?? '127.0.0.1',
    headers: { host: extra.host ?? 'localhost:3000' },
    ...('payload' in door ? { payload: door.payload } : {}),
  });

describe('development doors on a loopback development server', async () => {
  const shop = await createTestApp('pglite', { env: { NODE_ENV: 'development', LOG_LEVEL: 'silent' } });
  afterAll(() => shop.close());

  it('open for this machine, by name or address', async () => {
    for (const door of DOORS)
      for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
        const res = await ask(shop.app, door, { host });
        expect(res.statusCode, `${door.url} via ${host}`).not.toBe(404);
      }
  });

  it('shut for a request that names another host (a proxy in front, DNS rebinding), whatever it forwards', async () => {
    for (const door of DOORS)
      for (const host of ['shop.example.com', '192.168.1.20:3000', 'localhost.evil.com']) {
        const res = await ask(shop.app, door, { host });
        expect(res.statusCode, `${door.url} via ${host}`).toBe(404);
      }
  });

  it('shut for a socket from another machine, even with a local Host and forwarded header', async () => {
    for (const door of DOORS) {
      const res = await shop.app.inject({
        method: door.method,
        url: door.url,
        remoteAddress: '192.168.1.20',
        headers: { host: 'localhost:3000', 'x-forwarded-for': '127.0.0.1' },
        ...('payload' in door ? { payload: door.payload } : {}),
      });
      expect(res.statusCode, door.url).toBe(404);
    }
  });

  it('offers bKash and card through the simulators', async () => {
    expect(shop.app.payments.methodAvailable('bkash')).toBe(true);
    expect(shop.app.payments.methodAvailable('card')).toBe(true);
  });
});

describe('development doors on a development server listening beyond loopback', async () => {
  const shop = await createTestApp('pglite', { env: { NODE_ENV: 'development', HOST: '0.0.0.0', LOG_LEVEL: 'silent' } });
  afterAll(() => shop.close());

  it('do not exist at all, even for this machine', async () => {
    for (const door of DOORS) expect((await ask(shop.app, door)).statusCode, door.url).toBe(404);
  });

  it('take the simulated gateways with them: bKash and card are not offered', async () => {
    expect(shop.app.payments.methodAvailable('bkash')).toBe(false);
    expect(shop.app.payments.methodAvailable('card')).toBe(false);
  });
});

describe('development doors in production', async () => {
  const shop = await createTestApp('pglite', { env: { NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'silent' } });
  afterAll(() => shop.close());

  it('do not exist, even on loopback', async () => {
    for (const door of DOORS) expect((await ask(shop.app, door)).statusCode, door.url).toBe(404);
  });
});
