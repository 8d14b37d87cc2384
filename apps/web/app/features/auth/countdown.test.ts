import { describe, expect, it } from 'vitest';
import { formatMmSs } from './countdown';

describe('formatMmSs', () => {
  it('formats minutes and zero-padded seconds', () => {
    expect(formatMmSs(120_000)).toBe('2:00');
    expect(formatMmSs(65_000)).toBe('1:05');
    expect(formatMmSs(9_000)).toBe('0:09');
  });
  it('rounds partial seconds up so the last second still shows 0:01', () => {
    expect(formatMmSs(400)).toBe('0:01');
    expect(formatMmSs(119_001)).toBe('2:00');
  });
  it('never goes negative', () => {
    expect(formatMmSs(-5000)).toBe('0:00');
  });
});
