import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** The path and query of a gateway page's address (the simulators live on this app). */
export const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost:3000');
  return `${u.pathname}${u.search}`;
};

export const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

/** The shopper confirms on bKash's page and comes back: the callback executes and the order is paid. */
export async function payOnBkash(app: FastifyInstance, bkashURL: string) {
  const url = new URL(bkashURL);
  const page = await app.inject({
    method: 'POST',
    url: '/sandbox/bkash/checkout',
    ...form({ paymentId: url.searchParams.get('paymentId')!, hash: url.searchParams.get('hash')!, wallet: '01770618575', action: 'pay' }),
  });
  expect(page.statusCode).toBe(303);
  expect((await app.inject(pathOf(page.headers.location as string))).statusCode).toBe(303);
}

/** The shopper pays on SSLCommerz's page: the IPN settles the order. */
export async function payOnSslCommerz(app: FastifyInstance, pageUrl: string) {
  const res = await app.inject({ method: 'POST', url: pathOf(pageUrl), ...form({ action: 'pay', card: '4111 1111 1111 1111' }) });
  expect(res.statusCode).toBe(200);
}

/** The shopper on bKash's page: confirm, close or fail; returns where bKash sends them (the shop's callback). */
export async function onBkashPage(app: FastifyInstance, bkashURL: string, action: 'pay' | 'cancel' | 'fail'): Promise<string> {
  const page = await app.inject(pathOf(bkashURL));
  expect(page.statusCode).toBe(200);
  const url = new URL(bkashURL);
  const res = await app.inject({
    method: 'POST',
    url: '/sandbox/bkash/checkout',
    ...form({ paymentId: url.searchParams.get('paymentId')!, hash: url.searchParams.get('hash')!, wallet: '01770618575', action }),
  });
  expect(res.statusCode).toBe(303);
  return pathOf(res.headers.location as string);
}

/** Follows a gateway return to the shop's landing page. */
export async function land(app: FastifyInstance, callbackPath: string): Promise<string> {
  const res = await app.inject(callbackPath);
  expect(res.statusCode).toBe(303);
  return res.headers.location as string;
}
