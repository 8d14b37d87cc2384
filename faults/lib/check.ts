import type { Invariant } from '../invariants.js';

/** A query function over the store's database: PostgreSQL (pg) or PGlite. */
export type Sql = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/**
 * Runs each invariant, prints its name and counts, and returns the broken ones as readable lines
 * (the test expects that list to be empty, so a failure names what broke).
 */
export async function checkInvariants(label: string, sql: Sql, checks: { invariant: Invariant; params?: unknown[] }[]): Promise<string[]> {
  const broken: string[] = [];
  for (const { invariant, params } of checks) {
    const [row = {}] = await sql(invariant.sql, params);
    const counts = Object.entries(row)
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(' ');
    const bad = invariant.zero.filter((column) => Number(row[column]) !== 0);
    console.log(`[${label}] ${bad.length ? 'BROKEN' : 'ok    '} ${invariant.name}: ${counts}`);
    if (bad.length) broken.push(`${invariant.name}: ${bad.map((c) => `${c}=${String(row[c])}`).join(', ')}`);
  }
  return broken;
}
