import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { ApiErrorBody } from '@store/shared/api';
import type { ProductDetail } from '@store/shared/catalog';
import * as messages from '@store/shared/messages';
import { reviewMessages, type AdminReview, type AdminReviewPage, type MyReview, type ReviewEligibility } from '@store/shared/reviews';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, newGuest, payData, type Shopper, type TestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { transitionOrder } from '../orders/index.js';
import { orders } from '../orders/orders.tables.js';
import { auditLog } from '../staff/staff.tables.js';
import { products, reviews } from './catalog.tables.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;
const goodReview = { name: 'Nusrat J.', star: 5, text: 'Lovely serum, my skin feels soft.' };

describeOnDatabases('reviews', (ctx) => {
  const app = () => ctx().app;
  let c: TestCatalog;
  let moderator: StaffClient;

  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'rv');
    moderator = (await signedInStaff(app(), ctx().env, 'customer_care')).client;
  });

  /** A customer with one order of the variant, moved to `status` through the transition function. */
  async function buyer(variantId: number, status: 'placed' | 'shipped' | 'delivered' = 'delivered'): Promise<Shopper> {
    const s = await newCustomer(app());
    await s.add(variantId);
    await s.address();
    const res = await s.pay({}, `rv-${Math.random()}`);
    expect(res.statusCode).toBe(200);
    const order = payData(res).order;
    const steps = { placed: [], shipped: ['confirmed', 'shipped'], delivered: ['confirmed', 'shipped', 'delivered'] } as const;
    const [row] = await ctx().db.select({ id: orders.id }).from(orders).where(eq(orders.number, order.number));
    for (const step of steps[status])
      await ctx().db.transaction((tx) => transitionOrder({ db: tx }, row!.id, { status: step }, 'test', new Date()));
    return s;
  }
  const productPage = async (handle: string) =>
    (await app().inject(`/api/v1/products/rv-brand/${handle}/`)).json<{ data: ProductDetail }>().data;
  const write = (s: Shopper, productId: number, body: object = goodReview) => s.request('POST', `/products/${productId}/reviews/`, body);
  const eligibility = async (s: Shopper, productId: number) =>
    (await s.request('GET', `/products/${productId}/reviews/mine/`)).json<{ data: ReviewEligibility }>().data;
  const mine = async (s: Shopper) => (await s.request('GET', '/account/reviews/')).json<{ data: MyReview[] }>().data;
  const put = (url: string, payload: object) =>
    app().inject({ method: 'PUT', url: `/api/v1/admin${url}`, headers: { authorization: `Token ${moderator.token}` }, payload });
  const list = async (query = '') => (await moderator.get(`/reviews/${query}`)).json<AdminReviewPage>();

  it('takes a review from a customer who received the product, pending and verified, shown nowhere yet', async () => {
    const s = await buyer(c.serum30.id);
    const res = await write(s, c.serum30.productId);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: reviewMessages.submitted(),
      data: {
        state: 'pending',
        verified: true,
        star: 5,
        name: 'Nusrat J.',
        reply: null,
        product: { id: c.serum30.productId, name: 'Glow Serum' },
      },
    });
    const page = await productPage('rv-serum');
    expect(page.reviews).toEqual([]);
    expect(page.review_count).toBe(0);
    expect((await mine(s)).map((r) => r.state)).toEqual(['pending']);
  });

  it('refuses a customer who did not receive the product (no order, or one not delivered yet), changing nothing', async () => {
    const never = await newCustomer(app());
    const notYet = await buyer(c.cream50.id, 'shipped');
    for (const s of [never, notYet]) {
      const res = await write(s, c.cream50.productId);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toMatchObject({ code: 'review_not_received', message: reviewMessages.notReceived() });
      expect(errorOf(res).fields?.text).toBe(reviewMessages.notReceived());
      expect(await mine(s)).toEqual([]);
    }
    // Receiving another product does not count for this one.
    const other = await buyer(c.mask1.id);
    expect((await write(other, c.cream50.productId)).statusCode).toBe(403);
    // The form asks first, and is told why.
    expect(await eligibility(never, c.cream50.productId)).toEqual({ may_review: false, reason: reviewMessages.notReceived() });
    expect(await eligibility(other, c.cream50.productId)).toEqual({ may_review: false, reason: reviewMessages.notReceived() });
    expect(await eligibility(other, c.mask1.productId)).toEqual({ may_review: true, reason: null });
    const visitor = await app().inject({ method: 'GET', url: `/api/v1/products/${c.mask1.productId}/reviews/mine/` });
    expect(visitor.statusCode).toBe(401);
  });

  it('takes one review per customer and product', async () => {
    const s = await buyer(c.toner150.id);
    expect((await write(s, c.toner150.productId)).statusCode).toBe(201);
    const again = await write(s, c.toner150.productId, { ...goodReview, star: 1 });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ code: 'review_exists', message: reviewMessages.alreadyReviewed() });
    expect(await eligibility(s, c.toner150.productId)).toEqual({ may_review: false, reason: reviewMessages.alreadyReviewed() });
    const rows = await ctx()
      .db.select()
      .from(reviews)
      .where(and(eq(reviews.productId, c.toner150.productId), eq(reviews.customerId, s.customerId!)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.star).toBe(5);
  });

  it('refuses visitors, guests, bad input and NUL bytes with field messages', async () => {
    const visitor = await app().inject({ method: 'POST', url: `/api/v1/products/${c.mask1.productId}/reviews/`, payload: goodReview });
    expect(visitor.statusCode).toBe(401);
    expect(errorOf(visitor).message).toBe(messages.loginRequired());
    const guest = await newGuest(app());
    expect((await write(guest, c.mask1.productId)).statusCode).toBe(401);
    const s = await buyer(c.mask1.id);
    const cases: [object, string, string][] = [
      [{ ...goodReview, star: 0 }, 'star', reviewMessages.star()],
      [{ ...goodReview, star: 6 }, 'star', reviewMessages.star()],
      [{ ...goodReview, star: 4.5 }, 'star', reviewMessages.star()],
      [{ ...goodReview, star: '5' }, 'star', reviewMessages.star()],
      [{ ...goodReview, text: 'short' }, 'text', reviewMessages.textShort()],
      [{ ...goodReview, text: 'x'.repeat(100_000) }, 'text', reviewMessages.textLong()],
      [{ ...goodReview, text: 'Nice serum\u0000indeed' }, 'text', messages.textNotAllowed()],
      [{ ...goodReview, name: '   ' }, 'name', reviewMessages.required()],
      [{ ...goodReview, name: 'n'.repeat(61) }, 'name', reviewMessages.name()],
    ];
    for (const [body, field, message] of cases) {
      const res = await write(s, c.mask1.productId, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(errorOf(res).fields?.[field]).toBe(message);
    }
    expect((await write(s, 987654)).statusCode).toBe(404);
    expect(await mine(s)).toEqual([]);
  });

  it('lets staff approve, reject and reply; the page, the mean and my-reviews follow approved reviews only', async () => {
    const [a, b, d] = [await buyer(c.mask1.id), await buyer(c.mask1.id), await buyer(c.mask1.id)];
    const id = async (s: Shopper, star: number) =>
      (await write(s, c.mask1.productId, { ...goodReview, star })).json<{ data: MyReview }>().data.id;
    const [five, four, one] = [await id(a, 5), await id(b, 4), await id(d, 1)];

    const pending = await list(`?state=pending&product=${c.mask1.productId}`);
    expect(pending.data.map((r) => r.id).sort()).toEqual([five, four, one].sort());
    expect(pending.pending).toBeGreaterThanOrEqual(3);
    expect((await list(`?product=${c.mask1.productId}&star=4`)).data.map((r) => r.id)).toEqual([four]);

    const approved = await moderator.post(`/reviews/${five}/approve/`);
    expect(approved.statusCode).toBe(200);
    expect(approved.json<{ data: AdminReview }>().data).toMatchObject({ state: 'approved', verified: true });
    await moderator.post(`/reviews/${four}/approve/`);
    expect((await moderator.post(`/reviews/${one}/reject/`)).json<{ data: AdminReview }>().data.state).toBe('rejected');

    // 5 and 4 approved: mean 4.5; the rejected 1 counts nowhere.
    let page = await productPage('rv-mask');
    expect(page.rating).toBe(4.5);
    expect(page.review_count).toBe(2);
    expect(page.reviews.map((r) => r.id).sort()).toEqual([five, four].sort());
    expect(page.reviews.every((r) => r.verified)).toBe(true);
    const [row] = await ctx()
      .db.select({ rating: products.rating, n: products.reviewCount })
      .from(products)
      .where(eq(products.id, c.mask1.productId));
    expect(row).toEqual({ rating: 9, n: 2 });

    const replied = await put(`/reviews/${five}/reply/`, { reply: '  Thank you, Nusrat!  ' });
    expect(replied.statusCode).toBe(200);
    page = await productPage('rv-mask');
    expect(page.reviews.find((r) => r.id === five)?.reply).toBe('Thank you, Nusrat!');
    expect((await mine(a))[0]).toMatchObject({ state: 'approved', reply: 'Thank you, Nusrat!' });
    expect((await mine(d))[0]).toMatchObject({ state: 'rejected' });

    // Withdrawing one: the mean and the count follow at once.
    await moderator.post(`/reviews/${five}/reject/`);
    page = await productPage('rv-mask');
    expect(page).toMatchObject({ rating: 4, review_count: 1 });
    expect(page.reviews.map((r) => r.id)).toEqual([four]);
    await put(`/reviews/${five}/reply/`, { reply: '' });
    expect((await mine(a))[0]).toMatchObject({ state: 'rejected', reply: null });

    const audit = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'review'), eq(auditLog.entityId, String(five))));
    expect(audit.map((r) => r.action)).toEqual(['review.approve', 'review.reply', 'review.reject', 'review.reply']);
    expect(audit[0]!.changes).toEqual({ state: ['pending', 'approved'] });
  });

  it('refuses bad moderation input and unknown reviews, changing nothing', async () => {
    const s = await buyer(c.serum30.id);
    const { id } = (await write(s, c.serum30.productId)).json<{ data: MyReview }>().data;
    const long = await put(`/reviews/${id}/reply/`, { reply: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(errorOf(long).fields?.reply).toBe(reviewMessages.replyLong());
    const nul = await put(`/reviews/${id}/reply/`, { reply: 'Thanks\u0000' });
    expect(errorOf(nul).fields?.reply).toBe(messages.textNotAllowed());
    expect((await moderator.post('/reviews/987654/approve/')).statusCode).toBe(404);
    expect((await moderator.get('/reviews/?star=6')).statusCode).toBe(400);
    expect((await moderator.get('/reviews/?state=hidden')).statusCode).toBe(400);
    expect((await mine(s))[0]).toMatchObject({ state: 'pending', reply: null });
  });

  it('lets only roles with reviews.moderate in', async () => {
    const [allowed, denied] = [
      await signedInStaff(app(), ctx().env, 'catalog_editor'),
      await signedInStaff(app(), ctx().env, 'content_editor'),
    ];
    expect((await allowed.client.get('/reviews/')).statusCode).toBe(200);
    const refused = await denied.client.get('/reviews/');
    expect(refused.statusCode).toBe(403);
    expect((await denied.client.post('/reviews/1/approve/')).statusCode).toBe(403);
    const customer = await newCustomer(app());
    expect((await customer.request('GET', '/admin/reviews/')).statusCode).toBe(401);
  });
});
