import * as messages from '@store/shared/messages';
import type { Db } from '../../db/client.js';
import { runInLocale } from '../../plugins/request-locale.js';
import { customerContacts } from '../accounts/index.js';
import { accountByCode, loyaltyQuote, type LoyaltyQuote } from '../loyalty/index.js';
import { hasCountedOrder } from '../orders/index.js';
import { listAddresses, type AddressRow, type Shopper } from './addresses.service.js';

/*
 * What the loyalty programme means for this checkout (issue 22): the shopper's points and tier (a
 * customer's; a guest has none), and whether a referral code gives this order the welcome discount.
 * The code is refused, with the reason, when it is unknown, the shopper's own, given by a guest,
 * on a customer's second order, or from the code owner's phone or one of their addresses (a
 * household referring itself). The minimum order is checked with the totals (pricing.ts).
 */

/** Why a code gives no welcome discount: in the shopper's language, and in English for the back office's referral results. */
export type Refusal = { text: string; staff: string };
export type ReferralTerms = { code: string; referrerId: number | null; refusal: Refusal | null };

/** A refusal in the request's language and in English. */
export const refusal = (message: () => string): Refusal => ({ text: message(), staff: runInLocale('en', message) });
export type LoyaltyTerms = { quote: LoyaltyQuote | null; referral: ReferralTerms | null };
export const NO_LOYALTY: LoyaltyTerms = { quote: null, referral: null };

/** An address as a household is told apart: its street, area and district, letters and digits only. */
const place = (a: { addressDetail?: string; address_detail?: string; area: string; location: string }) =>
  [a.addressDetail ?? a.address_detail ?? '', a.area, a.location]
    .join(' ')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

async function referralTerms(
  db: Db,
  shopper: Shopper | null,
  code: string,
  shipping: AddressRow | null,
  phone: string | null,
): Promise<ReferralTerms> {
  const owner = await accountByCode({ db }, code);
  const refused = (message: () => string) => ({ code, referrerId: owner?.customerId ?? null, refusal: refusal(message) });
  if (!owner) return refused(messages.referralUnknown);
  const customerId = shopper?.customerId ?? null;
  if (customerId === null) return refused(messages.referralSignIn);
  if (owner.customerId === customerId) return refused(messages.referralOwn);
  if (await hasCountedOrder({ db }, customerId)) return refused(messages.referralNotFirst);
  const referrer = (await customerContacts({ db }, [owner.customerId])).get(owner.customerId);
  const phones = new Set([phone, shipping?.phone].filter((p): p is string => !!p));
  const theirAddresses = await listAddresses(db, { customerId: owner.customerId, guestId: null }, 'shipping');
  if (referrer?.phone && phones.has(referrer.phone)) return refused(messages.referralHousehold);
  if (theirAddresses.some((a) => phones.has(a.phone) || (shipping && place(a) === place(shipping))))
    return refused(messages.referralHousehold);
  return { code: owner.referralCode, referrerId: owner.customerId, refusal: null };
}

/** The shopper's quote and the referral's terms, read in the caller's database or transaction. */
export async function loyaltyTerms(
  db: Db,
  shopper: Shopper | null,
  input: { referralCode: string | null; shipping: AddressRow | null; phone: string | null; now: Date },
): Promise<LoyaltyTerms> {
  const customerId = shopper?.customerId ?? null;
  // One after the other: the order's transaction is one connection.
  const quote = customerId === null ? null : await loyaltyQuote({ db }, customerId, input.now);
  const referral = input.referralCode
    ? await referralTerms(db, shopper, input.referralCode.trim().toUpperCase(), input.shipping, input.phone)
    : null;
  return { quote, referral };
}
