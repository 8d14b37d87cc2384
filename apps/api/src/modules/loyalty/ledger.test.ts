import { describe, expect, it } from 'vitest';
import { addMonths, balanceOf, expiredPoints, expiringWithin, lotsOf, nextExpiry, type LedgerRow } from './ledger.js';

const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);
let id = 0;
const row = (kind: LedgerRow['kind'], points: number, at: number, expiresIn: number | null = points > 0 ? 365 : null): LedgerRow => ({
  id: (id += 1),
  kind,
  points,
  createdAt: day(at),
  expiresAt: expiresIn === null ? null : day(at + expiresIn),
});

describe('the ledger’s arithmetic', () => {
  it('spends the points that expire first, and expires only what was never spent', () => {
    const rows = [row('earned', 100, 0), row('adjusted', 50, 10, 30), row('redeemed', -60, 20)];
    // The adjustment expires first (day 40): the 60 spent take its 50, then 10 of the earning.
    expect(lotsOf(rows).map((l) => l.left)).toEqual([90, 0]);
    expect(balanceOf(rows)).toBe(90);
    expect(expiredPoints(rows, day(100))).toBe(0);
    expect(expiredPoints(rows, day(365))).toBe(90);
    const after = [...rows, row('expired', -90, 366)];
    expect(balanceOf(after)).toBe(0);
    expect(expiredPoints(after, day(400))).toBe(0);
  });

  it('does not let a spend take points that had expired by its time', () => {
    const rows = [row('earned', 100, 0, 30), row('earned', 40, 10), row('redeemed', -40, 50)];
    // On day 50 the first earning has expired (unspent, waiting for the upkeep): the spend takes the second.
    expect(lotsOf(rows).map((l) => l.left)).toEqual([100, 0]);
    expect(expiredPoints(rows, day(50))).toBe(100);
  });

  it('never expires more than the balance (a reversal after spending left it below what the lots hold)', () => {
    const rows = [row('earned', 100, 0), row('reversed', -100, 5), row('earned', 30, 6)];
    expect(balanceOf(rows)).toBe(30);
    expect(expiredPoints(rows, day(400))).toBe(30);
  });

  it('tells what expires next and within a window', () => {
    const rows = [row('earned', 100, 0), row('earned', 20, 30), row('redeemed', -10, 40)];
    expect(nextExpiry(rows, day(100))).toEqual({ points: 90, at: day(365) });
    expect(expiringWithin(rows, day(360), day(374))).toEqual({ points: 90, last: day(365) });
    expect(expiringWithin(rows, day(360), day(400))).toEqual({ points: 110, last: day(395) });
    expect(expiringWithin(rows, day(10), day(20))).toBeNull();
  });

  it('adds calendar months', () => {
    expect(addMonths(new Date('2026-01-15T10:00:00Z'), 12).toISOString()).toBe('2027-01-15T10:00:00.000Z');
    expect(addMonths(new Date('2026-03-15T10:00:00Z'), -1).toISOString()).toBe('2026-02-15T10:00:00.000Z');
  });
});
