import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NoteAttribute } from '@store/shared/cart';
import { products, variants } from '../catalog/catalog.tables.js';

/**
 * A bag is a draft order. A visitor's is found by the hash of its cookie token; a customer's or a
 * guest's by their id (customers and guests live in the accounts module, so no foreign key here).
 * Only one open bag per customer and per guest; a visitor's bag stops being reachable by its token
 * once it is merged into (or adopted as) a customer's bag.
 */
export const carts = pgTable(
  'carts',
  {
    id: serial().primaryKey(),
    /** SHA-256 (hex) of the visitor's cart cookie; null once the bag belongs to a customer or guest. */
    tokenHash: text(),
    customerId: integer(),
    guestId: text(),
    /** open → merged (folded into a customer's bag at login) or ordered (checkout). */
    status: text().$type<'open' | 'merged' | 'ordered'>().notNull().default('open'),
    deliveryType: text().notNull().default('standard'),
    noteAttributes: jsonb().$type<NoteAttribute[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('carts_token_hash_idx').on(t.tokenHash),
    uniqueIndex('carts_open_customer_idx')
      .on(t.customerId)
      .where(sql`${t.status} = 'open' and ${t.customerId} is not null`),
    uniqueIndex('carts_open_guest_idx')
      .on(t.guestId)
      .where(sql`${t.status} = 'open' and ${t.guestId} is not null`),
    // Stale visitor bags are found (and purged) by age.
    index('carts_updated_idx').on(t.updatedAt),
    check('carts_status', sql`${t.status} in ('open', 'merged', 'ordered')`),
  ],
);

/**
 * Gift rules: a free variant once the bag's subtotal reaches a threshold ('spend'), or once the bag
 * holds N of a product ('buy'). A bag earns each active rule at most once.
 */
export const giftRules = pgTable(
  'gift_rules',
  {
    id: serial().primaryKey(),
    kind: text().$type<'spend' | 'buy'>().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    /** spend: subtotal (poisha, after the variants' discounts, gifts excluded) from which the gift is given. */
    minSubtotal: integer(),
    /** buy: the product to buy and how many of it. */
    buyProductId: integer().references(() => products.id, { onDelete: 'cascade' }),
    buyQuantity: smallint(),
    giftVariantId: integer()
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    giftQuantity: smallint().notNull().default(1),
    active: boolean().notNull().default(true),
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    position: smallint().notNull().default(0),
    /** Moves on every save from the editor (not on reordering): a save from an older copy is refused. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('gift_rules_kind', sql`${t.kind} in ('spend', 'buy')`),
    check('gift_rules_spend', sql`${t.kind} <> 'spend' or (${t.minSubtotal} is not null and ${t.minSubtotal} > 0)`),
    check('gift_rules_buy', sql`${t.kind} <> 'buy' or (${t.buyProductId} is not null and ${t.buyQuantity} between 1 and 6)`),
    check('gift_rules_gift_quantity', sql`${t.giftQuantity} between 1 and 6`),
  ],
);

/** A line of a bag: a paid line per variant, and at most one gift line per gift rule. */
export const cartLines = pgTable(
  'cart_lines',
  {
    id: serial().primaryKey(),
    cartId: integer()
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    variantId: integer()
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    quantity: smallint().notNull(),
    /** Set on a free gift line: the rule that put it there. */
    giftRuleId: integer().references(() => giftRules.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cart_lines_paid_idx')
      .on(t.cartId, t.variantId)
      .where(sql`${t.giftRuleId} is null`),
    uniqueIndex('cart_lines_gift_idx')
      .on(t.cartId, t.giftRuleId)
      .where(sql`${t.giftRuleId} is not null`),
    index('cart_lines_cart_idx').on(t.cartId, t.id),
    index('cart_lines_variant_idx').on(t.variantId),
    check('cart_lines_quantity_range', sql`${t.quantity} between 1 and 6`),
  ],
);

/** Privilege cards: a card number held by a customer, giving a percent rebate on the bag's subtotal. */
export const privilegeCards = pgTable(
  'privilege_cards',
  {
    id: serial().primaryKey(),
    number: text().notNull().unique(),
    customerId: integer(),
    percent: smallint().notNull(),
    active: boolean().notNull().default(true),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Moves on every save: a save from an older copy is refused. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('privilege_cards_customer_idx')
      .on(t.customerId)
      .where(sql`${t.customerId} is not null`),
    check('privilege_cards_percent_range', sql`${t.percent} between 1 and 50`),
  ],
);
