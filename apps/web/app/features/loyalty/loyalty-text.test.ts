import { describe, expect, it } from 'vitest';
import { earnRate, ledgerKindLabel, parsePoints, pointsText, signedPoints, toNextTier } from './loyalty-text';

describe('loyalty figures as the English pages write them', () => {
  it('counts points in one and many', () => {
    expect(pointsText(1)).toBe('1 point');
    expect(pointsText(1250)).toBe('1,250 points');
    expect(pointsText(0)).toBe('0 points');
  });

  it('signs ledger entries with a true minus', () => {
    expect(signedPoints(12)).toBe('+12');
    expect(signedPoints(-50)).toBe('−50');
    expect(signedPoints(0)).toBe('0');
  });

  it('says how far the next tier is, in taka', () => {
    expect(toNextTier({ name: 'Gold', remaining: 350_000 })).toBe('৳3,500 more to reach Gold');
  });

  it('writes the earning rate of a tier per ৳100', () => {
    expect(earnRate(1, 100)).toBe('1 point');
    expect(earnRate(1, 125)).toBe('1.25 points');
    expect(earnRate(1, 150)).toBe('1.5 points');
    expect(earnRate(2, 150)).toBe('3 points');
  });

  it('names every kind of ledger entry', () => {
    expect(ledgerKindLabel('earned')).toBe('Earned');
    expect(ledgerKindLabel('referral')).toBe('Referral reward');
  });

  it('reads typed points in Latin or Bengali digits, nothing else', () => {
    expect(parsePoints(' 120 ')).toBe(120);
    expect(parsePoints('১২০')).toBe(120);
    expect(parsePoints('')).toBeNull();
    expect(parsePoints('12.5')).toBeNull();
    expect(parsePoints('-3')).toBeNull();
    expect(parsePoints('1e3')).toBeNull();
  });
});
