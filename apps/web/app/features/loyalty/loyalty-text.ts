import type { LedgerKind } from '@store/shared/loyalty';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatDigits, formatTaka } from '../../lib/format';

/*
 * How the loyalty programme's figures read on every screen that shows them (the account, the bag,
 * the checkout, orders): points in the page's digits, signed entries, the way to the next tier.
 * Kept free of zod (types only from @store/shared/loyalty): the bag imports it.
 */

/** '1 point', '240 points' (Bangla has one form). */
export const pointsText = (n: number): string =>
  (Math.abs(n) === 1 ? m.loyalty_points_one : m.loyalty_points_other)({ count: formatCount(n) });

/** A ledger entry's points with their sign: '+12', '−50' (a true minus sign). */
export const signedPoints = (n: number): string => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatCount(Math.abs(n))}`;

/** '৳3,500 more to reach Gold'. */
export const toNextTier = (next: { name: string; remaining: number }): string =>
  m.loyalty_to_next({ amount: formatTaka(next.remaining), tier: next.name });

/** Points per ৳100 at a tier: the programme's rate times the tier's multiplier (percent): '1 point', '1.25 points'. */
export function earnRate(perHundredTaka: number, multiplier: number): string {
  const rate = (perHundredTaka * multiplier) / 100;
  const count = formatDigits(Number.isInteger(rate) ? String(rate) : rate.toFixed(2).replace(/0+$/, ''));
  return (rate === 1 ? m.loyalty_points_one : m.loyalty_points_other)({ count });
}

const KIND: Record<LedgerKind, () => string> = {
  earned: m.loyalty_kind_earned,
  redeemed: m.loyalty_kind_redeemed,
  restored: m.loyalty_kind_restored,
  reversed: m.loyalty_kind_reversed,
  expired: m.loyalty_kind_expired,
  adjusted: m.loyalty_kind_adjusted,
  referral: m.loyalty_kind_referral,
};

export const ledgerKindLabel = (kind: LedgerKind): string => KIND[kind]();

/** A whole number of points as typed, in Latin or Bengali digits ('১২০' is 120); null for anything else. */
export function parsePoints(typed: string): number | null {
  const latin = typed.trim().replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));
  return /^\d{1,9}$/.test(latin) ? Number(latin) : null;
}
