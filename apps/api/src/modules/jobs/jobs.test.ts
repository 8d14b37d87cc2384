import { eq, sql } from 'drizzle-orm';
import { afterEach, expect, it } from 'vitest';
import type { AdminJobsResponse } from '@store/shared/admin-jobs';
import { selectRows } from '../../db/client.js';
import { describeOnDatabases } from '../../../test/support/app.js';
import { signedInStaff } from '../../../test/support/staff.js';
import { auditLog } from '../staff/staff.tables.js';
import { outbox } from '../notifications/notifications.tables.js';
import { Jobs } from './jobs.service.js';

/** Waits for a condition the job system reaches on its own (its workers poll every second or two). */
async function until<T>(what: string, check: () => Promise<T | false | undefined | null>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describeOnDatabases('background jobs (pg-boss)', (ctx) => {
  const started: Jobs[] = [];
  const jobsProcess = (retry?: { limit: number; delaySeconds: number }) => {
    const jobs = new Jobs(ctx().database, { workers: true, log: ctx().app.log, poolSize: 2, ...(retry ? { retry } : {}) });
    started.push(jobs);
    return jobs;
  };
  afterEach(async () => {
    await Promise.all(started.splice(0).map((j) => j.stop()));
  });

  it('runs a periodic job once per interval across two processes, never two runs at once', async () => {
    let runs = 0;
    let running = 0;
    let overlapped = false;
    const run = async () => {
      running++;
      if (running > 1) overlapped = true;
      runs++;
      await new Promise((r) => setTimeout(r, 300));
      running--;
    };
    const [a, b] = [jobsProcess(), jobsProcess()];
    a.every('clean-up', 2, run);
    b.every('clean-up', 2, run);
    a.start();
    b.start();
    await until('three runs', async () => runs >= 3);
    await Promise.all([a.stop(), b.stop()]);

    // Both processes offered every slot; pg-boss kept one job per slot, and each kept job ran once.
    const slots = await selectRows<{ slot: string; n: number }>(
      ctx().db,
      sql`select singleton_on::text as slot, count(*)::int as n from pgboss.job where name = 'clean-up' group by 1`,
    );
    expect(slots.length).toBeGreaterThanOrEqual(3);
    expect(slots.filter((s) => s.n > 1)).toEqual([]);
    const [done] = await selectRows<{ n: number }>(
      ctx().db,
      sql`select count(*)::int as n from pgboss.job where name = 'clean-up' and state = 'completed'`,
    );
    expect(done!.n).toBe(runs);
    expect(overlapped).toBe(false);
  });

  it('retries a failing run with backoff, then keeps it for staff, who run it again or dismiss it', async () => {
    let broken = true;
    let tries = 0;
    const jobs = jobsProcess({ limit: 1, delaySeconds: 1 });
    jobs.every('poll-couriers', 600, async () => {
      tries++;
      if (broken) throw new Error('courier API down');
    });
    jobs.every('publish-scheduled-products', 600, async () => {
      throw new Error('catalog unreachable');
    });
    jobs.start();

    const failed = await until('both failures kept', async () => {
      const list = await jobs.failed();
      return list.length === 2 && list;
    });
    expect(tries).toBe(2);
    const courier = failed.find((f) => f.name === 'poll-couriers')!;
    expect(courier).toMatchObject({ attempts: 2, error: 'courier API down', label: "Ask the couriers about their parcels' progress" });
    const publish = failed.find((f) => f.name === 'publish-scheduled-products')!;
    expect(publish.error).toBe('catalog unreachable');

    // Staff see them, by HTTP, from a process without workers (the app under test).
    const { client: manager } = await signedInStaff(ctx().app, ctx().env, 'manager');
    const seen = (await manager.get('/jobs/')).json<AdminJobsResponse>().data;
    expect(seen.workers_here).toBe(false);
    expect(seen.failed_jobs.map((f) => f.id).sort()).toEqual([courier.id, publish.id].sort());
    expect(seen.queues.find((q) => q.name === 'poll-couriers')).toMatchObject({ label: "Ask the couriers about their parcels' progress" });

    // The courier API is back: a retry runs the job again, and it succeeds.
    broken = false;
    expect((await manager.post(`/jobs/failed/${courier.id}/retry`)).statusCode).toBe(200);
    await until('the retried run', async () => tries === 3);
    // Retried once: a second retry of the same failure is refused, as is a made-up id.
    expect((await manager.post(`/jobs/failed/${courier.id}/retry`)).statusCode).toBe(404);
    expect((await manager.post('/jobs/failed/00000000-0000-4000-8000-000000000000/retry')).statusCode).toBe(404);

    expect((await manager.delete(`/jobs/failed/${publish.id}`)).statusCode).toBe(200);
    expect((await manager.delete(`/jobs/failed/${publish.id}`)).statusCode).toBe(404);
    expect((await manager.get('/jobs/')).json<AdminJobsResponse>().data.failed_jobs).toEqual([]);

    const audited = await ctx().db.select().from(auditLog).where(eq(auditLog.entity, 'job'));
    expect(audited.map((a) => [a.action, a.entityId]).sort()).toEqual(
      [
        ['job.dismiss', publish.id],
        ['job.retry', courier.id],
      ].sort(),
    );
  });

  it('lists the messages given up (never a one-time code) and sends one again from its first attempt', async () => {
    const { app, db } = ctx();
    const now = app.clock.now();
    const failed = {
      status: 'failed' as const,
      attempts: 5,
      provider: 'outbox',
      lastError: 'gateway 500',
      nextAttemptAt: now,
      createdAt: now,
    };
    const [message, code] = await db
      .insert(outbox)
      .values([
        { ...failed, channel: 'sms', recipient: '+8801711000001', body: 'Sajgoj: your order SG-1001 is on its way.' },
        { ...failed, channel: 'sms', recipient: '+8801711000002', body: 'Your code is 123456', oneTime: true, attempts: 1 },
      ])
      .returning({ id: outbox.id });
    // An e-mailed sign-in code that failed every attempt: queued as one-time, never shown to staff.
    const emailCode = await app.notifier.sendEmail(
      { to: 'shopper.code@example.com', subject: '482913 is your verification code', text: 'Your code is 482913' },
      { oneTime: true },
    );
    await db.update(outbox).set({ status: 'failed', attempts: 5 }).where(eq(outbox.id, emailCode));
    const { client: owner } = await signedInStaff(app, ctx().env, 'owner');
    const listed = (await owner.get('/jobs/')).json<AdminJobsResponse>().data.failed_messages;
    expect(listed.map((m) => m.id)).toContain(message!.id);
    expect(listed.map((m) => m.id)).not.toContain(code!.id);
    expect(listed.map((m) => m.id)).not.toContain(emailCode);
    expect((await owner.post(`/jobs/messages/${emailCode}/retry`)).statusCode).toBe(404);
    expect(listed.find((m) => m.id === message!.id)).toMatchObject({ to: '+8801711000001', attempts: 5, error: 'gateway 500' });

    expect((await owner.post(`/jobs/messages/${code!.id}/retry`)).statusCode).toBe(404);
    expect((await owner.post(`/jobs/messages/${message!.id}/retry`)).statusCode).toBe(200);
    const [row] = await db.select().from(outbox).where(eq(outbox.id, message!.id));
    expect(row).toMatchObject({ attempts: 0, claim: null });
    expect(['pending', 'sending', 'sent']).toContain(row!.status);
    expect((await owner.post(`/jobs/messages/${message!.id}/retry`)).statusCode).toBe(404);
    const [audit] = await db.select().from(auditLog).where(eq(auditLog.action, 'message.retry'));
    expect(audit?.entityId).toBe(String(message!.id));
  });

  it('is for owners and managers only', async () => {
    const { client: fulfilment } = await signedInStaff(ctx().app, ctx().env, 'fulfilment');
    expect((await fulfilment.get('/jobs/')).statusCode).toBe(403);
    expect((await fulfilment.post('/jobs/messages/1/retry')).statusCode).toBe(403);
  });
});
