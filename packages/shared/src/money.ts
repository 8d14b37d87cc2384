/**
 * Money is an integer of poisha (1 taka = 100 poisha) everywhere; only the UI edge formats it.
 * Every price the shop sets or computes is a whole taka.
 */
const takaFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** Empty or non-numeric amounts count as 0 (SPEC §5). */
export function toAmount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/** ৳ with en-IN grouping and no decimals: formatTaka(10000000) === '৳1,00,000'. */
export function formatTaka(poisha: unknown): string {
  return `৳${takaFormat.format(Math.round(toAmount(poisha) / 100))}`;
}

export function takaToPoisha(taka: number): number {
  return Math.round(taka) * 100;
}

/** Discounted price = price × (1 − percent/100), rounded to the whole taka. */
export function discountedPrice(pricePoisha: number, percent: number): number {
  const p = Math.min(100, Math.max(0, toAmount(percent)));
  if (p === 0) return pricePoisha;
  // Integer arithmetic until the last division keeps halves exact (549.5 rounds to 550, never 549).
  return Math.round((Math.round(pricePoisha / 100) * (100 - p)) / 100) * 100;
}
