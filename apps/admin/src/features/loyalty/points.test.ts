import { describe, expect, it } from 'vitest';
import { multiplierText, pointValueText, pointsText, signedPoints, tierLabel } from './points';

describe('loyalty figures', () => {
  it('writes points with their sign and lakh grouping', () => {
    expect(signedPoints(120)).toBe('+120');
    expect(signedPoints(-20)).toBe('−20');
    expect(signedPoints(0)).toBe('0');
    expect(signedPoints(125_000)).toBe('+1,25,000');
    expect(pointsText(1)).toBe('1 point');
    expect(pointsText(-1)).toBe('-1 point');
    expect(pointsText(1_500)).toBe('1,500 points');
  });

  it('writes a multiplier in percent as a factor, and a point’s value to the poisha', () => {
    expect(multiplierText(100)).toBe('×1');
    expect(multiplierText(125)).toBe('×1.25');
    expect(multiplierText(150)).toBe('×1.5');
    expect(multiplierText(Number.NaN)).toBe('');
    expect(pointValueText(100)).toBe('৳1');
    expect(pointValueText(50)).toBe('৳0.50');
    expect(pointValueText(10_000)).toBe('৳100');
  });

  it('names a tier by its key', () => {
    expect(tierLabel('gold')).toBe('Gold');
    expect(tierLabel('vip_plus')).toBe('Vip plus');
  });
});
