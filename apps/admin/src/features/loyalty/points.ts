import { formatTaka, groupIndian } from '@store/shared/money';

/**
 * A tier by its key, where the answer names tiers by key only (the members screen's counts per
 * tier): the default tiers' names are their keys capitalised ("gold" → "Gold").
 */
export function tierLabel(key: string): string {
  const words = key.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Points with lakh grouping and their sign: "+1,250", "−40", "0". */
export function signedPoints(points: number): string {
  if (points === 0) return '0';
  return `${points > 0 ? '+' : '−'}${groupIndian(Math.abs(points))}`;
}

/** "1,250 points", "1 point". */
export function pointsText(points: number): string {
  return `${groupIndian(points)} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
}

/** A multiplier in percent as shoppers read it: 150 → "×1.5". */
export function multiplierText(percent: number): string {
  return Number.isFinite(percent) ? `×${Number((percent / 100).toFixed(2))}` : '';
}

/** What a point is worth, to the poisha where it is not a whole taka: 100 → "৳1", 50 → "৳0.50". */
export function pointValueText(poisha: number): string {
  if (!Number.isFinite(poisha)) return '';
  return poisha % 100 === 0 ? formatTaka(poisha) : `৳${(poisha / 100).toFixed(2)}`;
}
