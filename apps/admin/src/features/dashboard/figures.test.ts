import { describe, expect, it } from 'vitest';
import { bucketLabel, changeText, compactTaka, niceTicks, percentText, pointsText } from './figures';

describe('dashboard figures', () => {
  it('says how a figure moved against the previous period', () => {
    expect(changeText(120, 100)).toEqual({ text: '↑ 20%', direction: 'up' });
    expect(changeText(75, 100)).toEqual({ text: '↓ 25%', direction: 'down' });
    expect(changeText(100, 100)).toEqual({ text: '0%', direction: 'flat' });
    expect(changeText(5, 0)).toEqual({ text: 'new', direction: 'up' });
    expect(changeText(0, 0)).toEqual({ text: '—', direction: 'flat' });
    expect(changeText(250_000, 100)).toEqual({ text: '↑ 2,49,900%', direction: 'up' });
  });

  it('writes rates, their moves in points, and taka on an axis', () => {
    expect(percentText(0.125)).toBe('12.5%');
    expect(percentText(null)).toBe('—');
    expect(pointsText(0.15, 0.12)).toEqual({ text: '↑ 3.0 pts', direction: 'up' });
    expect(pointsText(0.1, null)).toEqual({ text: '—', direction: 'flat' });
    expect(compactTaka(95_000)).toBe('৳950');
    expect(compactTaka(1_200_000)).toBe('৳12K');
    expect(compactTaka(34_000_000)).toBe('৳3.4L');
    expect(compactTaka(1_250_000_000)).toBe('৳1.3Cr');
  });

  it('names a bucket by its Dhaka hour or day', () => {
    expect(bucketLabel('2026-11-27T08:00:00.000Z', 'hour')).toBe('14:00');
    expect(bucketLabel('2026-11-26T18:00:00.000Z', 'day')).toBe('27 Nov');
  });

  it('steps an axis in round numbers', () => {
    expect(niceTicks(218_000)).toEqual([0, 100_000, 200_000, 300_000]);
    expect(niceTicks(36_000)).toEqual([0, 10_000, 20_000, 30_000, 40_000]);
    expect(niceTicks(9_000)).toEqual([0, 2_500, 5_000, 7_500, 10_000]);
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});
