import { formatDhakaDateBn } from '@store/shared/bangla';
import { SHOP_NAME } from '@store/shared/constants';
import { formatDhakaDate } from '@store/shared/dhaka-time';
import * as m from '@store/shared/i18n/messages';
import type { Locale } from '@store/shared/locale';
import type { LoyaltyRules } from '@store/shared/loyalty';
import type { DbCtx } from '../../lib/context.js';
import { digitsIn, pageUrlIn, takaIn } from '../../lib/in-locale.js';
import { customerContacts } from '../accounts/index.js';
import type { QueuedMessage } from '../notifications/index.js';
import { tierName, type TierMove } from './loyalty.service.js';

/*
 * What the programme tells a customer (issue 22 item 5): a tier reached or lowered, points about to
 * expire, a birthday voucher. Each is queued in the outbox in the transaction that decided it, so
 * the message exists exactly when the change does; the outbox's sending caps apply as to any message.
 * Written in the language of the customer's latest order.
 */

export type LoyaltyOutbox = { publicUrl: string; queue(ctx: DbCtx, messages: QueuedMessage[]): Promise<unknown> };

/** Where the account's rewards tab is. */
export const REWARDS_PATH = '/account/rewards';

const dateIn = (locale: Locale, at: Date) => (locale === 'bn' ? formatDhakaDateBn(at, 'long') : formatDhakaDate(at, 'long'));

type Text = { sms: string; subject: string; body: string };

/** The customer's SMS (to their phone) and e-mail (to their address), whichever they have. */
async function send(ctx: DbCtx, outbox: LoyaltyOutbox, customerId: number, text: Text): Promise<void> {
  const contact = (await customerContacts(ctx, [customerId])).get(customerId);
  if (!contact) return;
  const queued: QueuedMessage[] = [];
  if (contact.phone) queued.push({ channel: 'sms', to: contact.phone, body: text.sms });
  if (contact.email) queued.push({ channel: 'email', to: contact.email, subject: text.subject, body: text.body });
  if (queued.length) await outbox.queue(ctx, queued);
}

export async function queueTierMessage(
  ctx: DbCtx,
  outbox: LoyaltyOutbox,
  customerId: number,
  move: TierMove,
  way: 'up' | 'down',
  locale: Locale,
  rules: LoyaltyRules,
): Promise<void> {
  const inLocale = { locale };
  const link = pageUrlIn(outbox.publicUrl, REWARDS_PATH, locale);
  const tier = tierName(move.to, locale);
  const shop = SHOP_NAME;
  const text: Text =
    way === 'up'
      ? {
          sms: m.loyalty_api_tier_up_sms({ shop, tier, link }, inLocale),
          subject: m.loyalty_api_tier_up_subject({ tier }, inLocale),
          body: m.loyalty_api_tier_up_body({ shop, tier, link }, inLocale),
        }
      : {
          sms: m.loyalty_api_tier_down_sms({ shop, tier, link }, inLocale),
          subject: m.loyalty_api_tier_down_subject({ tier }, inLocale),
          body: m.loyalty_api_tier_down_body({ months: digitsIn(locale, rules.tier_window_months), tier, link }, inLocale),
        };
  await send(ctx, outbox, customerId, text);
}

export async function queueExpiryWarning(
  ctx: DbCtx,
  outbox: LoyaltyOutbox,
  customerId: number,
  expiring: { points: number; at: Date },
  locale: Locale,
): Promise<void> {
  const inLocale = { locale };
  const link = pageUrlIn(outbox.publicUrl, '/checkout', locale);
  const points = digitsIn(locale, expiring.points);
  const date = dateIn(locale, expiring.at);
  await send(ctx, outbox, customerId, {
    sms: m.loyalty_api_expiry_sms({ shop: SHOP_NAME, points, date, link }, inLocale),
    subject: m.loyalty_api_expiry_subject({ points, date }, inLocale),
    body: m.loyalty_api_expiry_body({ points, date, link }, inLocale),
  });
}

export async function queueBirthdayVoucher(
  ctx: DbCtx,
  outbox: LoyaltyOutbox,
  customerId: number,
  voucher: { code: string; amount: number; endsAt: Date },
  locale: Locale,
): Promise<void> {
  const inLocale = { locale };
  const link = pageUrlIn(outbox.publicUrl, REWARDS_PATH, locale);
  const amount = takaIn(locale, voucher.amount);
  const date = dateIn(locale, voucher.endsAt);
  await send(ctx, outbox, customerId, {
    sms: m.loyalty_api_birthday_sms({ shop: SHOP_NAME, amount, code: voucher.code, date }, inLocale),
    subject: m.loyalty_api_birthday_subject({ shop: SHOP_NAME }, inLocale),
    body: m.loyalty_api_birthday_body({ amount, code: voucher.code, date, link }, inLocale),
  });
}
