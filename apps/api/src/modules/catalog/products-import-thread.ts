import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '@store/shared/api';
import type { ProductImportResult } from '@store/shared/admin-catalog-csv';
import type { Database, PostgresConnection } from '../../db/client.js';
import { contentChanged } from '../../lib/content-changes.js';
import type { RequestCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { importProductsCsv } from './products-csv.js';

/*
 * A CSV import on a thread of its own (issue 17: the storefront's figures unchanged while an import
 * runs). Reading, checking and writing 20,000 rows takes seconds of CPU; on the request thread that
 * time is taken from shoppers. The thread runs at the lowest CPU priority (on Linux a thread's nice
 * value is its own) and opens its own connection, so the requests keep the core and the import uses
 * what they leave. The embedded PGlite lives inside the main thread and cannot be opened from
 * another: there the import runs in the request's thread, as before.
 */

/** What the thread is started with: plain data only (it shares no memory with the request thread). */
export type ImportThreadData = { connection: PostgresConnection; logLevel: string };

/** One import, sent to the thread. */
export type ImportJob = {
  id: number;
  csv: Uint8Array;
  dryRun: boolean;
  staffName: string;
  /** The request's clock as an offset from the system's, so tests that move time move the import's too. */
  clockOffsetMs: number;
  actor: Pick<RequestCtx, 'requestId' | 'staff' | 'ip' | 'userAgent'>;
};

/** An error crossing from the thread: AppErrors keep their code and fields, others their message and code chain. */
export type ThreadError = {
  message: string;
  code?: string;
  app?: { code: ErrorCode; fields?: Record<string, string> | undefined };
  cause?: ThreadError;
};

export type ImportReply = { id: number } & ({ ok: true; result: ProductImportResult } | { ok: false; error: ThreadError });

export function toThreadError(err: unknown, depth = 0): ThreadError {
  if (err instanceof AppError) return { message: err.message, app: { code: err.code, fields: err.fields } };
  const e = (err && typeof err === 'object' ? err : { message: String(err) }) as { message?: unknown; code?: unknown; cause?: unknown };
  return {
    message: typeof e.message === 'string' ? e.message : String(err),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(e.cause !== undefined && depth < 5 ? { cause: toThreadError(e.cause, depth + 1) } : {}),
  };
}

function fromThreadError(e: ThreadError): Error {
  if (e.app) return new AppError(e.app.code, e.message, e.app.fields);
  const err = new Error(e.message, e.cause ? { cause: fromThreadError(e.cause) } : undefined);
  return e.code ? Object.assign(err, { code: e.code }) : err;
}

/** Compiled JavaScript in production; in the sources (the unit tests) the TypeScript file through tsx. */
const fromSources = import.meta.url.endsWith('.ts');
const workerFile = new URL(`./products-import.worker.${fromSources ? 'ts' : 'js'}`, import.meta.url);

/** A thread with no import to do ends after this long; the next import starts it again. */
const IDLE_MS = 60_000;

type Waiting = { worker: Worker; resolve: (reply: ImportReply) => void; reject: (err: Error) => void };

/**
 * The import thread of one app: started at the first import and kept while imports come (starting
 * one costs a few hundred milliseconds), ended when idle or when the app closes; an import
 * unfinished then rolls back with its transaction.
 */
export class ImportThreads {
  private worker: Worker | null = null;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private idle: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Pick<Database, 'postgres'>,
    private readonly logLevel: string,
  ) {}

  /** Imports under way on the thread. */
  get running(): number {
    return this.waiting.size;
  }

  async run(ctx: RequestCtx, staffName: string, csv: Buffer, dryRun: boolean): Promise<ProductImportResult> {
    const connection = this.database.postgres;
    if (!connection) return importProductsCsv(ctx, staffName, csv, dryRun);
    const job: ImportJob = {
      id: this.nextId++,
      csv: new Uint8Array(csv.buffer, csv.byteOffset, csv.byteLength),
      dryRun,
      staffName,
      clockOffsetMs: ctx.clock.nowMs() - Date.now(),
      actor: { requestId: ctx.requestId, staff: ctx.staff ?? null, ip: ctx.ip, userAgent: ctx.userAgent },
    };
    const worker = this.thread(connection);
    const reply = await new Promise<ImportReply>((resolve, reject) => {
      this.waiting.set(job.id, { worker, resolve, reject });
      worker.postMessage(job);
    }).finally(() => this.settled(job.id));
    if (!reply.ok) throw fromThreadError(reply.error);
    // The thread's caches are not this thread's: the storefront forgets what the import changed.
    if (!dryRun && reply.result.ok) contentChanged();
    return reply.result;
  }

  async close(): Promise<void> {
    if (this.idle) clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private thread(connection: PostgresConnection): Worker {
    if (this.idle) clearTimeout(this.idle);
    if (this.worker) return this.worker;
    const data: ImportThreadData = { connection, logLevel: this.logLevel };
    const worker = new Worker(workerFile, { workerData: data, execArgv: fromSources ? ['--import', 'tsx'] : [] });
    // An app never closed (a test's) does not stay alive for its thread.
    worker.unref();
    worker.on('message', (reply: ImportReply) => this.waiting.get(reply.id)?.resolve(reply));
    const fail = (err: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const w of this.waiting.values()) if (w.worker === worker) w.reject(err);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the import thread ended (exit code ${code}) before it answered`)));
    this.worker = worker;
    return worker;
  }

  private settled(id: number) {
    this.waiting.delete(id);
    if (this.waiting.size || !this.worker) return;
    const worker = this.worker;
    this.idle = setTimeout(() => {
      this.worker = null;
      void worker.terminate();
    }, IDLE_MS).unref();
  }
}
