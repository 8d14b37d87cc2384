import type { LedgerKind } from '@store/shared/loyalty';

/*
 * What a ledger holds, worked out from its entries alone (no state is kept beside them): the
 * balance, and which points are still unspent in which earning, so that expiry takes exactly the
 * points that were never spent. Spending takes the points that expire first (FIFO by expiry), the
 * kindest order for the shopper and the one every programme documents.
 */

export type LedgerRow = { id: number; kind: LedgerKind; points: number; expiresAt: Date | null; createdAt: Date };

/** An earning (or any credit) with what is left of it. */
export type Lot = { id: number; expiresAt: Date | null; left: number };

export const balanceOf = (rows: readonly Pick<LedgerRow, 'points'>[]) => rows.reduce((s, r) => s + r.points, 0);

const byExpiry = (a: Lot, b: Lot) =>
  (a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) - (b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY) || a.id - b.id;

/**
 * The credits with what is left of each after every debit in the ledger, in id order. A debit takes
 * from the credits alive at its time, soonest to expire first; an 'expired' entry takes from the
 * credits that had expired by its time. A debit larger than what is alive (a reversal after the
 * points were spent) leaves the balance below zero: the lots simply run out.
 */
export function lotsOf(rows: readonly LedgerRow[]): Lot[] {
  const lots: Lot[] = [];
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    if (row.points > 0) {
      lots.push({ id: row.id, expiresAt: row.expiresAt, left: row.points });
      continue;
    }
    let owed = -row.points;
    const at = row.createdAt.getTime();
    const expiredBy = (l: Lot) => l.expiresAt !== null && l.expiresAt.getTime() <= at;
    const candidates = lots.filter((l) => l.left > 0 && (row.kind === 'expired' ? expiredBy(l) : !expiredBy(l))).sort(byExpiry);
    for (const lot of candidates) {
      if (owed === 0) break;
      const take = Math.min(lot.left, owed);
      lot.left -= take;
      owed -= take;
    }
  }
  return lots;
}

/** Points in credits that have expired by `now` and are still unspent: what the next 'expired' entry takes. */
export function expiredPoints(rows: readonly LedgerRow[], now: Date): number {
  const balance = balanceOf(rows);
  if (balance <= 0) return 0;
  const due = lotsOf(rows)
    .filter((l) => l.left > 0 && l.expiresAt !== null && l.expiresAt <= now)
    .reduce((s, l) => s + l.left, 0);
  // Never more than the balance: a negative debt is not made worse by expiry.
  return Math.min(due, balance);
}

/** The unspent points of the credits expiring soonest after `now` (all those on that day's earliest expiry), or null. */
export function nextExpiry(rows: readonly LedgerRow[], now: Date, until: Date | null = null): { points: number; at: Date } | null {
  const live = lotsOf(rows)
    .filter((l) => l.left > 0 && l.expiresAt !== null && l.expiresAt > now && (until === null || l.expiresAt <= until))
    .sort(byExpiry);
  const first = live[0];
  if (!first) return null;
  const at = first.expiresAt!;
  const points = Math.min(
    balanceOf(rows),
    live.filter((l) => l.expiresAt!.getTime() === at.getTime()).reduce((s, l) => s + l.left, 0),
  );
  return points > 0 ? { points, at } : null;
}

/** Points expiring in (now, until]: the total a warning speaks of, and the last of their expiries. */
export function expiringWithin(rows: readonly LedgerRow[], now: Date, until: Date): { points: number; last: Date } | null {
  const live = lotsOf(rows).filter((l) => l.left > 0 && l.expiresAt !== null && l.expiresAt > now && l.expiresAt <= until);
  if (live.length === 0) return null;
  const points = Math.min(
    balanceOf(rows),
    live.reduce((s, l) => s + l.left, 0),
  );
  const last = new Date(Math.max(...live.map((l) => l.expiresAt!.getTime())));
  return points > 0 ? { points, last } : null;
}

/** `months` calendar months after `from` (the same day of the month, clamped by Date's rules). */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}
