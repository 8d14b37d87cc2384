/*
 * The loyalty programme's arithmetic (issue 22), shared by the server, the checkout and the bag's
 * hint. No zod here: the storefront's bag chunk imports this module alone.
 */

/** What the arithmetic reads of a tier and of the rules (the full types, validated, are in loyalty.ts). */
type TierFacts = { key: string; threshold: number };
type EarnRules = { earn_points_per_100_taka: number };
type RedeemRules = { enabled: boolean; point_value: number; redeem_min_balance: number; redeem_max_share: number };

/** The tier a spend places a customer in: the highest whose threshold it reaches (tiers ascend). */
export function tierForSpend<T extends TierFacts>(tiers: readonly T[], spend: number): T {
  let found = tiers[0]!;
  for (const t of tiers) if (spend >= t.threshold) found = t;
  return found;
}

export const tierIndex = (tiers: readonly TierFacts[], key: string) => tiers.findIndex((t) => t.key === key);

/** The next tier above `key`, or null at the top. */
export function nextTier<T extends TierFacts>(tiers: readonly T[], key: string): T | null {
  const i = tierIndex(tiers, key);
  return tiers[i + 1] ?? null;
}

/**
 * The points an order earns on delivery: whole points per ৳100 of `paid` (poisha: the items after
 * every discount, delivery excluded), times the tier's multiplier, rounded down. The bag's estimate
 * and the ledger's entry use this one function.
 */
export function pointsFor(paid: number, rules: EarnRules, multiplier: number): number {
  if (paid <= 0) return 0;
  return Math.floor((paid * rules.earn_points_per_100_taka * multiplier) / (10_000 * 100));
}

/** The most points an order may take: the balance, the share of the items the rules allow, nothing below the minimum balance. */
export function redeemablePoints(balance: number, items: number, rules: RedeemRules): number {
  if (!rules.enabled || balance <= 0 || balance < rules.redeem_min_balance) return 0;
  const byShare = Math.floor((Math.max(0, items) * rules.redeem_max_share) / 100 / rules.point_value);
  return Math.max(0, Math.min(balance, byShare));
}
