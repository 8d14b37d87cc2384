import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import { connectPostgres } from '../../db/client.js';
import { Clock } from '../../lib/clock.js';
import { importProductsCsv } from './products-csv.js';
import { toThreadError, type ImportJob, type ImportReply, type ImportThreadData } from './products-import-thread.js';

// The thread of CSV imports (products-import-thread.ts): one import per message, each answered once.
const { connection, logLevel } = workerData as ImportThreadData;
const log = pino({ level: logLevel, base: { thread: 'product-import' } });
try {
  // The lowest priority for this thread only: the request thread keeps the core while it has work.
  setPriority(19);
} catch (err) {
  log.warn({ err }, 'could not lower the import thread’s priority; it runs at normal priority');
}

const database = connectPostgres(connection.url, {
  ...connection.options,
  poolSize: 2,
  onError: (err) => log.warn({ err: err.message }, 'database connection error'),
});

async function runImport(job: ImportJob): Promise<ImportReply> {
  const clock = new Clock();
  clock.advance(job.clockOffsetMs);
  try {
    const result = await importProductsCsv(
      {
        db: database.db,
        clock,
        log: log.child({ reqId: job.actor.requestId }),
        locale: 'en',
        customerId: null,
        guestId: null,
        sessionId: null,
        ...job.actor,
      },
      job.staffName,
      Buffer.from(job.csv.buffer, job.csv.byteOffset, job.csv.byteLength),
      job.dryRun,
    );
    return { id: job.id, ok: true, result };
  } catch (err) {
    return { id: job.id, ok: false, error: toThreadError(err) };
  }
}

parentPort!.on('message', (job: ImportJob) => {
  void runImport(job).then((reply) => parentPort!.postMessage(reply));
});
