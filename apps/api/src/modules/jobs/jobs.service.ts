import type { FastifyBaseLogger } from 'fastify';
import { PgBoss, fromPglite, type ConstructorOptions, type JobWithMetadata } from 'pg-boss';
import { JOB_LABELS, JOB_NAMES, type AdminFailedJob, type AdminJobQueue, type JobName } from '@store/shared/admin-jobs';
import type { Database } from '../../db/client.js';

/*
 * The shop's background jobs on pg-boss (issue 19 item 2): one durable queue per job in the shop's
 * own PostgreSQL (or the embedded PGlite), in the schema `pgboss`, which pg-boss installs and
 * migrates itself under its own lock.
 *
 * A periodic job is offered by every process each interval, as a throttled job: pg-boss keeps one
 * job per queue and time slot (`singletonSeconds`), so whichever process offers first wins the slot
 * and the others' offers are dropped; the queue's `stately` policy lets one run at a time. Whichever
 * process's worker fetches it runs it: once across all processes. A run that throws is retried with
 * backoff; one that fails every try is copied to the dead-letter queue `failed-jobs`, which the back
 * office lists, and from which staff run it again (pg-boss's redrive) or dismiss it.
 *
 * Messages (the outbox) are not jobs here: see docs/decisions/006-jobs-on-pg-boss.md.
 */

export const JOBS_SCHEMA = 'pgboss';
export const DEAD_LETTER = 'failed-jobs';

/** Tries of a failing run: the first and RETRY_LIMIT more, 10 s, 20 s, 40 s… apart (at most 5 min). */
const RETRY_LIMIT = 3;
const RETRY_DELAY_SECONDS = 10;
const RETRY_DELAY_MAX_SECONDS = 300;
/** How often a process tries again to open the job system while its database does not answer. */
const START_RETRY_MS = 5_000;
/** How long close waits for a run under way. */
const STOP_TIMEOUT_MS = 15_000;
/** Failures the back office lists at most (the newest). */
const FAILED_LISTED = 50;

export type JobRun = (signal: AbortSignal) => Promise<unknown>;
type Periodic = { name: JobName; everySeconds: number; run: JobRun };

export type JobsOptions = {
  /** Whether this process runs the jobs (JOBS_WORKERS): false in a process that only serves, and in tests. */
  workers: boolean;
  log: FastifyBaseLogger;
  /** The database's LISTEN/NOTIFY and pool aside, pg-boss opens at most this many connections of its own. */
  poolSize?: number;
  /** Retries of a failing run and the first delay (doubled each time): RETRY_LIMIT and RETRY_DELAY_SECONDS unless a test is in a hurry. */
  retry?: { limit: number; delaySeconds: number };
};

/** A run may not hold its job longer than this: then pg-boss takes it back and it counts as a failed try. */
function expireSeconds(everySeconds: number): number {
  return Math.min(15 * 60, Math.max(60, everySeconds * 2));
}

/**
 * The process's side of the job system: the periodic jobs it offers and runs (with workers on), and
 * the back office's view of every job. Opened when the app is ready, in the background: a database
 * that does not answer yet delays the jobs, never the app.
 */
