import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { CART_COOKIE, type Cart, type CartLineItem } from '@store/shared/cart';
import type { PublicConfig } from '@store/shared/content';
import * as messages from '@store/shared/messages';
import { discountedPrice } from '@store/shared/money';
import type { Db } from '../../db/client.js';
import { describeOnDatabases, type TestContext } from '../../../test/support/app.js';
import { latestCode, TestBrowser } from '../../../test/support/test-client.js';
import { brands, departments, products, variants } from '../catalog/catalog.tables.js';
import { systemCtx } from '../../lib/context.js';
import { clearCartCaches, getCart, updateCartLine, type CartCtx, type CartDeps } from './cart.service.js';
import type { CartOwner } from './lines.js';
import { adoptVisitorBag } from './merge.js';
import { carts, giftRules, privilegeCards } from './cart.tables.js';

const image = { original: '/media/c.jpg', webp: '/media/c.webp', mobile: '/media/c-m.webp', alt: 'c', width: 800, height: 800 };

/** A small catalog of our own: every price, discount and stock below is known exactly. */
async function createCatalog(db: Db) {
  await db
    .insert(departments)
    .values([
      { key: '', name: 'Beauty', position: 0 },
      { key: 'toys', name: 'Toys', position: 1 },
    ])
    .onConflictDoNothing();
  const [beauty] = await db.select().from(departments).where(eq(departments.key, ''));
  const departmentId = beauty!.id;
  const [brand] = await db.insert(brands).values({ handle: 'c-glow', name: 'Glow Lab', departmentId }).returning();
  const brandId = brand!.id;
  const [serum, cream, mist, lipstick, hidden] = await db
    .insert(products)
    .values([
      { handle: 'c-serum', name: 'Vitamin C Serum', brandId, departmentId, images: [image] },
      { handle: 'c-cream', name: 'Night Cream', brandId, departmentId, images: [image] },
      { handle: 'c-mist', name: 'Rose Mist', brandId, departmentId, images: [image] },
      { handle: 'c-lipstick', name: 'Velvet Lipstick', brandId, departmentId, images: [image] },
      { handle: 'c-hidden', name: 'Hidden', brandId, departmentId, published: false },
    ])
    .returning();
  const [serum30, serum50, cream50, mistTravel, lipRed, hiddenV] = await db
    .insert(variants)
    .values([
      // ৳1,200, 10% off → ৳1,080
      { productId: serum!.id, sku: 'c-serum-30', title: '30 ml', price: 120_000, discount: 10, stock: 40 },
      // only three left
      { productId: serum!.id, sku: 'c-serum-50', title: '50 ml', price: 200_000, discount: 0, stock: 3 },
      { productId: cream!.id, sku: 'c-cream-50', title: '50 ml', price: 95_000, discount: 0, stock: 6 },
      // the gift
      { productId: mist!.id, sku: 'c-mist-travel', title: 'Travel size', price: 45_000, discount: 0, stock: 100 },
      { productId: lipstick!.id, sku: 'c-lip-red', title: 'Red', price: 80_000, discount: 25, stock: 30 },
      { productId: hidden!.id, sku: 'c-hidden-1', title: 'Default', price: 10_000, discount: 0, stock: 10 },
    ])
    .returning();
  return {
    serum30: serum30!,
    serum50: serum50!,
    cream50: cream50!,
    mistTravel: mistTravel!,
    lipRed: lipRed!,
    hiddenV: hiddenV!,
    lipstick: lipstick!,
  };
}

type Catalog = Awaited<ReturnType<typeof createCatalog>>;

/** A browser: keeps its cookies (the bag's and the CSRF token) like a real one. */
function shopper(ctx: () => TestContext) {
  const csrf = 'c'.repeat(32);
  const cookies: Record<string, string> = { csrftoken: csrf };
  const keep = (res: LightMyRequestResponse) => {
    for (const k of res.cookies as { name: string; value: string }[]) cookies[k.name] = k.value;
    return res;
  };
  const get = async (url: string) => keep(await ctx().app.inject({ method: 'GET', url: `/api/v1${url}`, cookies }));
  const post = async (url: string, payload: object) =>
    keep(await ctx().app.inject({ method: 'POST', url: `/api/v1${url}`, cookies, headers: { 'x-csrftoken': csrf }, payload }));
  const change = (variantId: number, action: 'increment' | 'decrement' | 'remove', quantity = action === 'remove' ? 0 : 1) =>
    post('/cart/line-items/', { delivery_type: 'standard', line_item: { variant_id: variantId, quantity, action } });
  return {
    cookies,
    get,
    post,
    change,
    add: (variantId: number, quantity = 1) => change(variantId, 'increment', quantity),
    cart: async () => (await get('/cart/')).json<{ data: Cart }>().data,
  };
}

