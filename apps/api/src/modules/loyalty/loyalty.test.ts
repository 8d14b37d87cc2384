import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { ApiErrorBody } from '@store/shared/api';
import type { CheckoutResponse } from '@store/shared/checkout';
import { dhakaClock } from '@store/shared/dhaka-time';
import { DEFAULT_LOYALTY_RULES, type LoyaltyAccount, type LoyaltyRules } from '@store/shared/loyalty';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, payData, type Shopper, type TestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { outboxFor } from '../../../test/support/test-client.js';
import { systemCtx } from '../../lib/context.js';
import { personalVouchers } from '../checkout/index.js';
import { recordOrderRefund, transitionOrder } from '../orders/index.js';
import { coupons } from '../checkout/checkout.tables.js';
import { orders } from '../orders/orders.tables.js';
import { customers } from '../accounts/accounts.tables.js';
import { auditLog } from '../staff/staff.tables.js';
import { loyaltyAccount } from './account.js';
import { redeemPoints, runLoyaltyUpkeep } from './index.js';
import { loyaltyAccounts, loyaltyEntries, referrals } from './loyalty.tables.js';

const DAY = 86_400_000;
const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;

describeOnDatabases('loyalty and referrals', (ctx) => {
  const app = () => ctx().app;
  let c: TestCatalog;
  let owner: { client: StaffClient };

  /** The programme as these tests want it: 10 points per ৳100, a point worth ৳1, Silver from ৳2,000. */
  const RULES: LoyaltyRules = {
    ...DEFAULT_LOYALTY_RULES,
    earn_points_per_100_taka: 10,
    redeem_min_balance: 50,
    redeem_max_share: 50,
    tiers: [
      DEFAULT_LOYALTY_RULES.tiers[0]!,
      { ...DEFAULT_LOYALTY_RULES.tiers[1]!, threshold: 200_000, multiplier: 200, free_delivery: true },
      { ...DEFAULT_LOYALTY_RULES.tiers[2]!, threshold: 1_000_000 },
    ],
  };

  async function saveRules(rules: LoyaltyRules) {
    const current = await owner.client.get('/loyalty/settings/');
    const res = await owner.client.put('/loyalty/settings/', {
      rules,
      loaded_at: current.json<{ data: { updated_at: string | null } }>().data.updated_at,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  beforeAll(async () => {
    c = await createTestCatalog(ctx().db, 'ly');
  });
  beforeEach(async () => {
    // A staff session ends with time: the tests that move the clock need a fresh one.
    owner = await signedInStaff(app(), ctx().env, 'owner');
    await saveRules(RULES);
  });

  /** An account read through the service (a shopper's session does not outlive the clock's jumps). */
  const accountOf = (customerId: number) =>
    loyaltyAccount({ ...systemCtx(app(), app().clock, 'test'), vouchers: personalVouchers, publicUrl: ctx().env.PUBLIC_URL }, customerId);

  let houses = 0;
  /** A customer with their own address (a household of their own: referrals compare phones and addresses). */
  async function customer(): Promise<Shopper> {
    const s = await newCustomer(app());
    await s.address({ phone: s.phone, address_detail: `House ${(houses += 1)}, Road ${Date.now() % 1000}` });
    return s;
  }

  async function order(s: Shopper, quantity = 1): Promise<{ id: number; number: string }> {
    await s.add(c.serum30.id, quantity);
    const res = await s.pay({ payment_method: 'cod' }, `ly-${Math.random()}`);
    expect(res.statusCode, res.body).toBe(200);
    const number = payData(res).order.number;
    const [row] = await ctx().db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
    return { id: row!.id, number };
  }

  const move = (id: number, status: 'confirmed' | 'shipped' | 'delivered' | 'cancelled', payment?: 'paid') =>
    transitionOrder({ db: ctx().db }, id, { status, ...(payment ? { payment } : {}) }, 'test', app().clock.now());

  async function deliver(id: number) {
    await move(id, 'confirmed');
    await move(id, 'shipped');
    await move(id, 'delivered', 'paid');
  }

  const account = async (s: Shopper) => {
    const res = await s.request('GET', '/loyalty/');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: LoyaltyAccount }>().data;
  };
  const adjust = (customerId: number, points: number, reason = 'Goodwill for a late parcel') =>
    owner.client.post(`/loyalty/customers/${customerId}/adjustments/`, { points, reason });
  const upkeep = () =>
    runLoyaltyUpkeep({
      ...systemCtx(app(), app().clock, 'test'),
      outbox: { publicUrl: ctx().env.PUBLIC_URL, queue: (q, m) => app().notifier.queueIn(q, m) },
      vouchers: personalVouchers,
    });

  it('earns on delivery, not on placement, at the tier’s rate; takes earned points back on a refund', async () => {
    const s = await customer();
    const placed = await order(s, 2); // 2 × ৳900 = ৳1,800 of items (+ delivery)
    expect((await account(s)).balance).toBe(0);
    await move(placed.id, 'confirmed');
    expect((await account(s)).balance).toBe(0);
    await move(placed.id, 'shipped');
    await move(placed.id, 'delivered', 'paid');
    // ৳1,800 × 10 per ৳100 = 180 points, at the first tier (×1).
    let mine = await account(s);
    expect(mine.balance).toBe(180);
    expect(mine.history[0]).toMatchObject({ kind: 'earned', points: 180, order_number: placed.number });
    expect(mine.spend).toBe(180_000);
    const [row] = await ctx().db.select({ pointsEarned: orders.pointsEarned }).from(orders).where(eq(orders.id, placed.id));
    expect(row!.pointsEarned).toBe(180);

    // A refund of one serum (৳900) takes half the points back; the rest of the money takes the rest.
    await ctx().db.transaction((tx) => recordOrderRefund({ db: tx }, placed.id, 90_000, 'one returned', app().clock.now()));
    mine = await account(s);
    expect(mine.balance).toBe(90);
    expect(mine.history[0]).toMatchObject({ kind: 'reversed', points: -90 });
    expect(mine.spend).toBe(90_000);
    const [o] = await ctx().db.select().from(orders).where(eq(orders.id, placed.id));
    await ctx().db.transaction((tx) =>
      recordOrderRefund({ db: tx }, placed.id, o!.total - o!.refundedAmount, 'all back', app().clock.now()),
    );
    mine = await account(s);
    expect(mine.balance).toBe(0);
    expect(mine.spend).toBe(0);
  });

  it('spends points at checkout within the limits, and a cancelled order gives them back', async () => {
    const s = await customer();
    expect((await adjust(s.customerId!, 40)).statusCode).toBe(200);
    await s.add(c.serum30.id, 1);
    // Below the minimum balance (50): refused with why, nothing applied.
    let res = await s.request('POST', '/checkout/points/', { points: 10 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.points).toBe(messages.pointsMinBalance(50));
    await adjust(s.customerId!, 960);
    // At most 50% of ৳900 = 450 points.
    res = await s.request('POST', '/checkout/points/', { points: 500 });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields?.points).toBe(messages.pointsTooMany(450));
    res = await s.request('POST', '/checkout/points/', { points: 300 });
    expect(res.statusCode, res.body).toBe(200);
    const summary = res.json<CheckoutResponse>().data;
    expect(summary.totals.points_discount).toBe(30_000);
    expect(summary.loyalty).toMatchObject({ balance: 1000, points: 300, redeemable: 450, earn: 60 });
    expect(summary.totals.total).toBe(90_000 - 30_000 + summary.totals.shipping);
    const paid = await s.pay({ payment_method: 'cod' }, `ly-spend-${Math.random()}`);
    expect(paid.statusCode, paid.body).toBe(200);
    const [o] = await ctx()
      .db.select()
      .from(orders)
      .where(eq(orders.number, payData(paid).order.number));
    expect(o).toMatchObject({ pointsRedeemed: 300, pointsDiscount: 30_000 });
    expect((await account(s)).balance).toBe(700);
    await move(o!.id, 'cancelled');
    const mine = await account(s);
    expect(mine.balance).toBe(1000);
    expect(mine.history[0]).toMatchObject({ kind: 'restored', points: 300 });
  });

  it('a parcel returned by the courier earns nothing and gives its spent points back', async () => {
    const s = await customer();
    await adjust(s.customerId!, 200);
    await s.add(c.serum30.id, 1);
    expect((await s.request('POST', '/checkout/points/', { points: 100 })).statusCode).toBe(200);
    const paid = await s.pay({ payment_method: 'cod' }, `ly-return-${Math.random()}`);
    const [o] = await ctx()
      .db.select()
      .from(orders)
      .where(eq(orders.number, payData(paid).order.number));
    expect((await account(s)).balance).toBe(100);
    await move(o!.id, 'confirmed');
    await move(o!.id, 'shipped');
    await transitionOrder({ db: ctx().db }, o!.id, { status: 'returned' }, 'refused at the door', app().clock.now());
    const mine = await account(s);
    expect(mine.balance).toBe(200);
    expect(mine.history.map((e) => e.kind)).toEqual(['restored', 'redeemed', 'adjusted']);
    expect(mine.spend).toBe(0);
  });

  it('spends one balance once: 10 parallel redemptions of it, and 10 parallel vouchers of it', async () => {
    const s = await customer();
    await adjust(s.customerId!, 100);
    // Ten orders (two tabs, ten tabs…), each spending the whole balance in its own transaction at once.
    const placed: { id: number; number: string }[] = [];
    for (let i = 0; i < 10; i++) placed.push(await order(s));
    // On PostgreSQL every transaction is open (its connection held) before any spends: a true race. The
    // embedded database runs one transaction at a time, so there they queue by nature.
    const racing = ctx().kind === 'postgres';
    let started = 0;
    let go: () => void = () => {};
    const allStarted = new Promise<void>((resolve) => (go = resolve));
    const tries = await Promise.allSettled(
      placed.map((o) =>
        ctx().db.transaction(async (tx) => {
          if (racing) {
            await tx.execute(sql`select 1`);
            if ((started += 1) === placed.length) go();
            await allStarted;
          }
          await redeemPoints(tx, { customerId: s.customerId!, orderId: o.id, points: 100 }, app().clock.now());
        }),
      ),
    );
    for (const t of tries) if (t.status === 'rejected') expect(t.reason).toMatchObject({ code: 'points_not_redeemable' });
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    expect((await account(s)).balance).toBe(0);

    await adjust(s.customerId!, 200);
    const vouchers = await Promise.all(Array.from({ length: 10 }, () => s.request('POST', '/loyalty/vouchers/', { points: 200 })));
    expect(vouchers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of vouchers.filter((v) => v.statusCode !== 201)) expect(errorOf(r).code).toBe('points_not_redeemable');
    // Ten asks an hour: the eleventh waits, whatever the balance.
    expect((await s.request('POST', '/loyalty/vouchers/', { points: 1 })).statusCode).toBe(429);
    const mine = await account(s);
    expect(mine.balance).toBe(0);
    expect(mine.vouchers).toEqual([expect.objectContaining({ amount: 20_000, source: 'points', used: false })]);
    // The voucher is the customer's alone.
    const other = await customer();
    await other.add(c.serum30.id, 1);
    const stolen = await other.request('POST', '/checkout/discount_code/', { discount: { code: mine.vouchers[0]!.code } });
    expect(stolen.statusCode).toBe(400);
    expect(errorOf(stolen).fields?.discount).toBe(messages.couponInvalid());
    await s.add(c.serum30.id, 1);
    const used = await s.request('POST', '/checkout/discount_code/', { discount: { code: mine.vouchers[0]!.code } });
    expect(used.statusCode, used.body).toBe(200);
  });

  it('rewards a referrer once a referred first order is delivered, once; never for one’s own code, the owner’s phone or address, or a cancelled order', async () => {
    const referrer = await customer();
    const code = (await account(referrer)).referral.code;

    // Their own code: no discount, and the attempt is on record as void.
    await referrer.add(c.serum30.id, 1);
    let res = await referrer.request('POST', '/checkout/referral_code/', { code });
    expect(res.json<CheckoutResponse>().data.referral).toMatchObject({ discount: 0, error: messages.referralOwn() });
    const own = await referrer.pay({ payment_method: 'cod' }, `ly-own-${Math.random()}`);
    const [ownOrder] = await ctx()
      .db.select()
      .from(orders)
      .where(eq(orders.number, payData(own).order.number));
    expect(ownOrder!.referralDiscount).toBe(0);
    await deliver(ownOrder!.id);

    // A new customer at the referrer's address (another phone): a household referring itself.
    const housemate = await newCustomer(app());
    const [referrerAddress] = (await referrer.request('GET', '/addresses/?type=shipping')).json<{ data: { address_detail: string }[] }>()
      .data;
    await housemate.address({ phone: housemate.phone, address_detail: referrerAddress!.address_detail });
    await housemate.add(c.serum30.id, 1);
    res = await housemate.request('POST', '/checkout/referral_code/', { code: code.toLowerCase() });
    expect(res.json<CheckoutResponse>().data.referral).toMatchObject({ discount: 0, error: messages.referralHousehold() });

    // A new customer elsewhere: the welcome discount (৳100 on ৳500 or more).
    const friend = await customer();
    await friend.add(c.serum30.id, 1);
    res = await friend.request('POST', '/checkout/referral_code/', { code });
    const summary = res.json<CheckoutResponse>().data;
    expect(summary.referral).toMatchObject({ code, discount: 10_000, error: null });
    expect(summary.totals.referral_discount).toBe(10_000);
    const placed = await friend.pay({ payment_method: 'cod' }, `ly-friend-${Math.random()}`);
    expect(placed.statusCode, placed.body).toBe(200);
    const [friendOrder] = await ctx()
      .db.select()
      .from(orders)
      .where(eq(orders.number, payData(placed).order.number));
    expect(friendOrder).toMatchObject({ referralDiscount: 10_000, referralCode: code });
    expect((await account(referrer)).history.some((e) => e.kind === 'referral')).toBe(false);
    await deliver(friendOrder!.id);
    let mine = await account(referrer);
    expect(mine.history.filter((e) => e.kind === 'referral')).toEqual([expect.objectContaining({ points: 100 })]);
    expect(mine.referral).toMatchObject({ referred: 1, rewarded: 1 });
    // Their second order is not a first order.
    await friend.add(c.serum30.id, 1);
    res = await friend.request('POST', '/checkout/referral_code/', { code });
    expect(res.json<CheckoutResponse>().data.referral?.error).toBe(messages.referralNotFirst());

    // Another friend's first order is cancelled: nothing for the referrer.
    const other = await customer();
    await other.add(c.serum30.id, 1);
    await other.request('POST', '/checkout/referral_code/', { code });
    const cancelled = await other.pay({ payment_method: 'cod' }, `ly-other-${Math.random()}`);
    const [otherOrder] = await ctx()
      .db.select()
      .from(orders)
      .where(eq(orders.number, payData(cancelled).order.number));
    await move(otherOrder!.id, 'cancelled');
    mine = await account(referrer);
    expect(mine.history.filter((e) => e.kind === 'referral')).toHaveLength(1);
    const rows = await ctx().db.select().from(referrals).where(eq(referrals.referrerId, referrer.customerId!));
    expect(rows.map((r) => [r.status, r.reason]).sort()).toEqual(
      [
        ['rewarded', 'The first order was delivered'],
        ['void', "You can't use your own referral code"],
        ['void', 'The order was cancelled'],
      ].sort(),
    );
    // The back office lists them.
    const listed = await owner.client.get('/loyalty/referrals/?status=void');
    expect(listed.statusCode).toBe(200);
  });

  it('lets staff adjust with a reason (audited), refuses bad input, and shows members and cost', async () => {
    const s = await customer();
    const bad = await adjust(s.customerId!, 0, 'x');
    expect(bad.statusCode).toBe(400);
    const res = await adjust(s.customerId!, 25, 'Apology for a damaged box');
    expect(res.statusCode, res.body).toBe(200);
    const ledger = res.json<{ data: { balance: number; ledger: { note: string; staff_name: string | null }[] } }>().data;
    expect(ledger.balance).toBe(25);
    expect(ledger.ledger[0]).toMatchObject({ note: 'Apology for a damaged box' });
    expect(ledger.ledger[0]!.staff_name).not.toBeNull();
    const audits = await ctx()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'loyalty_points.adjust'), eq(auditLog.entityId, String(s.customerId))));
    expect(audits).toHaveLength(1);
    // Tiers out of order are refused with the field, and nothing changes.
    const before = (await owner.client.get('/loyalty/settings/')).json<{ data: { rules: LoyaltyRules; updated_at: string } }>().data;
    const broken = { ...RULES, tiers: [RULES.tiers[0]!, RULES.tiers[2]!, RULES.tiers[1]!] };
    const refused = await owner.client.put('/loyalty/settings/', { rules: broken, loaded_at: before.updated_at });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(errorOf(refused).fields)).toContain('Each tier needs a higher spend than the one before');
    // A save from an older copy is refused.
    const stale = await owner.client.put('/loyalty/settings/', { rules: RULES, loaded_at: new Date(0).toISOString() });
    expect(stale.statusCode).toBe(409);
    const members = await owner.client.get('/loyalty/members/?tier=member');
    expect(members.statusCode).toBe(200);
    const cost = await owner.client.get('/loyalty/cost/?period=30d');
    expect(cost.statusCode, cost.body).toBe(200);
    expect(cost.json<{ data: { outstanding_points: number } }>().data.outstanding_points).toBeGreaterThanOrEqual(25);
    // A customer's ledger is staff's to read, not another customer's.
    const [acct] = await ctx().db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.customerId, s.customerId!));
    expect(acct).toBeDefined();
    const entries = await ctx().db.select().from(loyaltyEntries).where(eq(loyaltyEntries.customerId, s.customerId!));
    expect(entries).toHaveLength(1);
  });

  it('lets a tier with early access use a coupon before it starts; others wait', async () => {
    await saveRules({ ...RULES, tiers: [RULES.tiers[0]!, { ...RULES.tiers[1]!, early_access_hours: 24 }, RULES.tiers[2]!] });
    const code = `EARLY${Date.now() % 100000}`;
    await ctx()
      .db.insert(coupons)
      .values({ code, kind: 'percentage', value: 10, title: 'Early', startsAt: new Date(app().clock.nowMs() + 12 * 3_600_000) });
    const silver = await customer();
    await deliver((await order(silver, 3)).id);
    const member = await customer();
    for (const s of [silver, member]) await s.add(c.serum30.id, 1);
    expect((await silver.request('POST', '/checkout/discount_code/', { discount: { code } })).statusCode).toBe(200);
    const early = await member.request('POST', '/checkout/discount_code/', { discount: { code } });
    expect(early.statusCode).toBe(400);
    expect(errorOf(early).fields?.discount).toBe(messages.couponNotStarted());
  });

  it('keeps the points and referral discounts within the items when staff take lines off an order, and gives unused points back', async () => {
    const s = await customer();
    await adjust(s.customerId!, 500);
    await s.add(c.serum30.id, 1);
    await s.add(c.mask1.id, 1);
    const res = await s.request('POST', '/checkout/points/', { points: 500 });
    expect(res.statusCode, res.body).toBe(200);
    const paid = await s.pay({ payment_method: 'cod' }, `ly-edit-${Math.random()}`);
    const [o] = await ctx()
      .db.select()
      .from(orders)
      .where(eq(orders.number, payData(paid).order.number));
    expect(o!.pointsDiscount).toBe(50_000);
    const detail = (await owner.client.get(`/orders/${o!.id}/`)).json<{
      data: { lines: { id: number; product_title: string }[]; revision: number };
    }>().data;
    const serumLine = detail.lines.find((l) => l.product_title === 'Glow Serum')!;
    const edited = await owner.client.put(`/orders/${o!.id}/lines/`, {
      lines: [{ id: serumLine.id, quantity: 0 }],
      revision: detail.revision,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const [after] = await ctx().db.select().from(orders).where(eq(orders.id, o!.id));
    // ৳200 of items left: the points take at most that, and the 300 points they no longer use come back.
    expect(after).toMatchObject({ subtotal: 20_000, pointsDiscount: 20_000, total: after!.shipping });
    const mine = await account(s);
    expect(mine.balance).toBe(300);
    expect(mine.history[0]).toMatchObject({ kind: 'restored', points: 300, order_number: o!.number });
    // Cancelled afterwards: the rest of what it spent comes back, no more.
    await move(o!.id, 'cancelled');
    expect((await account(s)).balance).toBe(500);
  });

  it('gives a tier’s birthday voucher on the birthday (Dhaka), once a year, and tells the customer', async () => {
    const s = await customer();
    await deliver((await order(s, 3)).id); // Silver: a ৳100 birthday voucher
    const today = dhakaClock(app().clock.now());
    const birthday = `1995-${String(today.month + 1).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
    await ctx().db.update(customers).set({ birthday }).where(eq(customers.id, s.customerId!));
    await upkeep();
    await upkeep();
    const mine = await account(s);
    expect(mine.vouchers).toEqual([expect.objectContaining({ source: 'birthday', amount: 10_000, used: false })]);
    const sms = (await outboxFor(app(), s.phone)).filter((m) => m.body.includes('Happy birthday'));
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(mine.vouchers[0]!.code);
  });

  it('answers only a signed-in customer', async () => {
    const res = await app().inject({ method: 'GET', url: '/api/v1/loyalty/' });
    expect(res.statusCode).toBe(401);
  });

  // The tests below move the clock forward (sessions end): they come last, and read accounts through the service.
  it('moves up a tier at once, keeps it to the window’s end, then moves down; tells the customer each time', async () => {
    const s = await customer();
    const first = await order(s, 3); // ৳2,700 reaches Silver (৳2,000)
    await deliver(first.id);
    let mine = await account(s);
    expect(mine.tier.key).toBe('silver');
    expect(mine.next_tier).toMatchObject({ key: 'gold', remaining: 1_000_000 - 270_000 });
    expect((await outboxFor(app(), s.phone)).some((m) => m.body.includes('You are now Silver'))).toBe(true);
    // Silver's ×2 and free delivery apply from the next order.
    await s.add(c.serum30.id, 1);
    const summary = (await s.checkout()).data;
    expect(summary.loyalty).toMatchObject({ tier: 'Silver', earn: 180, free_delivery: true });
    expect(summary.totals.shipping).toBe(0);

    // Eleven months on, the spend has not left the window: still Silver after the upkeep.
    app().clock.advance(335 * DAY);
    await upkeep();
    expect((await accountOf(s.customerId!)).tier.key).toBe('silver');
    // A year and a day after reaching it, the window holds no spend: the review lowers the tier.
    app().clock.advance(31 * DAY);
    const report = await upkeep();
    expect(report.lowered).toBeGreaterThanOrEqual(1);
    mine = await accountOf(s.customerId!);
    expect(mine.tier.key).toBe('member');
    expect((await outboxFor(app(), s.phone)).some((m) => m.body.includes('Your tier is now Member'))).toBe(true);
  });

  it('expires unspent points by the clock, oldest first, after warning once', async () => {
    const s = await customer();
    await adjust(s.customerId!, 100, 'Welcome gift');
    app().clock.advance(60 * DAY);
    owner = await signedInStaff(app(), ctx().env, 'owner');
    await adjust(s.customerId!, 50, 'Second gift');
    await adjust(s.customerId!, -30, 'Correction');
    // 12 months less 10 days after the first gift: it is within the 14-day warning window.
    app().clock.advance(295 * DAY);
    await upkeep();
    await upkeep();
    const warnings = (await outboxFor(app(), s.phone)).filter((m) => m.body.includes('points expire'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.body).toContain('70 points expire');
    app().clock.advance(11 * DAY);
    await upkeep();
    let mine = await accountOf(s.customerId!);
    // The correction took 30 of the first gift's 100: 70 expire, the second gift's 50 stay.
    expect(mine.balance).toBe(50);
    expect(mine.history[0]).toMatchObject({ kind: 'expired', points: -70 });
    await upkeep();
    expect((await accountOf(s.customerId!)).balance).toBe(50);
    app().clock.advance(61 * DAY);
    await upkeep();
    mine = await accountOf(s.customerId!);
    expect(mine.balance).toBe(0);
  });
});
