import { randomUUID } from 'node:crypto';
import type { DbCtx } from '../../lib/context.js';
import { and, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BD_MOBILE_PATTERN } from '@store/shared/phone';
import type { Db } from '../../db/client.js';
import { preparedSql } from '../../db/prepared.js';
import type { Clock } from '../../lib/clock.js';
import { deleteInBatches } from '../../lib/delete-in-batches.js';
import { outbox, type OutboxChannel, type OutboxStatus } from './notifications.tables.js';
import type { EmailMessage, EmailProvider, SendResult, SmsProvider } from './providers.js';
import { SmsHealth } from './sms-health.js';

/** A code's SMS could not be handed to the gateway: the shopper is told, nothing is marked sent. */
export class SmsUnavailable extends Error {}

/** How long a request waits for the gateway to take a code's SMS. */
const SEND_NOW_TIMEOUT_MS = 8000;

const MAX_ATTEMPTS = 5;
/** A claimed row is the worker's for this long from its claim, and again from the moment it starts sending it. */
const LEASE_MS = 60_000;
/** One send never takes longer than this (well inside the lease), so no other worker can take a row while it is sent. */
const SEND_TIMEOUT_MS = 20_000;
/**
 * A claimed row is sent without taking it again while its claim is younger than this: its lease
 * cannot run out before the send ends (lease − send timeout, less 10 s for clocks that differ
 * between machines). Past it, the row is taken again (a fresh lease, only if still this claim's).
 */
const SEND_WITHOUT_RETAKE_MS = LEASE_MS - SEND_TIMEOUT_MS - 10_000;

export type OutboxMessage = {
  id: number;
  channel: OutboxChannel;
  to: string;
  subject: string | null;
  body: string;
  html: string | null;
  status: OutboxStatus;
  provider: string;
  attempts: number;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
};

export type NotifierOptions = { pollMs?: number; batchSize?: number };

/** A row the provider took: marked sent with its batch (markSent). */
type Sent = { id: number; attempts: number; sentAt: Date; providerMessageId: string | null };

/** queueIn's insert, one statement for any number of messages (one array per column): every order placed runs it. */
const insertMessages = preparedSql<{ id: number }>('outbox_queue_in', () => {
  const column = (name: string) => sql`${sql.placeholder(name)}::text[]`;
  return sql`insert into ${outbox} (channel, recipient, subject, body, html, provider, next_attempt_at, created_at)
    select m.*, ${sql.placeholder('now')}::timestamptz, ${sql.placeholder('now')}::timestamptz
    from unnest(${column('channel')}, ${column('recipient')}, ${column('subject')}, ${column('body')}, ${column('html')}, ${column('provider')}) as m
    returning id`;
});

/** A message queued with the caller's own work (see Notifier.queueIn). */
export type QueuedMessage =
  { channel: 'sms'; to: string; body: string } | { channel: 'email'; to: string; subject: string; body: string; html?: string | null };

/**
 * The durable send queue. sendSms/sendEmail write a row in the caller's request; the worker loop
 * claims due rows with FOR UPDATE SKIP LOCKED (so several processes can run it), delivers them
 * through the provider, and retries failures with backoff up to MAX_ATTEMPTS.
 */
export class Notifier {
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private inflight: Promise<void> | null = null;
  private readonly pollMs: number;
  private readonly batchSize: number;
  readonly smsHealth: SmsHealth;

  constructor(
    private readonly db: Db,
    readonly sms: SmsProvider,
    readonly email: EmailProvider,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    options: NotifierOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 20;
    this.smsHealth = new SmsHealth(clock, log);
  }

