import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Env } from '../config/env.js';
import type { Db } from '../db/client.js';
import { cleanUpAccounts } from '../modules/accounts/index.js';
import { deleteStaleVisitorBags } from '../modules/cart/index.js';
import { deleteSentOutbox } from '../modules/notifications/index.js';
import { deleteOldRumSamples } from '../modules/rum/index.js';
import type { Clock } from './clock.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type CleanupDeps = {
  db: Db;
  env: Pick<Env, 'VISITOR_BAG_DAYS' | 'OUTBOX_KEEP_DAYS' | 'RUM_KEEP_DAYS'>;
  clock: Clock;
  log: FastifyBaseLogger;
};

/** Rows removed per kind; a kind whose step failed is missing (and named in `failed`). */
export type CleanupCounts = Record<string, number>;
export type CleanupResult = { counts: CleanupCounts; failed: string[] };

/**
 * One run of the clean-up: each module removes its own dead rows (never an order, a payment, or a
 * customer's or guest's bag). A step that fails is logged and the others still run; the next run retries it.
 */
export async function runCleanup(deps: CleanupDeps): Promise<CleanupResult> {
  const now = deps.clock.now();
  const steps: [string, () => Promise<CleanupCounts>][] = [
    ['accounts', () => cleanUpAccounts(deps, now)],
    [
      'visitorBags',
      async () => ({ visitorBags: await deleteStaleVisitorBags(deps, new Date(now.getTime() - deps.env.VISITOR_BAG_DAYS * DAY_MS)) }),
    ],
    [
      'sentOutbox',
      async () => ({ sentOutbox: await deleteSentOutbox(deps, new Date(now.getTime() - deps.env.OUTBOX_KEEP_DAYS * DAY_MS)) }),
    ],
    [
      'rumSamples',
      async () => ({ rumSamples: await deleteOldRumSamples(deps, new Date(now.getTime() - deps.env.RUM_KEEP_DAYS * DAY_MS)) }),
    ],
  ];
  const result: CleanupResult = { counts: {}, failed: [] };
  const started = Date.now();
  for (const [name, step] of steps) {
    try {
      Object.assign(result.counts, await step());
    } catch (err) {
      result.failed.push(name);
      deps.log.error({ err, step: name }, 'clean-up step failed; retried at the next run');
    }
  }
  deps.log.info({ deleted: result.counts, failed: result.failed, ms: Date.now() - started }, 'clean-up run');
  return result;
}

/**
 * The job 'clean-up' every CLEANUP_INTERVAL_MINUTES (0 turns it off), once across all processes
 * (modules/jobs). Plain DELETEs in batches, so a run cut short is simply continued by the next.
 */
export function startCleanupJob(app: FastifyInstance, clock: Clock): void {
  app.jobs.every('clean-up', app.env.CLEANUP_INTERVAL_MINUTES * 60, () => runCleanup({ db: app.db, env: app.env, clock, log: app.log }));
}