export class Jobs {
  readonly #periodic = new Map<JobName, Periodic>();
  readonly #tickers: NodeJS.Timeout[] = [];
  #opening: Promise<PgBoss> | null = null;
  #retry: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(
    private readonly database: Database,
    private readonly options: JobsOptions,
  ) {}

  get workers(): boolean {
    return this.options.workers;
  }

  /** Registers a periodic job before start: a run about every `everySeconds` across all processes; 0 turns it off. */
  every(name: JobName, everySeconds: number, run: JobRun): void {
    this.#periodic.set(name, { name, everySeconds, run });
  }

  /** Opens the job system and, in a process with workers, starts them; retried every few seconds until the database answers. */
  start(): void {
    if (!this.options.workers || this.#closed) return;
    this.#open().then(
      (boss) => this.#run(boss),
      (err: unknown) => {
        if (this.#closed) return;
        this.options.log.warn({ err }, `the job system could not start; tried again in ${START_RETRY_MS / 1000} s`);
        this.#retry = setTimeout(() => this.start(), START_RETRY_MS);
        this.#retry.unref();
      },
    );
  }

  /** Stops offering jobs, lets a run under way finish (up to STOP_TIMEOUT_MS), and closes pg-boss's connections. */
  async stop(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    for (const t of this.#tickers) clearInterval(t);
    const opening = this.#opening;
    this.#opening = null;
    const boss = await opening?.catch(() => null);
    await boss?.stop({ graceful: true, timeout: STOP_TIMEOUT_MS, close: true });
  }

  /** Each job's counts, as pg-boss last took them (about once a minute). */
  async queues(): Promise<AdminJobQueue[]> {
    const boss = await this.#open();
    const found = new Map((await boss.getQueues(JOB_NAMES)).map((q) => [q.name, q]));
    return JOB_NAMES.map((name) => {
      const q = found.get(name);
      return {
        name,
        label: JOB_LABELS[name],
        every_seconds: this.#periodic.get(name)?.everySeconds ?? 0,
        queued: q?.queuedCount ?? 0,
        running: q?.activeCount ?? 0,
        failed: q?.failedCount ?? 0,
        counted_at: q ? q.updatedOn.toISOString() : null,
      };
    });
  }

  /** Jobs that failed every try and wait for staff, newest first, with the error of their last try. */
  async failed(): Promise<AdminFailedJob[]> {
    const boss = await this.#open();
    const dead = (await boss.findJobs<object>(DEAD_LETTER, { queued: true, limit: 1000 })).slice(-FAILED_LISTED).reverse();
    const listed: AdminFailedJob[] = [];
    for (const job of dead) {
      const name = job.sourceName ?? '';
      const original = job.sourceId && name ? (await boss.findJobs<object>(name, { id: job.sourceId }))[0] : undefined;
      listed.push({
        id: job.id,
        name,
        label: name in JOB_LABELS ? JOB_LABELS[name as JobName] : name,
        queued_at: (job.sourceCreatedOn ?? job.createdOn).toISOString(),
        failed_at: job.createdOn.toISOString(),
        attempts: (job.sourceRetryCount ?? RETRY_LIMIT) + 1,
        error: original ? errorOf(original) : null,
      });
    }
    return listed;
  }

  /**
   * Runs a failed job again (a new job with its data, in its own queue); false when it is no longer
   * waiting. When a run of the job is already waiting (its queue keeps one), pg-boss moves nothing and
   * closes the failure: that waiting run is the retry.
   */
  async retry(id: string): Promise<boolean> {
    const boss = await this.#open();
    if (!(await this.#isFailure(boss, id))) return false;
    const moved = await boss.redrive(DEAD_LETTER, { ids: [id] });
    if (moved === 0) this.options.log.info({ failure: id }, 'a run of the failed job was already waiting: it is the retry');
    return true;
  }

  /** Forgets a failure without running it again; false when it is no longer waiting. */
  async dismiss(id: string): Promise<boolean> {
    const boss = await this.#open();
    if (!(await this.#isFailure(boss, id))) return false;
    await boss.deleteJob(DEAD_LETTER, id);
    return true;
  }

  /** Jobs waiting to run, by queue, for /metrics (pg-boss's cached counts: no query per scrape beyond one). */
  async depth(): Promise<Map<string, number>> {
    if (!this.#opening) return new Map();
    const boss = await this.#open();
    return new Map((await boss.getQueues([...JOB_NAMES, DEAD_LETTER])).map((q) => [q.name, q.queuedCount]));
  }

  async #isFailure(boss: PgBoss, id: string): Promise<boolean> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
    const [job] = await boss.findJobs(DEAD_LETTER, { id, queued: true });
    return job !== undefined;
  }

  /** pg-boss, started and its queues made, once per process (a failed attempt is forgotten, so the next call tries again). */
  #open(): Promise<PgBoss> {
    this.#opening ??= this.#connect().catch((err: unknown) => {
      this.#opening = null;
      throw err;
    });
    return this.#opening;
  }

  async #connect(): Promise<PgBoss> {
    const { options } = this;
    // Only processes with workers look after the queues (expiry, retention); there may be several: pg-boss takes turns.
    const boss = bossFor(this.database, { supervise: options.workers, poolSize: options.poolSize ?? 4 });
    boss.on('error', (err) => options.log.warn({ err }, 'job system error'));
    boss.on('warning', (warning) => options.log.warn({ warning: warning.data }, `job system: ${warning.message}`));
    try {
      await boss.start();
      await boss.createQueue(DEAD_LETTER);
      for (const name of JOB_NAMES) {
        const everySeconds = this.#periodic.get(name)?.everySeconds ?? 0;
        const settings = {
          retryLimit: options.retry?.limit ?? RETRY_LIMIT,
          retryDelay: options.retry?.delaySeconds ?? RETRY_DELAY_SECONDS,
          retryBackoff: true,
          retryDelayMax: RETRY_DELAY_MAX_SECONDS,
          expireInSeconds: expireSeconds(everySeconds),
          deadLetter: DEAD_LETTER,
        };
        await boss.createQueue(name, { ...settings, policy: 'stately' });
        // A queue made by an earlier version keeps its first settings unless told: these are this version's.
        await boss.updateQueue(name, settings);
      }
    } catch (err) {
      await boss.stop({ graceful: false, close: true }).catch(() => undefined);
      throw err;
    }
    return boss;
  }

  /** The workers and the offers of this process. */
  async #run(boss: PgBoss): Promise<void> {
    for (const job of this.#periodic.values()) {
      if (!job.everySeconds || this.#closed) continue;
      await boss.work<object>(job.name, { pollingIntervalSeconds: Math.min(2, Math.max(0.5, job.everySeconds / 4)) }, async ([taken]) => {
        try {
          await job.run(taken!.signal);
        } catch (err) {
          this.options.log.warn({ err, job: job.name, try: taken!.retryCount + 1 }, `job ${job.name} failed`);
          throw err;
        }
      });
      // Closed while the worker was being set up: no ticker after stop() cleared them.
      if (this.#closed) return;
      const offer = () => {
        boss
          .sendThrottled(job.name, {}, null, job.everySeconds, job.name)
          .catch((err: unknown) => this.options.log.warn({ err, job: job.name }, 'could not offer a job run; offered again next interval'));
      };
      // Offered at once too: a process restarted more often than the interval would otherwise never offer it.
      offer();
      const ticker = setInterval(offer, job.everySeconds * 1000);
      ticker.unref();
      this.#tickers.push(ticker);
    }
  }
}

/** pg-boss on the shop's database: its own small pool on PostgreSQL, the one PGlite session otherwise. No cron: the processes offer the periodic jobs themselves, to the second. */
function bossFor(database: Database, options: { supervise: boolean; poolSize: number }): PgBoss {
  const common: ConstructorOptions = { schema: JOBS_SCHEMA, supervise: options.supervise, schedule: false, migrate: true };
  if (database.kind === 'pglite' && database.pglite) return new PgBoss({ ...common, db: fromPglite(database.pglite), backend: 'pglite' });
  return new PgBoss({
    ...common,
    connectionString: database.postgres?.url ?? '',
    max: options.poolSize,
    application_name: 'store-jobs',
    connectionTimeoutMillis: 5_000,
  });
}

/** The release step's part (`npm run db:migrate`): installs or migrates pg-boss's schema, then lets go. */
export async function installJobSchema(database: Database): Promise<void> {
  const boss = bossFor(database, { supervise: false, poolSize: 1 });
  await boss.start();
  await boss.stop({ graceful: false, close: true });
}

/** A failed job's last error, as pg-boss stored it (the thrown error, serialized). */
function errorOf(job: JobWithMetadata<object>): string | null {
  const output = job.output as { message?: unknown } | null;
  return output && typeof output.message === 'string' ? output.message.slice(0, 500) : null;
}