  /**
   * Sends a one-time code's SMS within the request, so the shopper learns at once whether it went:
   * a code that arrives after minutes of retries is useless. The row is kept either way ('sent' or
   * 'failed', never retried). Throws SmsUnavailable when the gateway refuses, fails, or failed
   * moments ago.
   */
  async sendSmsNow(to: string, text: string): Promise<number> {
    if (!BD_MOBILE_PATTERN.test(to) || !to.startsWith('+880')) throw new Error(`not a canonical Bangladeshi mobile: ${to}`);
    if (this.smsHealth.shouldRefuse()) throw new SmsUnavailable('SMS gateway failing');
    const now = this.clock.now();
    const [row] = await this.db
      .insert(outbox)
      .values({
        channel: 'sms',
        recipient: to,
        subject: null,
        body: text,
        html: null,
        provider: this.sms.name,
        status: 'sending',
        oneTime: true,
        lockedUntil: new Date(now.getTime() + LEASE_MS),
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning({ id: outbox.id });
    const id = row!.id;
    let result: SendResult;
    try {
      result = await withTimeout(this.sms.send(to, text), SEND_NOW_TIMEOUT_MS);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.smsHealth.failed(message);
      await this.db
        .update(outbox)
        .set({ status: 'failed', attempts: 1, lockedUntil: null, lastError: message.slice(0, 500) })
        .where(eq(outbox.id, id));
      throw new SmsUnavailable(message);
    }
    // The gateway took it: whatever happens to this update (the database may be the one failing), the gateway is fine.
    this.smsHealth.succeeded();
    await this.db
      .update(outbox)
      .set({ status: 'sent', attempts: 1, sentAt: this.clock.now(), lockedUntil: null, providerMessageId: result.providerMessageId })
      .where(eq(outbox.id, id));
    return id;
  }

  /** Queues an SMS. Only Bangladeshi mobiles get SMS: anything else is a bug in the caller. */
  async sendSms(to: string, text: string): Promise<number> {
    if (!BD_MOBILE_PATTERN.test(to) || !to.startsWith('+880')) throw new Error(`not a canonical Bangladeshi mobile: ${to}`);
    return this.enqueue('sms', to, null, text, null, this.sms.name);
  }

  /**
   * Queues an e-mail. `oneTime`: it carries a code or a link meant for one person's one use (sign-in,
   * verification, a password reset, an invitation): the worker delivers it like any other, but staff
   * never see it among the messages given up, nor send it again.
   */
  async sendEmail(message: EmailMessage, options: { oneTime?: boolean } = {}): Promise<number> {
    return this.enqueue(
      'email',
      message.to,
      message.subject,
      message.text,
      message.html ?? null,
      this.email.name,
      options.oneTime ?? false,
    );
  }

  /**
   * Queues messages in the caller's transaction (ctx.db): they commit with its work or roll back
   * with it, so a message exists exactly when the change that causes it does. The worker sends them
   * at its next poll (at most pollMs after the commit); it is not woken, as the rows are not yet
   * visible to it.
   */
  async queueIn({ db }: DbCtx, messages: QueuedMessage[]): Promise<number[]> {
    if (!messages.length) return [];
    const now = this.clock.now();
    for (const m of messages) {
      if (m.channel === 'sms' && (!BD_MOBILE_PATTERN.test(m.to) || !m.to.startsWith('+880')))
        throw new Error(`not a canonical Bangladeshi mobile: ${m.to}`);
    }
    const rows = await insertMessages(db, {
      channel: messages.map((m) => m.channel),
      recipient: messages.map((m) => m.to),
      subject: messages.map((m) => (m.channel === 'email' ? m.subject : null)),
      body: messages.map((m) => m.body),
      html: messages.map((m) => (m.channel === 'email' ? (m.html ?? null) : null)),
      provider: messages.map((m) => (m.channel === 'sms' ? this.sms.name : this.email.name)),
      now,
    });
    return rows.map((r) => r.id);
  }

  private async enqueue(
    channel: OutboxChannel,
    recipient: string,
    subject: string | null,
    body: string,
    html: string | null,
    provider: string,
    oneTime = false,
  ) {
    const now = this.clock.now();
    const [row] = await this.db
      .insert(outbox)
      .values({ channel, recipient, subject, body, html, provider, oneTime, nextAttemptAt: now, createdAt: now })
      .returning({ id: outbox.id });
    this.wake();
    return row!.id;
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  async stop() {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inflight;
    this.email.close?.();
  }

  /** Runs the loop now instead of at the next poll (after an enqueue). */
  private wake() {
    if (!this.running || this.inflight) return;
    this.schedule(0);
  }

  private schedule(ms: number) {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.inflight = this.drain()
        .catch((err: unknown) => this.log.warn({ err }, 'outbox worker pass failed'))
        .finally(() => {
          this.inflight = null;
          this.schedule(this.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  private async drain() {
    while (this.running && (await this.processDue()) === this.batchSize) {
      // A full batch: more may be due.
    }
  }

  /**
   * Claims the due rows (a batch, under a claim of its own) and delivers them one by one; returns how
   * many were claimed. A batch may take longer than its lease: a row whose claim is no longer fresh
   * (SEND_WITHOUT_RETAKE_MS) is taken again, for a fresh lease, just before it is sent, and only
   * while it is still this claim's. A row another worker
   * claimed meanwhile (this batch's lease ran out) is left to that worker: nothing is sent twice.
   */
  async processDue(): Promise<number> {
    const now = this.clock.now();
    const claim = randomUUID();
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        or(
          and(eq(outbox.status, 'pending'), lte(outbox.nextAttemptAt, now)),
          and(eq(outbox.status, 'sending'), lt(outbox.lockedUntil, now)),
        ),
      )
      .orderBy(outbox.id)
      .limit(this.batchSize)
      .for('update', { skipLocked: true });
    const claimed = await this.db
      .update(outbox)
      .set({ status: 'sending', lockedUntil: new Date(now.getTime() + LEASE_MS), claim })
      .where(inArray(outbox.id, due))
      .returning();
    // Each row is marked the moment its send is answered: a process killed mid-batch leaves at most the
    // one message it was sending to go out again when its lease ends (the gateway takes no message id
    // to recognise a repeat by), not every message it sent since the batch began.
    for (const row of claimed) {
      const fresh = this.clock.nowMs() - now.getTime() < SEND_WITHOUT_RETAKE_MS;
      if (!fresh && !(await this.take(row.id, claim))) continue;
      const done = await this.deliver(row, claim);
      if (!done) continue;
      await this.markSent([done], claim).catch((err: unknown) =>
        this.log.warn({ err, outboxId: done.id }, 'sent message not marked: it goes out again when its lease ends'),
      );
    }
    return claimed.length;
  }

  /**
   * Marks sent rows in one statement, only those still this claim's. Should it fail (the database
   * going away), their lease runs out and they are sent again: at least once.
   */
  private async markSent(sent: Sent[], claim: string): Promise<void> {
    if (!sent.length) return;
    const rows = sql.join(
      sent.map((r) => sql`(${r.id}::int, ${r.attempts}::int, ${r.sentAt}::timestamptz, ${r.providerMessageId}::text)`),
      sql`, `,
    );
    await this.db.execute(
      sql`update ${outbox} set status = 'sent', attempts = v.attempts, sent_at = v.sent_at, locked_until = null, last_error = null,
            provider_message_id = v.provider_message_id, claim = null
          from (values ${rows}) as v(id, attempts, sent_at, provider_message_id)
          where ${outbox.id} = v.id and ${outbox.claim} = ${claim}`,
    );
  }

  /** Takes a claimed row for its send: a fresh lease, only while the row is still `claim`'s and being sent. */
  private async take(id: number, claim: string): Promise<boolean> {
    const taken = await this.db
      .update(outbox)
      .set({ lockedUntil: new Date(this.clock.nowMs() + LEASE_MS) })
      .where(and(eq(outbox.id, id), eq(outbox.claim, claim), eq(outbox.status, 'sending')))
      .returning({ id: outbox.id });
    return taken.length === 1;
  }

  /** Sends one row; a failure is recorded at once (retried with backoff, or given up), a success is returned for markSent. */
  private async deliver(row: typeof outbox.$inferSelect, claim: string): Promise<Sent | null> {
    const attempts = row.attempts + 1;
    const mine = and(eq(outbox.id, row.id), eq(outbox.claim, claim));
    let result: SendResult;
    try {
      const sending =
        row.channel === 'sms'
          ? this.sms.send(row.recipient, row.body)
          : this.email.send({ to: row.recipient, subject: row.subject ?? '', text: row.body, html: row.html });
      result = await withTimeout(sending, SEND_TIMEOUT_MS, `${row.channel === 'sms' ? 'SMS gateway' : 'mail server'} did not answer`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (row.channel === 'sms') this.smsHealth.failed(message);
      const failed = attempts >= MAX_ATTEMPTS;
      this.log.warn(
        { outboxId: row.id, channel: row.channel, attempts, err: message },
        failed ? 'message given up' : 'message will be retried',
      );
      await this.db
        .update(outbox)
        .set({
          status: failed ? 'failed' : 'pending',
          attempts,
          lockedUntil: null,
          lastError: message.slice(0, 500),
          nextAttemptAt: new Date(this.clock.nowMs() + 2 ** attempts * 5_000),
          claim: null,
        })
        .where(mine);
      return null;
    }
    if (row.channel === 'sms') this.smsHealth.succeeded();
    return { id: row.id, attempts, sentAt: this.clock.now(), providerMessageId: result.providerMessageId };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what = 'SMS gateway did not answer'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}

export async function listOutbox({ db }: DbCtx, options: { to?: string | undefined; limit?: number }): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(options.to ? eq(outbox.recipient, options.to) : undefined)
    .orderBy(desc(outbox.id))
    .limit(options.limit ?? 200);
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    to: r.recipient,
    subject: r.subject,
    body: r.body,
    html: r.html,
    status: r.status,
    provider: r.provider,
    attempts: r.attempts,
    last_error: r.lastError,
    created_at: r.createdAt.toISOString(),
    sent_at: r.sentAt ? r.sentAt.toISOString() : null,
  }));
}

/** Messages given up after every attempt, newest first, for the back office (one-time codes are not: a late code is useless). */
export async function listFailedMessages({ db }: DbCtx, limit = 50) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.status, 'failed'), eq(outbox.oneTime, false)))
    .orderBy(desc(outbox.id))
    .limit(limit);
}

/**
 * Sends a given-up message again from its first attempt (staff's retry): false when it is not a
 * failed message any more (another member retried it first) or is a one-time code.
 */
export async function retryFailedMessage({ db }: DbCtx, id: number, now: Date): Promise<boolean> {
  const retried = await db
    .update(outbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now, lockedUntil: null, claim: null })
    .where(and(eq(outbox.id, id), eq(outbox.status, 'failed'), eq(outbox.oneTime, false)))
    .returning({ id: outbox.id });
  return retried.length === 1;
}

/** The clean-up job's part: delivered messages sent before `before` (pending and failed rows stay for diagnosis). */
export function deleteSentOutbox({ db }: DbCtx, before: Date): Promise<number> {
  return deleteInBatches(db, outbox, outbox.id, and(eq(outbox.status, 'sent'), lt(outbox.sentAt, before)));
}
