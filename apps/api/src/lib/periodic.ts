import type { FastifyInstance } from 'fastify';

/**
 * Background work every `seconds` while the app runs: started when it is ready, stopped (waiting for
 * a pass under way) when it closes; a pass still going when the next is due is not doubled, and a
 * failed one is logged and tried again at the next. Off in tests (they move the clock and call the
 * work themselves: a timer would race them) and when `seconds` is 0. The state lives in the
 * database, so whichever process runs a pass does the same.
 */
export function runEvery(app: FastifyInstance, seconds: number, what: string, pass: () => Promise<unknown>): void {
  if (!seconds || app.env.NODE_ENV === 'test') return;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      running ??= pass()
        .then(() => undefined)
        .catch((err: unknown) => app.log.warn({ err }, `${what} failed; tried again next interval`))
        .finally(() => {
          running = null;
        });
    }, seconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}
