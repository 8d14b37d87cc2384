import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AddressType, CouponKind, DeliveryZone, PaymentMethod } from '@store/shared/checkout-rules';
import { carts } from '../cart/cart.tables.js';
import { collections } from '../catalog/catalog.tables.js';
import { storeLocations } from '../content/content.tables.js';
import { orders } from '../orders/orders.tables.js';

/**
 * Delivery and billing addresses of a customer or of a guest (by guest id). At most one default per
 * owner and type. The zone is derived from the area when saved (bd-locations.ts).
 */
export const addresses = pgTable(
  'addresses',
  {
    id: serial().primaryKey(),
    customerId: integer(),
    guestId: text(),
    type: text().$type<AddressType>().notNull(),
    isDefault: boolean().notNull().default(false),
    name: text().notNull(),
    phone: text().notNull(),
    email: text(),
    company: text().notNull().default(''),
    division: text().notNull(),
    /** The district (SPEC's address_info.location). */
    location: text().notNull(),
    area: text().notNull(),
    addressDetail: text().notNull(),
    additionalInfo: text().notNull().default(''),
    zone: text().$type<DeliveryZone>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('addresses_customer_idx').on(t.customerId, t.type, t.id),
    index('addresses_guest_idx').on(t.guestId, t.type, t.id),
    uniqueIndex('addresses_customer_default_idx')
      .on(t.customerId, t.type)
      .where(sql`${t.isDefault} and ${t.customerId} is not null`),
    uniqueIndex('addresses_guest_default_idx')
      .on(t.guestId, t.type)
      .where(sql`${t.isDefault} and ${t.guestId} is not null`),
    check('addresses_one_owner', sql`(${t.customerId} is null) <> (${t.guestId} is null)`),
    check('addresses_type', sql`${t.type} in ('shipping', 'billing')`),
  ],
);

/**
 * Codes: a percentage or a fixed amount off the items, free shipping, or buy X get Y (the cheapest
 * eligible units free; eligible = a collection's products, or all when none is named).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial().primaryKey(),
    /** Stored upper case; shoppers type it in any case. */
    code: text().notNull().unique(),
    kind: text().$type<CouponKind>().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    /** percentage: the percent; fixed_amount: poisha (whole taka); otherwise 0. */
    value: integer().notNull().default(0),
    /** The least the items must come to (after the privilege rebate), poisha. */
    minSubtotal: integer(),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** Redemptions allowed in total, and per customer (or guest); null = no limit. */
    usageLimit: integer(),
    perCustomerLimit: integer(),
    /** Kept by the atomic redemption: `used_count < usage_limit` is checked in the same UPDATE. */
    usedCount: integer().notNull().default(0),
    buyQuantity: smallint(),
    getQuantity: smallint(),
    collectionId: integer().references(() => collections.id, { onDelete: 'set null' }),
    active: boolean().notNull().default(true),
    /** A personal voucher (issue 22): only this customer may use it; null: anyone. */
    customerId: integer(),
    /** Where a personal voucher came from: 'birthday' (a tier's benefit) or 'points' (points turned into it). */
    source: text().$type<'birthday' | 'points'>(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The back office's edit-conflict check (lib/edit-conflict.ts). */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupons_kind', sql`${t.kind} in ('percentage', 'fixed_amount', 'free_shipping', 'buy_x_get_y')`),
    check('coupons_percentage', sql`${t.kind} <> 'percentage' or ${t.value} between 1 and 100`),
    // A personal voucher bought with points is worth what they are (any poisha); a shop's code is whole taka.
    check('coupons_fixed', sql`${t.kind} <> 'fixed_amount' or (${t.value} > 0 and (${t.value} % 100 = 0 or ${t.customerId} is not null))`),
    check('coupons_bxgy', sql`${t.kind} <> 'buy_x_get_y' or (${t.buyQuantity} >= 1 and ${t.getQuantity} >= 1)`),
    index('coupons_customer_idx')
      .on(t.customerId)
      .where(sql`${t.customerId} is not null`),
    check('coupons_used', sql`${t.usedCount} >= 0 and (${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit})`),
  ],
);

/** One row per order that used a code: the per-customer limit counts those in force (not voided). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial().primaryKey(),
    couponId: integer()
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    orderId: integer()
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    customerId: integer(),
    guestId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When the order gave the use back (cancelled, or paid again with its code re-checked): kept as history, no longer counted. */
    voidedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_idx')
      .on(t.couponId, t.orderId)
      .where(sql`${t.voidedAt} is null`),
    index('coupon_redemptions_customer_idx').on(t.couponId, t.customerId),
    index('coupon_redemptions_guest_idx').on(t.couponId, t.guestId),
  ],
);

/**
 * The checkout's choices for a bag (SPEC §3 checkout state): kept on the server, so the bag's
 * totals, the address step and the pay call agree, and a reload keeps them.
 */
export const checkoutDrafts = pgTable('checkout_drafts', {
  cartId: integer()
    .primaryKey()
    .references(() => carts.id, { onDelete: 'cascade' }),
  shippingAddressId: integer().references(() => addresses.id, { onDelete: 'set null' }),
  billingAddressId: integer().references(() => addresses.id, { onDelete: 'set null' }),
  storeLocationId: integer().references(() => storeLocations.id, { onDelete: 'set null' }),
  deliveryType: text().$type<'standard' | 'same_day' | 'pickup'>().notNull().default('standard'),
  paymentMethod: text().$type<PaymentMethod>(),
  multiCardName: text(),
  couponId: integer().references(() => coupons.id, { onDelete: 'set null' }),
  /** Loyalty points the shopper chose to spend on this checkout (issue 22); capped by what is redeemable when priced. */
  points: integer().notNull().default(0),
  /** The referral code applied to this checkout (a first order's welcome discount). */
  referralCode: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
