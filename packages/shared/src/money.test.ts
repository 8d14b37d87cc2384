import { describe, expect, it } from 'vitest';
import { discountedPrice, formatTaka, groupIndian, takaToPoisha, toAmount } from './money.js';

describe('money', () => {
  it('formats poisha as taka with en-IN grouping and no decimals', () => {
    expect(formatTaka(10_000_000)).toBe('৳1,00,000');
    expect(formatTaka(125_000)).toBe('৳1,250');
    expect(formatTaka(0)).toBe('৳0');
    expect(formatTaka(12_345_678_900)).toBe('৳12,34,56,789');
  });

  it('groups as Intl en-IN does, for every size of amount and both signs', () => {
    const intl = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
    const samples = [
      0, 1, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000, 12_345_678, 123_456_789, 1_234_567_890,
      98_765_432_109_876,
    ];
    for (let n = 1; n < 1e15; n = n * 7 + 3) samples.push(n);
    for (const n of samples) {
      expect(groupIndian(n)).toBe(intl.format(n));
      if (n > 0) expect(groupIndian(-n)).toBe(intl.format(-n));
    }
    expect(groupIndian(1234.4)).toBe('1,234');
    expect(groupIndian(-0.2)).toBe('0');
    expect(formatTaka(-125_000)).toBe('৳-1,250');
  });

  it('counts empty or non-numeric amounts as 0', () => {
    expect(toAmount('')).toBe(0);
    expect(toAmount('abc')).toBe(0);
    expect(toAmount(undefined)).toBe(0);
    expect(toAmount(null)).toBe(0);
    expect(toAmount('1500')).toBe(1500);
    expect(formatTaka('nope')).toBe('৳0');
  });

  it('rounds a discounted price to the whole taka', () => {
    expect(discountedPrice(takaToPoisha(1099), 50)).toBe(55_000); // 549.5 → 550
    expect(discountedPrice(takaToPoisha(999), 15)).toBe(84_900); // 849.15 → 849
    expect(discountedPrice(takaToPoisha(650), 0)).toBe(65_000);
    expect(discountedPrice(takaToPoisha(650), 100)).toBe(0);
    expect(discountedPrice(takaToPoisha(650), 150)).toBe(0);
  });
});
