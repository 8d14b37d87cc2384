import { describe, expect, it } from 'vitest';
import * as messages from '@store/shared/messages';
import { evaluateCoupon, type CouponInput, type CouponRow } from './coupons.js';

const now = new Date('2026-06-01T10:00:00Z');
const coupon = (over: Partial<CouponRow>): CouponRow => ({
  id: 1,
  code: 'X',
  kind: 'percentage',
  title: 'x',
  description: '',
  value: 10,
  minSubtotal: null,
  startsAt: null,
  endsAt: null,
  usageLimit: null,
  perCustomerLimit: null,
  usedCount: 0,
  buyQuantity: null,
  getQuantity: null,
  collectionId: null,
  active: true,
  customerId: null,
  source: null,
  createdAt: now,
  updatedAt: now,
  ...over,
});
const input = (c: Partial<CouponRow>, over: Partial<CouponInput> = {}): CouponInput => ({
  coupon: coupon(c),
  now,
  base: 155_000,
  lines: [{ productId: 1, unitPrice: 155_000, quantity: 1 }],
  eligible: null,
  shippingFee: 6_000,
  usedByShopper: 0,
  customerId: null,
  earlyAccessHours: 0,
  ...over,
});

describe('evaluateCoupon', () => {
  it('takes a percentage off to the whole taka, a fixed amount no more than the items, and waives shipping', () => {
    expect(evaluateCoupon(input({ kind: 'percentage', value: 10 }))).toEqual({ ok: true, discount: 15_500, shippingWaived: 0 });
    expect(evaluateCoupon(input({ kind: 'percentage', value: 15 }, { base: 99_900 }))).toEqual({
      ok: true,
      discount: 15_000,
      shippingWaived: 0,
    });
    expect(evaluateCoupon(input({ kind: 'fixed_amount', value: 20_000 }, { base: 15_000 }))).toEqual({
      ok: true,
      discount: 15_000,
      shippingWaived: 0,
    });
    expect(evaluateCoupon(input({ kind: 'free_shipping', value: 0 }))).toEqual({ ok: true, discount: 0, shippingWaived: 6_000 });
  });

  it('gives the cheapest eligible unit of every buy+get group free', () => {
    const lines = [
      { productId: 1, unitPrice: 80_000, quantity: 2 },
      { productId: 2, unitPrice: 20_000, quantity: 3 },
      { productId: 3, unitPrice: 5_000, quantity: 4 },
    ];
    const b2g1 = { kind: 'buy_x_get_y' as const, buyQuantity: 2, getQuantity: 1, value: 0 };
    // Eligible: 80k, 80k, 20k, 20k, 20k → one group of 3 → the cheapest (20k) free.
    expect(evaluateCoupon(input(b2g1, { lines, eligible: new Set([1, 2]), base: 240_000 }))).toMatchObject({ ok: true, discount: 20_000 });
    // All 9 units: three groups → the three cheapest (5k each) free.
    expect(evaluateCoupon(input(b2g1, { lines, eligible: null, base: 240_000 }))).toMatchObject({ ok: true, discount: 15_000 });
    expect(evaluateCoupon(input(b2g1, { lines, eligible: new Set([3]) }))).toMatchObject({ ok: true, discount: 5_000 });
    expect(evaluateCoupon(input(b2g1, { lines: [{ productId: 1, unitPrice: 80_000, quantity: 1 }], eligible: null }))).toEqual({
      ok: false,
      message: messages.couponNeedsItems(2),
    });
  });

  it('checks activity, dates, limits and the minimum spend', () => {
    expect(evaluateCoupon(input({ active: false }))).toEqual({ ok: false, message: messages.couponInvalid() });
    expect(evaluateCoupon(input({ startsAt: new Date('2026-06-02') }))).toEqual({ ok: false, message: messages.couponNotStarted() });
    expect(evaluateCoupon(input({ endsAt: now }))).toEqual({ ok: false, message: messages.couponExpired() });
    // A tier's early access: a code starting tomorrow applies a day early; someone else's voucher never does.
    expect(evaluateCoupon(input({ startsAt: new Date(now.getTime() + 20 * 3_600_000) }, { earlyAccessHours: 24 }))).toMatchObject({
      ok: true,
    });
    expect(evaluateCoupon(input({ customerId: 7 }, { customerId: 8 }))).toEqual({ ok: false, message: messages.couponInvalid() });
    expect(evaluateCoupon(input({ customerId: 7 }, { customerId: 7 }))).toMatchObject({ ok: true });
    expect(evaluateCoupon(input({ endsAt: new Date('2026-06-02') }))).toMatchObject({ ok: true });
    expect(evaluateCoupon(input({ usageLimit: 5, usedCount: 5 }))).toEqual({ ok: false, message: messages.couponUsedUp() });
    expect(evaluateCoupon(input({ perCustomerLimit: 1 }, { usedByShopper: 1 }))).toEqual({
      ok: false,
      message: messages.couponAlreadyUsed(),
    });
    expect(evaluateCoupon(input({ minSubtotal: 200_000 }))).toEqual({ ok: false, message: messages.couponMinSpend('৳2,000') });
    expect(evaluateCoupon(input({ minSubtotal: 155_000 }))).toMatchObject({ ok: true });
  });
});
