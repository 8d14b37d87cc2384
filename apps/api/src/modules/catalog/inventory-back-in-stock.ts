import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { productUrl } from '@store/shared/catalog';
import { SHOP_NAME } from '@store/shared/constants';
import * as m from '@store/shared/i18n/messages';
import type { Locale } from '@store/shared/locale';
import type { DbCtx } from '../../lib/context.js';
import { inLanguage, pageUrlIn } from '../../lib/in-locale.js';
import type { QueuedMessage } from '../notifications/index.js';
import { brands, products, stockNotifications, variants } from './catalog.tables.js';

/*
 * Back in stock (issue 17 item 4): when a variant's stock leaves 0 (a staff adjustment, a cancelled
 * order giving its items back), every pending 'Notify me' request for it gets one SMS (a phone
 * contact) or e-mail (an e-mail contact). The messages are queued in the transaction of the stock
 * change and the requests are marked notified_at in the same transaction, so a request is answered
 * once: 0 → 5 → 0 → 5 writes again only to requests made after the first message.
 *
 * The stock functions run with nothing but the caller's transaction (orders call releaseStock with
 * { db: tx }), so the app connects the outbox here once at start-up (app.ts): the notifier queues
 * in that transaction, and PUBLIC_URL makes the product link.
 */

export type BackInStockOutbox = {
  publicUrl: string;
  queue(ctx: DbCtx, messages: QueuedMessage[]): Promise<unknown>;
};

let connected: BackInStockOutbox | null = null;

/** Connects the outbox (app start-up); returns the disconnect for the app's close. */
export function connectBackInStock(outbox: BackInStockOutbox): () => void {
  connected = outbox;
  return () => {
    if (connected === outbox) connected = null;
  };
}

/** Longer names are cut so the SMS stays within two segments. */
const SMS_NAME_MAX = 60;
const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type BackInStockItem = { product: string; variant: string; url: string };

/** The SMS: the product, the variant and the link, short; in the language the request was made in (issue 21). */
export function backInStockSms(item: BackInStockItem, locale: Locale = 'en'): string {
  return m.stock_back_sms({ shop: SHOP_NAME, name: cut(`${item.product} (${item.variant})`, SMS_NAME_MAX), url: item.url }, { locale });
}

export function backInStockEmail(item: BackInStockItem, locale: Locale = 'en') {
  const name = `${item.product} (${item.variant})`;
  const intro = m.stock_back_intro({ name, shop: SHOP_NAME }, { locale });
  const outro = m.stock_back_outro({}, { locale });
  const shopNow = m.stock_back_shop_now({}, { locale });
  return {
    subject: m.stock_back_subject({ name: cut(name, 120) }, { locale }),
    text: `${intro}\n\n${shopNow}: ${item.url}\n\n${outro}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(item.url)}">${escapeHtml(shopNow)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

/**
 * Marks the pending requests of these variants (of published products) notified and queues one
 * message each, in ctx's transaction; answers how many. Call it after the UPDATE that took the
 * variant from 0: that statement holds the variant's row, and the UPDATE here skips a request
 * another transaction marked first, so no request is answered twice. Without a connected outbox
 * (a script outside the app) the requests stay pending.
 */
export async function notifyBackInStock({ db: tx }: DbCtx, variantIds: number[]): Promise<number> {
  const outbox = connected;
  if (!outbox || !variantIds.length) return 0;
  const published = tx
    .select({ id: variants.id })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(inArray(variants.id, variantIds), eq(products.published, true)));
  const claimed = await tx
    .update(stockNotifications)
    .set({ notifiedAt: sql`now()` })
    .where(and(inArray(stockNotifications.variantId, published), isNull(stockNotifications.notifiedAt)))
    .returning({
      variantId: stockNotifications.variantId,
      email: stockNotifications.email,
      phone: stockNotifications.phone,
      locale: stockNotifications.locale,
    });
  if (!claimed.length) return 0;
  const names = await tx
    .select({
      id: variants.id,
      variant: variants.title,
      product: products.name,
      productBn: products.nameBn,
      handle: products.handle,
      brand: brands.handle,
    })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(inArray(variants.id, [...new Set(claimed.map((c) => c.variantId))]));
  const items = new Map(names.map((n) => [n.id, { ...n, path: productUrl(n.brand, n.handle) }]));
  const messages: QueuedMessage[] = claimed.flatMap((c): QueuedMessage[] => {
    const named = items.get(c.variantId);
    if (!named) return [];
    // The product's page in the language the request was made in.
    const item = {
      product: inLanguage(c.locale, named.product, named.productBn),
      variant: named.variant,
      url: pageUrlIn(outbox.publicUrl, named.path, c.locale),
    };
    if (c.phone) return [{ channel: 'sms', to: c.phone, body: backInStockSms(item, c.locale) }];
    if (c.email) {
      const email = backInStockEmail(item, c.locale);
      return [{ channel: 'email', to: c.email, subject: email.subject, body: email.text, html: email.html }];
    }
    return [];
  });
  await outbox.queue({ db: tx }, messages);
  return messages.length;
}
