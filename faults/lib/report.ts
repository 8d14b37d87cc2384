import type { Invariant } from '../invariants.js';
import { AFTER_BURST, toldOrdersExist } from '../invariants.js';
import { checkInvariants, type Sql } from './check.js';
import { sleep } from './processes.js';
import { burst, type PayRecord, type Shop, type Tally } from './shop.js';
import type { StoreProcess } from './store.js';

/** burst() with a live view of its records, so a fault can wait for the burst to be under way. */
export function liveBurst(shop: Shop, options: Parameters<typeof burst>[1]) {
  let records: PayRecord[] | null = null;
  const run = burst(shop, options, (r) => (records = r));
  return { run, records: () => records };
}

/** Waits until `n` payers have been told an order (or `ms` passed): the fault then lands mid-burst. */
export async function untilTold(records: () => PayRecord[] | null, n: number, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end && (records()?.filter((p) => p.told.size > 0).length ?? 0) < n) await sleep(20);
}

export const toldNumbers = (pays: PayRecord[]) => pays.flatMap((p) => [...p.told]);

/** Payers told an order by an answer that arrived before `at`. */
export const toldBefore = (pays: PayRecord[], at: number) =>
  pays.filter((p) => p.attempts.some((a) => a.status >= 200 && a.status < 300 && a.at + a.ms <= at)).length;

export function summarisePays(label: string, pays: PayRecord[], tally: Tally) {
  const told = pays.filter((p) => p.told.size > 0).length;
  const refused = pays.filter((p) => p.refused).length;
  const unanswered = pays.length - told - refused;
  const retried = pays.filter((p) => p.attempts.length > 1).length;
  console.log(
    `[${label}] pay calls: ${tally.total()} (${tally.toString()}); shoppers ${pays.length}: told an order ${told}, refused ${refused}, ` +
      `never answered ${unanswered}, retried ${retried}`,
  );
  return { told, refused, unanswered };
}

export function printLog(label: string, store: StoreProcess, from: number) {
  const lines = store.logSummary(from);
  console.log(`[${label}] server log since the fault began (warn and above, grouped): ${lines.length ? '' : 'nothing'}`);
  for (const l of lines.slice(0, 25)) console.log(`[${label}]   ${l}`);
}

/** The checks every burst ends with, plus the fault's own. */
export function afterBurst(label: string, sql: Sql, told: string[], extra: { invariant: Invariant; params?: unknown[] }[] = []) {
  return checkInvariants(label, sql, [
    ...AFTER_BURST.map((invariant) => ({ invariant, params: invariant === toldOrdersExist ? [told] : undefined })),
    ...extra,
  ]);
}
