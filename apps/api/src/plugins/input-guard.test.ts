import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import * as messages from '@store/shared/messages';
import { registerErrorHandler } from './errors.js';
import { findUnsafeInput, MAX_INPUT_DEPTH, registerInputGuard, tooDeep } from './input-guard.js';

describe('findUnsafeInput', () => {
  it('names the first string or key PostgreSQL cannot store, in document order', () => {
    expect(findUnsafeInput({ a: 'ok', b: ['fine', 'x\u0000'], c: '\ud800' })).toEqual({ path: 'b.1', message: messages.textNotAllowed() });
    expect(findUnsafeInput({ line_item: { variant_id: 1, note: '\udc00' } })).toEqual({
      path: 'line_item.note',
      message: messages.textNotAllowed(),
    });
    expect(findUnsafeInput({ ['k\u0000']: 1 })).toEqual({ path: 'k\\u0000', message: messages.textNotAllowed() });
    expect(findUnsafeInput('\u0000')).toEqual({ path: '_', message: messages.textNotAllowed() });
    expect(findUnsafeInput({ a: 'লিপস্টিক 😀', b: [1, null, true, { c: 'ok' }] })).toBeNull();
    expect(findUnsafeInput(undefined)).toBeNull();
  });

  it('stops at MAX_INPUT_DEPTH without recursion, however deep the value', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeInput(deep)).toEqual({ path: Array.from({ length: MAX_INPUT_DEPTH }, () => '0').join('.'), message: tooDeep });
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_INPUT_DEPTH; i++) fine = { a: fine };
    expect(findUnsafeInput(fine)).toBeNull();
  });

  it('leaves anything but strings, arrays and plain objects alone (a raw body stream)', () => {
    expect(findUnsafeInput(new Map([['\u0000', '\u0000']]))).toBeNull();
    expect(findUnsafeInput(Object.assign(Object.create(null) as object, { a: '\u0000' }))).toEqual({
      path: 'a',
      message: messages.textNotAllowed(),
    });
  });
});

describe('registerInputGuard', () => {
  async function app() {
    const app = Fastify();
    registerErrorHandler(app);
    registerInputGuard(app);
    app.all('/echo/:id', async (request) => ({ ok: true, body: request.body as unknown }));
    await app.ready();
    return app;
  }

  it('answers 400 with the field for NUL or a lone surrogate in the body, the query or the path', async () => {
    const a = await app();
    const body = await a.inject({
      method: 'POST',
      url: '/echo/1',
      headers: { 'content-type': 'application/json' },
      payload: '{"customer":{"first_name":"\\ud800"}}',
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({
      error: { code: 'validation_failed', message: messages.badRequest(), fields: { 'customer.first_name': messages.textNotAllowed() } },
    });
    const query = await a.inject('/echo/1?search=a%00b');
    expect(query.statusCode).toBe(400);
    expect(query.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({ search: messages.textNotAllowed() });
    const path = await a.inject('/echo/a%00b');
    expect(path.json<{ error: { fields: Record<string, string> } }>().error.fields).toEqual({ id: messages.textNotAllowed() });
    await a.close();
  });

  it('answers 400 for a body nested too deep, and lets good input through', async () => {
    const a = await app();
    const deep = await a.inject({
      method: 'POST',
      url: '/echo/1',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(5000) + ']'.repeat(5000),
    });
    expect(deep.statusCode).toBe(400);
    const good = await a.inject({ method: 'POST', url: '/echo/1?q=lip', payload: { name: 'নুসরাত 😀' } });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ ok: true, body: { name: 'নুসরাত 😀' } });
    await a.close();
  });
});
