import { randomInt } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Voucher } from '@store/shared/loyalty';
import type { DbCtx } from '../../lib/context.js';
import type { VoucherDesk } from '../loyalty/index.js';
import { couponRedemptions, coupons } from './checkout.tables.js';

/*
 * Personal vouchers (issue 22): coupons only their customer may use, once, made by the loyalty
 * programme (a tier's birthday voucher, points turned into a voucher). They are ordinary coupons
 * otherwise, so the checkout applies, redeems and gives them back as any code.
 */

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const code = (prefix: string) => prefix + Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

export const personalVouchers: VoucherDesk = {
  async issue({ db }, v) {
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await db
        .insert(coupons)
        .values({
          code: code(v.source === 'birthday' ? 'BDAY' : 'PTS'),
          kind: 'fixed_amount',
          title: v.title,
          value: v.amount,
          usageLimit: 1,
          perCustomerLimit: 1,
          endsAt: v.endsAt,
          customerId: v.customerId,
          source: v.source,
        })
        .onConflictDoNothing()
        .returning({ code: coupons.code });
      if (row) return row;
    }
    throw new Error('could not make a voucher code');
  },

  async list({ db }, customerId): Promise<Voucher[]> {
    const rows = await db
      .select()
      .from(coupons)
      .where(and(eq(coupons.customerId, customerId), isNotNull(coupons.source)))
      .orderBy(desc(coupons.id))
      .limit(50);
    return rows.map((c) => ({
      code: c.code,
      amount: c.value,
      source: c.source ?? 'points',
      ends_at: c.endsAt?.toISOString() ?? null,
      used: c.usedCount > 0,
    }));
  },

  async discountBetween({ db }: DbCtx, from, to) {
    const [row] = await db
      .select({ total: sql<number>`coalesce(sum(${coupons.value}), 0)::int` })
      .from(couponRedemptions)
      .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
      .where(
        and(
          isNotNull(coupons.customerId),
          isNull(couponRedemptions.voidedAt),
          sql`${couponRedemptions.createdAt} >= ${from}`,
          sql`${couponRedemptions.createdAt} < ${to}`,
        ),
      );
    return Number(row?.total ?? 0);
  },
};