const line = (cart: Cart, variantId: number): CartLineItem | undefined =>
  cart.line_items.find((l) => l.variant_id === variantId && !l.gift);
const deps: CartDeps = { department: '', supportPhone: async () => '+8800000000000', newVisitorBag: async () => {} };
/** A service call's context for the given bag owner, as the routes build it from a request. */
const bagCtx = (test: TestContext, owner: CartOwner): CartCtx => ({
  ...systemCtx(test.app, test.app.clock, 'cart test'),
  customerId: owner.customerId,
  guestId: owner.guestId,
  cartToken: owner.token,
  department: deps.department,
});

describeOnDatabases('cart', (ctx) => {
  let c: Catalog;
  let supportPhone: string;
  beforeAll(async () => {
    c = await createCatalog(ctx().db);
    supportPhone = (await ctx().app.inject('/api/v1/public-config/')).json<{ data: PublicConfig }>().data.support_phone;
  });

  describe('a change with an Idempotency-Key', () => {
    it('applies once however often it is sent, and a key must be a UUID', async () => {
      const s = shopper(ctx);
      const send = (key: string, quantity = 1) =>
        ctx().app.inject({
          method: 'POST',
          url: '/api/v1/cart/line-items/',
          cookies: s.cookies,
          headers: { 'x-csrftoken': s.cookies.csrftoken!, 'idempotency-key': key },
          payload: { delivery_type: 'standard', line_item: { variant_id: c.serum30.id, quantity, action: 'increment' } },
        });
      await s.add(c.serum30.id);
      const key = '7d0f3c52-54a3-4f0e-9a56-0c2b1d4e8f11';
      const first = await send(key);
      expect(first.statusCode).toBe(200);
      expect(line(first.json<{ data: Cart }>().data, c.serum30.id)?.quantity).toBe(2);
      // The same change again (its answer was lost, or an offline queue replayed it): the bag as it is.
      const again = await send(key.toUpperCase());
      expect(again.statusCode).toBe(200);
      expect(line(again.json<{ data: Cart }>().data, c.serum30.id)?.quantity).toBe(2);
      // Another change is another key.
      expect(line((await send('0b9e2a1c-2f4d-4c39-8f2e-5a7d9c1b3e20')).json<{ data: Cart }>().data, c.serum30.id)?.quantity).toBe(3);
      // A refused change (3 + 4 is more than a line may hold) applied nothing: its key may be tried again.
      const refusedKey = '3c1a9e7b-8d2f-4b6a-9e0c-1f2d3a4b5c6d';
      expect((await send(refusedKey, 4)).statusCode).toBe(400);
      expect((await send(refusedKey, 4)).statusCode).toBe(400);
      const bad = await send('not-a-uuid');
      expect(bad.statusCode).toBe(400);
      expect(line(await s.cart(), c.serum30.id)?.quantity).toBe(3);
    });
  });

  describe('a visitor', () => {
    it('has an empty bag with recommendations and no cookie until the first addition', async () => {
      const res = await ctx().app.inject('/api/v1/cart/');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.cookies).toEqual([]);
      const cart = res.json<{ data: Cart }>().data;
      expect(cart).toMatchObject({
        id: null,
        line_items: [],
        item_count: 0,
        subtotal_price: 0,
        delivery_type: 'standard',
        gift_variants: [],
        variants_offer: [],
      });
      expect(cart.variants_recommendation.map((p) => p.handle)).toEqual(expect.arrayContaining(['c-serum', 'c-cream']));
      expect(cart.variants_recommendation.map((p) => p.handle)).not.toContain('c-hidden');
      expect((await ctx().app.inject('/api/v1/cart/count/')).json()).toEqual({ data: { count: 0 } });
    });

    it('gets the bag and an HttpOnly cookie with the first addition, priced by the server only', async () => {
      const s = shopper(ctx);
      const res = await s.post('/cart/line-items/', {
        delivery_type: 'standard',
        price: 1,
        line_item: {
          variant_id: c.serum30.id,
          quantity: 2,
          action: 'increment',
          price: 100,
          discounted_price: 100,
          applied_discount: { amount: 999999 },
        },
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((k) => k.name === 'cart') as
        { value: string; httpOnly?: boolean; sameSite?: string; path?: string } | undefined;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie!.value).toMatch(/^[\w-]{43}$/);
      const cart = res.json<{ data: Cart }>().data;
      expect(cart.id).toEqual(expect.any(Number));
      expect(cart.line_items).toEqual([
        expect.objectContaining({
          variant_id: c.serum30.id,
          quantity: 2,
          price: 120_000,
          discounted_price: 108_000,
          line_price: 216_000,
          title: '30 ml',
          product_title: 'Vitamin C Serum',
          name: 'Vitamin C Serum - 30 ml',
          vendor: 'Glow Lab',
          product_url: '/brand/c-glow/c-serum',
          image: { url: '/media/c-m.webp', alt: 'c', width: 800, height: 800 },
          applied_discount: {
            amount: 24_000,
            value: 10,
            value_type: 'percentage',
            title: '10% off',
            description: '10% off Vitamin C Serum',
          },
          gift: false,
        }),
      ]);
      expect(cart).toMatchObject({
        item_count: 2,
        subtotal_price: 216_000,
        total_line_items_price: 240_000,
        subtotal_price_with_rebate: 216_000,
        variants_recommendation: [],
      });
      // The database holds only the token's hash.
      const [row] = await ctx().db.select().from(carts).where(eq(carts.id, cart.id!));
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.tokenHash).not.toContain(cookie!.value);
      expect((await s.get('/cart/count/')).json()).toEqual({ data: { count: 2 } });
      expect((await s.cart()).line_items).toHaveLength(1);
    });

    it('answers badges asked at the same moment each with its own bag', async () => {
      // Counts asked together go to the database as one statement (cartCount): each must get its own.
      const shoppers = [shopper(ctx), shopper(ctx), shopper(ctx), shopper(ctx), shopper(ctx)];
      await shoppers[0]!.add(c.lipRed.id);
      await shoppers[1]!.add(c.serum30.id, 2);
      await shoppers[1]!.add(c.lipRed.id, 3);
      await shoppers[2]!.add(c.cream50.id, 4);
      await shoppers[3]!.add(c.cream50.id);
      await shoppers[3]!.change(c.cream50.id, 'remove');
      // shoppers[4] has no bag at all; [3] has an empty one.
      const expected = [1, 5, 4, 0, 0];
      const asked = Array.from({ length: 30 }, (_, i) => i % shoppers.length);
      const answers = await Promise.all(asked.map((i) => shoppers[i]!.get('/cart/count/')));
      expect(answers.map((res) => res.json<{ data: { count: number } }>().data.count)).toEqual(asked.map((i) => expected[i]));
      // A change is in the very next count.
      await shoppers[0]!.add(c.lipRed.id);
      const again = await Promise.all(shoppers.map((s) => s.get('/cart/count/')));
      expect(again.map((res) => res.json<{ data: { count: number } }>().data.count)).toEqual([2, 5, 4, 0, 0]);
    });

    it('lists lines by id, decreases, removes at 1 and removes with quantity 0', async () => {
      const s = shopper(ctx);
      await s.add(c.lipRed.id);
      await s.add(c.serum30.id, 2);
      await s.add(c.cream50.id);
      await s.add(c.lipRed.id);
      let cart = await s.cart();
      const ids = cart.line_items.map((l) => l.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(cart.line_items.map((l) => l.variant_id)).toEqual([c.lipRed.id, c.serum30.id, c.cream50.id]);
      expect(line(cart, c.lipRed.id)).toMatchObject({ quantity: 2, discounted_price: 60_000 });

      cart = (await s.change(c.serum30.id, 'decrement')).json<{ data: Cart }>().data;
      expect(line(cart, c.serum30.id)?.quantity).toBe(1);
      cart = (await s.change(c.serum30.id, 'decrement')).json<{ data: Cart }>().data;
      expect(line(cart, c.serum30.id)).toBeUndefined();
      cart = (await s.change(c.lipRed.id, 'remove')).json<{ data: Cart }>().data;
      expect(cart.line_items.map((l) => l.variant_id)).toEqual([c.cream50.id]);
      // Taking away what is not there changes nothing (a repeated tap in the queue).
      const again = await s.change(c.lipRed.id, 'remove');
      expect(again.statusCode).toBe(200);
      expect(again.json<{ data: Cart }>().data.line_items.map((l) => l.variant_id)).toEqual([c.cream50.id]);
      cart = (await s.change(c.cream50.id, 'decrement')).json<{ data: Cart }>().data;
      expect(cart.line_items).toEqual([]);
      expect(cart.variants_recommendation.length).toBeGreaterThan(0);
    });
  });

  describe('limits', () => {
    it('20 parallel increments on one line end at exactly 6, with 14 refusals', async () => {
      const s = shopper(ctx);
      await s.add(c.cream50.id);
      const results = await Promise.all(Array.from({ length: 20 }, () => s.add(c.serum30.id)));
      const ok = results.filter((r) => r.statusCode === 200);
      const refused = results.filter((r) => r.statusCode !== 200);
      expect(ok).toHaveLength(6);
      expect(refused).toHaveLength(14);
      for (const r of refused) {
        expect(r.statusCode).toBe(400);
        expect(r.json()).toEqual({ error: { code: 'quantity_limit', message: messages.biggerPurchase(supportPhone) } });
      }
      expect(line(await s.cart(), c.serum30.id)?.quantity).toBe(6);
      expect((await s.get('/cart/count/')).json()).toEqual({ data: { count: 7 } });
    });

    it('counts each of many parallel − and + taps on one line once', async () => {
      const s = shopper(ctx);
      await s.add(c.cream50.id);
      for (let round = 0; round < 3; round++) {
        // Down from 6 to nothing: each tap takes one away, the last deletes the line.
        expect((await s.add(c.serum30.id, 6)).statusCode).toBe(200);
        const down = await Promise.all(Array.from({ length: 6 }, () => s.change(c.serum30.id, 'decrement')));
        expect(down.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
        expect(line(await s.cart(), c.serum30.id)).toBeUndefined();
        // Three up and three down at once from 3: whatever their order (down to 0 and back, up to 6
        // and back), the line ends at 3 and no tap is refused.
        expect((await s.add(c.serum30.id, 3)).statusCode).toBe(200);
        const mixed = await Promise.all(Array.from({ length: 6 }, (_, i) => s.change(c.serum30.id, i % 2 ? 'decrement' : 'increment')));
        expect(mixed.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
        expect(line(await s.cart(), c.serum30.id)?.quantity).toBe(3);
        expect((await s.change(c.serum30.id, 'remove')).statusCode).toBe(200);
      }
      expect((await s.get('/cart/count/')).json()).toEqual({ data: { count: 1 } });
    });

    it('refuses a 7th with the support phone', async () => {
      const s = shopper(ctx);
      expect((await s.add(c.serum30.id, 6)).statusCode).toBe(200);
      const res = await s.add(c.serum30.id);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(`For bigger purchase, please contact ${supportPhone}`);
    });

    it('checks the stock before the limit of 6', async () => {
      const s = shopper(ctx);
      // 3 in stock: asking for 5 is a stock refusal, not a limit one.
      const five = await s.add(c.serum50.id, 5);
      expect(five.statusCode).toBe(400);
      expect(five.json()).toEqual({ error: { code: 'out_of_stock', message: 'Vitamin C Serum - 50 ml only 3 products left' } });
      expect((await s.add(c.serum50.id, 3)).statusCode).toBe(200);
      const fourth = await s.add(c.serum50.id);
      expect(fourth.json().error).toEqual({ code: 'out_of_stock', message: messages.lowStock('Vitamin C Serum', '50 ml', 3) });
      // Exactly 6 in stock and 6 in the bag: a 7th is refused for stock first.
      expect((await s.add(c.cream50.id, 6)).statusCode).toBe(200);
      expect((await s.add(c.cream50.id)).json().error.code).toBe('out_of_stock');
      const cart = await s.cart();
      expect(line(cart, c.serum50.id)?.quantity).toBe(3);
      expect(line(cart, c.cream50.id)?.quantity).toBe(6);
      // Each line says how many are in stock: the bag's + stops at min(stock, 6) by it.
      expect(line(cart, c.serum50.id)?.stock).toBe(3);
      expect(line(cart, c.cream50.id)?.stock).toBe(6);
    });

    it('reports the stock as it is now, not as it was when the line was added', async () => {
      const s = shopper(ctx);
      const added = (await s.add(c.lipRed.id, 2)).json<{ data: Cart }>().data;
      expect(line(added, c.lipRed.id)?.stock).toBe(30);
      await ctx().db.update(variants).set({ stock: 1 }).where(eq(variants.id, c.lipRed.id));
      try {
        expect(line(await s.cart(), c.lipRed.id)).toMatchObject({ quantity: 2, stock: 1 });
        expect((await s.add(c.lipRed.id)).json().error.code).toBe('out_of_stock');
      } finally {
        await ctx().db.update(variants).set({ stock: 30 }).where(eq(variants.id, c.lipRed.id));
      }
    });

    it.each([
      ['quantity -1', { quantity: -1, action: 'increment' }, 'validation_failed'],
      ['quantity 1.5', { quantity: 1.5, action: 'increment' }, 'validation_failed'],
      ['quantity "2"', { quantity: '2', action: 'increment' }, 'validation_failed'],
      ['quantity 7', { quantity: 7, action: 'increment' }, 'validation_failed'],
      ['an unknown variant', { variant_id: 999_999, quantity: 1, action: 'increment' }, 'variant_not_found'],
      ['a variant id as text', { variant_id: 'abc', quantity: 1, action: 'increment' }, 'validation_failed'],
      ['an unpublished variant', { variant_id: 'hidden', quantity: 1, action: 'increment' }, 'variant_not_found'],
      ['an unknown action', { quantity: 1, action: 'set' }, 'validation_failed'],
      ['remove with a quantity', { quantity: 2, action: 'remove' }, 'validation_failed'],
      ['increment by 0', { quantity: 0, action: 'increment' }, 'validation_failed'],
      ['decrement by -1', { quantity: -1, action: 'decrement' }, 'validation_failed'],
      ['a decrement of an unknown variant', { variant_id: 999_999, quantity: 1, action: 'decrement' }, 'variant_not_found'],
      ['a removal of an unknown variant', { variant_id: 999_999, quantity: 0, action: 'remove' }, 'variant_not_found'],
    ])('answers %s with 400 and changes nothing', async (_name, body: Record<string, unknown>, code: string) => {
      const s = shopper(ctx);
      const bagId = (await s.add(c.lipRed.id, 2)).json<{ data: Cart }>().data.id!;
      const before = await s.cart();
      const bagRow = () => ctx().db.select({ at: carts.updatedAt, delivery: carts.deliveryType }).from(carts).where(eq(carts.id, bagId));
      const rowBefore = await bagRow();
      const variantId = body.variant_id === 'hidden' ? c.hiddenV.id : (body.variant_id ?? c.lipRed.id);
      // Another delivery type than the bag's: a refused change must not switch it, nor stamp the bag.
      const res = await s.post('/cart/line-items/', { delivery_type: 'same_day', line_item: { ...body, variant_id: variantId } });
      expect(res.statusCode).toBe(400);
      // A malformed body fails validation; a well-formed one naming no variant on sale names the variant.
      expect(res.json().error.code).toBe(code);
      expect(await s.cart()).toEqual(before);
      expect(await bagRow()).toEqual(rowBefore);
    });

    it('answers a missing line item and an unknown delivery type with 400', async () => {
      const s = shopper(ctx);
      expect((await s.post('/cart/line-items/', { delivery_type: 'standard' })).statusCode).toBe(400);
      const res = await s.post('/cart/line-items/', {
        delivery_type: 'rocket',
        line_item: { variant_id: c.lipRed.id, quantity: 1, action: 'increment' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty('delivery_type');
      // Without a bag too: an unknown variant is refused, a known one leaves nothing to take away.
      expect((await s.change(999_999, 'remove')).statusCode).toBe(400);
      expect((await s.change(c.lipRed.id, 'remove')).json<{ data: Cart }>().data).toMatchObject({ id: null, line_items: [] });
      expect((await s.cart()).id).toBeNull();
    });

    it('creates no bag when the first addition is refused', async () => {
      const before = (await ctx().db.select({ id: carts.id }).from(carts)).length;
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/v1/cart/line-items/',
        payload: { delivery_type: 'standard', line_item: { variant_id: c.serum50.id, quantity: 4, action: 'increment' } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.cookies).toEqual([]);
      expect((await ctx().db.select({ id: carts.id }).from(carts)).length).toBe(before);
    });
  });

  describe('privacy', () => {
    it("never serves another shopper's bag by id or by a forged token", async () => {
      const alice = shopper(ctx);
      const bob = shopper(ctx);
      const aliceCart = (await alice.add(c.serum30.id, 2)).json<{ data: Cart }>().data;
      await bob.add(c.cream50.id);

      expect((await alice.get(`/carts/${aliceCart.id}/`)).statusCode).toBe(200);
      const peek = await bob.get(`/carts/${aliceCart.id}/`);
      expect(peek.statusCode).toBe(404);
      expect(peek.json()).toEqual({ error: { code: 'bag_not_found', message: messages.cartNotFound() } });
      expect(peek.body).not.toContain('Vitamin C Serum');
      const write = await bob.post(`/carts/${aliceCart.id}/line-items/`, {
        delivery_type: 'standard',
        line_item: { variant_id: c.serum30.id, quantity: 0, action: 'remove' },
      });
      expect(write.statusCode).toBe(404);
      expect((await ctx().app.inject(`/api/v1/carts/${aliceCart.id}/`)).statusCode).toBe(404);

      const forged = await ctx().app.inject({ url: '/api/v1/cart/', cookies: { cart: 'A'.repeat(43) } });
      expect(forged.json<{ data: Cart }>().data).toMatchObject({ id: null, line_items: [] });
      expect(line(await alice.cart(), c.serum30.id)?.quantity).toBe(2);
    });
  });

  describe('gifts and offers', () => {
    let spendRuleId: number;
    beforeAll(async () => {
      const [spend] = await ctx()
        .db.insert(giftRules)
        .values({
          kind: 'spend',
          title: 'Free travel-size mist',
          description: 'On orders of ৳3,000 or more',
          minSubtotal: 300_000,
          giftVariantId: c.mistTravel.id,
        })
        .returning();
      spendRuleId = spend!.id;
      await ctx().db.insert(giftRules).values({
        kind: 'buy',
        title: 'Buy 3 lipsticks, get a mist',
        buyProductId: c.lipstick.id,
        buyQuantity: 3,
        giftVariantId: c.mistTravel.id,
        position: 1,
      });
      clearCartCaches();
    });

    it('offers the nearest threshold, gives the gift at it and takes it back below it', async () => {
      const s = shopper(ctx);
      // 2 × ৳1,080 = ৳2,160: ৳840 short of ৳3,000.
      let cart = (await s.add(c.serum30.id, 2)).json<{ data: Cart }>().data;
      expect(cart.gift_variants).toEqual([]);
      expect(cart.variants_offer).toEqual([
        expect.objectContaining({
          rule_id: spendRuleId,
          kind: 'spend',
          remaining: 84_000,
          message: 'Add ৳840 more to get Glow Lab Rose Mist free',
          variant_id: c.mistTravel.id,
        }),
      ]);
      // + ৳950 = ৳3,110: the gift arrives as a free, locked line after the paid ones.
      cart = (await s.add(c.cream50.id)).json<{ data: Cart }>().data;
      const gift = cart.line_items.at(-1)!;
      expect(gift).toMatchObject({
        variant_id: c.mistTravel.id,
        gift: true,
        gift_rule_id: spendRuleId,
        price: 0,
        discounted_price: 0,
        line_price: 0,
        quantity: 1,
        applied_discount: null,
      });
      expect(cart.subtotal_price).toBe(311_000);
      expect(cart.item_count).toBe(4);
      expect(cart.gift_variants).toEqual([
        expect.objectContaining({
          rule_id: spendRuleId,
          title: 'Free travel-size mist',
          product_title: 'Rose Mist',
          value: 45_000,
          quantity: 1,
        }),
      ]);
      expect(cart.variants_offer).toEqual([]);

      // The gift's quantity cannot be changed by the update call.
      cart = (await s.change(c.mistTravel.id, 'decrement')).json<{ data: Cart }>().data;
      expect(cart.line_items.filter((l) => l.gift)).toHaveLength(1);

      // Below the threshold again: the gift goes, the offer comes back.
      cart = (await s.change(c.serum30.id, 'decrement')).json<{ data: Cart }>().data;
      expect(cart.line_items.some((l) => l.gift)).toBe(false);
      expect(cart.gift_variants).toEqual([]);
      expect(cart.variants_offer[0]).toMatchObject({ kind: 'spend', remaining: 300_000 - 203_000 });
    });

    it('gives the gift with a first addition that reaches the threshold', async () => {
      const s = shopper(ctx);
      const cart = (await s.add(c.serum30.id, 3)).json<{ data: Cart }>().data; // ৳3,240
      expect(cart.line_items.map((l) => [l.variant_id, l.gift])).toEqual([
        [c.serum30.id, false],
        [c.mistTravel.id, true],
      ]);
      expect((await s.cart()).gift_variants).toHaveLength(1);
    });

    it('gives a buy-3 gift and suggests it part-way', async () => {
      const s = shopper(ctx);
      let cart = (await s.add(c.lipRed.id, 2)).json<{ data: Cart }>().data;
      expect(cart.variants_offer).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ kind: 'buy', remaining: 1, message: 'Add 1 more Velvet Lipstick to get Glow Lab Rose Mist free' }),
        ]),
      );
      cart = (await s.add(c.lipRed.id)).json<{ data: Cart }>().data;
      expect(cart.line_items.filter((l) => l.gift)).toEqual([expect.objectContaining({ variant_id: c.mistTravel.id, price: 0 })]);
      // A paid line of the gift's variant stays separate from the gift.
      cart = (await s.add(c.mistTravel.id)).json<{ data: Cart }>().data;
      expect(cart.line_items.filter((l) => l.variant_id === c.mistTravel.id).map((l) => [l.gift, l.price])).toEqual([
        [true, 0],
        [false, 45_000],
      ]);
    });

    it('brings gifts up to date on read when the rules changed', async () => {
      const s = shopper(ctx);
      await s.add(c.serum30.id, 3); // ৳3,240
      expect((await s.cart()).gift_variants).toHaveLength(1);
      await ctx().db.update(giftRules).set({ active: false }).where(eq(giftRules.id, spendRuleId));
      clearCartCaches();
      try {
        const cart = await s.cart();
        expect(cart.gift_variants).toEqual([]);
        expect(cart.line_items.some((l) => l.gift)).toBe(false);
      } finally {
        await ctx().db.update(giftRules).set({ active: true }).where(eq(giftRules.id, spendRuleId));
        clearCartCaches();
      }
    });

    it('remembers a closed box in note_attributes', async () => {
      const s = shopper(ctx);
      await s.add(c.serum30.id);
      const res = await s.post('/cart/dismiss/', { key: `offer:${spendRuleId}` });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: Cart }>().data.note_attributes).toEqual([{ name: 'dismissed_boxes', value: `offer:${spendRuleId}` }]);
      expect((await s.cart()).note_attributes).toEqual([{ name: 'dismissed_boxes', value: `offer:${spendRuleId}` }]);
      expect((await s.post('/cart/dismiss/', { key: 'offer:<script>' })).statusCode).toBe(400);
    });
  });

  describe('customers', () => {
    it('reflects the privilege card rebate in subtotal_price_with_rebate', async () => {
      const owner = { customerId: 9001, guestId: null, token: null };
      await ctx().db.insert(privilegeCards).values({ number: 'PC-0000-4321', customerId: 9001, percent: 5 });
      const { cart } = await updateCartLine(
        bagCtx(ctx(), owner),
        { delivery_type: 'standard', line_item: { variant_id: c.lipRed.id, quantity: 3, action: 'increment' } },
        deps,
      );
      // 3 × ৳600 = ৳1,800; 5% off rounds to the taka: ৳1,710.
      expect(cart.subtotal_price).toBe(180_000);
      expect(cart.subtotal_price_with_rebate).toBe(171_000);
      expect(cart.rebate).toEqual({ card: '•••• 4321', percent: 5, amount: 9_000, title: 'Privilege card 5% rebate' });
      // Another customer has no card: no rebate.
      const other = await updateCartLine(
        bagCtx(ctx(), { customerId: 9002, guestId: null, token: null }),
        { delivery_type: 'standard', line_item: { variant_id: c.lipRed.id, quantity: 3, action: 'increment' } },
        deps,
      );
      expect(other.cart.subtotal_price_with_rebate).toBe(other.cart.subtotal_price);
      expect(other.cart.rebate).toBeNull();
    });

    it('merges the visitor bag into the customer bag at login without losing or doubling lines', async () => {
      const customer = { customerId: 9100, guestId: null, token: null };
      await updateCartLine(
        bagCtx(ctx(), customer),
        { delivery_type: 'standard', line_item: { variant_id: c.serum30.id, quantity: 4, action: 'increment' } },
        deps,
      );
      await updateCartLine(
        bagCtx(ctx(), customer),
        { delivery_type: 'standard', line_item: { variant_id: c.cream50.id, quantity: 1, action: 'increment' } },
        deps,
      );

      const visitor = shopper(ctx);
      await visitor.add(c.serum30.id, 5);
      await visitor.add(c.lipRed.id, 2);
      await visitor.add(c.serum50.id, 3);
      const token = visitor.cookies.cart!;
      await adoptVisitorBag(ctx(), token, { customerId: 9100 });

      const merged = await getCart(ctx(), customer, deps);
      const quantities = Object.fromEntries(merged.line_items.filter((l) => !l.gift).map((l) => [l.variant_id, l.quantity]));
      expect(quantities).toEqual({ [c.serum30.id]: 6, [c.cream50.id]: 1, [c.lipRed.id]: 2, [c.serum50.id]: 3 });
      // The visitor's cookie no longer reaches the bag.
      expect(await visitor.cart()).toMatchObject({ id: null, line_items: [] });
      // A second call (a retried login) changes nothing.
      await adoptVisitorBag(ctx(), token, { customerId: 9100 });
      expect(await getCart(ctx(), customer, deps)).toEqual(merged);
    });

    it('lets a customer without a bag adopt the visitor bag', async () => {
      const visitor = shopper(ctx);
      const visitorCart = (await visitor.add(c.lipRed.id, 2)).json<{ data: Cart }>().data;
      await adoptVisitorBag(ctx(), visitor.cookies.cart, { customerId: 9200 });
      const cart = await getCart(ctx(), { customerId: 9200, guestId: null, token: null }, deps);
      expect(cart.id).toBe(visitorCart.id);
      expect(cart.line_items.map((l) => [l.variant_id, l.quantity])).toEqual([[c.lipRed.id, 2]]);
      expect((await visitor.cart()).id).toBeNull();
    });

    it('merges at registration and at login through the accounts API, keeping every line once', async () => {
      const phone = '01719' + String(Date.now() % 1_000_000).padStart(6, '0');
      const email = `bag.${Date.now()}@gmail.com`;
      const password = 'correct horse 1';
      const update = (variantId: number, quantity: number) => ({
        delivery_type: 'standard',
        line_item: { variant_id: variantId, quantity, action: 'increment' },
      });

      // A visitor fills a bag, registers and finishes with the SMS code: the bag is theirs now.
      const first = new TestBrowser(ctx().app, '198.51.100.201');
      expect((await first.post('/api/v1/cart/line-items/', update(c.serum30.id, 4))).statusCode).toBe(200);
      const reg = await first.post('/api/v1/accounts/register/', {
        customer: {
          email,
          phone,
          first_name: 'Bag',
          last_name: 'Test',
          note: {},
          newsletter_email: true,
          newsletter_sms: true,
          online_customer: true,
        },
        withTimeout: true,
      });
      expect(reg.statusCode).toBe(201);
      const customerId = reg.json<{ data: { customer_id: number } }>().data.customer_id;
      const code = await latestCode(ctx().app, `+880${phone.slice(1)}`);
      const firstBagId = (await first.get('/api/v1/cart/')).json<{ data: Cart }>().data.id!;
      expect((await first.post('/api/v1/accounts/verify/', { customer_id: customerId, otp: code, password })).statusCode).toBe(200);
      // Merged by the sign-in itself, before any bag call.
      expect((await ctx().db.select().from(carts).where(eq(carts.id, firstBagId)))[0]).toMatchObject({
        customerId,
        tokenHash: null,
        status: 'open',
      });
      const mine = (await first.get('/api/v1/cart/')).json<{ data: Cart }>().data;
      const paid = (cart: Cart) => cart.line_items.filter((l) => !l.gift).map((l) => [l.variant_id, l.quantity]);
      expect(paid(mine)).toEqual([[c.serum30.id, 4]]);
      // The visitor cookie is dropped once the bag belongs to the customer.
      expect(first.cookies.has('cart')).toBe(false);

      // Elsewhere, as a visitor, the same shopper adds more, then signs in with the password.
      const second = new TestBrowser(ctx().app, '198.51.100.202');
      const secondBagId = (await second.post('/api/v1/cart/line-items/', update(c.serum30.id, 3))).json<{ data: Cart }>().data.id!;
      await second.post('/api/v1/cart/line-items/', update(c.lipRed.id, 2));
      // Past the SMS resend block of the registration code.
      ctx().app.clock.advance(3 * 60_000);
      expect((await second.post('/api/v1/accounts/login-otp/', { email: phone })).statusCode).toBe(200);
      const otp = await latestCode(ctx().app, `+880${phone.slice(1)}`);
      const login = await second.post('/api/v1/accounts/login/', { email: phone, otp });
      expect(login.json()).toMatchObject({ success: true, data: { token: expect.any(String) } });
      expect((await ctx().db.select().from(carts).where(eq(carts.id, secondBagId)))[0]).toMatchObject({
        status: 'merged',
        tokenHash: null,
      });
      const merged = (await second.get('/api/v1/cart/')).json<{ data: Cart }>().data;
      expect(merged.id).toBe(mine.id);
      expect(paid(merged)).toEqual([
        [c.serum30.id, 6],
        [c.lipRed.id, 2],
      ]);
      // The first browser sees the same bag: one bag per customer, no line doubled.
      expect((await first.get('/api/v1/cart/')).json<{ data: Cart }>().data.line_items).toEqual(merged.line_items);
      expect((await second.get('/api/v1/cart/count/')).json()).toEqual({ data: { count: merged.item_count } });

      // The customer's privilege card now counts in the bag the session reaches.
      await ctx()
        .db.insert(privilegeCards)
        .values({ number: `PC-${customerId}-7788`, customerId, percent: 5 });
      const withCard = (await second.get('/api/v1/cart/')).json<{ data: Cart }>().data;
      expect(withCard.rebate).toMatchObject({ percent: 5, card: '•••• 7788' });
      expect(withCard.subtotal_price_with_rebate).toBe(discountedPrice(withCard.subtotal_price, 5));

      // A visitor's bag cookie reaching a signed-in request (signed in somewhere that did not merge it):
      // the bag's and the checkout's routes fold that bag in before answering, and drop the cookie.
      const creams = async () => line((await second.get('/api/v1/cart/')).json<{ data: Cart }>().data, c.cream50.id)?.quantity ?? 0;
      for (const path of ['/api/v1/cart/', '/api/v1/checkout/']) {
        const before = await creams();
        const visitor = new TestBrowser(ctx().app, '198.51.100.203');
        await visitor.post('/api/v1/cart/line-items/', update(c.cream50.id, 1));
        second.cookies.set(CART_COOKIE, visitor.cookies.get(CART_COOKIE)!);
        expect((await second.get(path)).statusCode).toBe(200);
        expect(second.cookies.has(CART_COOKIE)).toBe(false);
        expect(await creams()).toBe(before + 1);
      }
    });

    it('keeps one bag per customer when the first additions race', async () => {
      const owner = { customerId: 9300, guestId: null, token: null };
      const payload = {
        delivery_type: 'standard' as const,
        line_item: { variant_id: c.lipRed.id, quantity: 1, action: 'increment' as const },
      };
      await Promise.all(Array.from({ length: 5 }, () => updateCartLine(bagCtx(ctx(), owner), payload, deps)));
      const rows = await ctx().db.select().from(carts).where(eq(carts.customerId, 9300));
      expect(rows).toHaveLength(1);
      expect(line(await getCart(ctx(), owner, deps), c.lipRed.id)?.quantity).toBe(5);
    });
  });
});
