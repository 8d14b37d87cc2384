import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const OUTBOX_CHANNELS = ['sms', 'email'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Every SMS and email, written in the request that causes it and delivered by the worker loop: a
 * crash between the two loses nothing. In development the rows are also what /dev/outbox shows.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial().primaryKey(),
    channel: text().$type<OutboxChannel>().notNull(),
    recipient: text().notNull(),
    subject: text(),
    body: text().notNull(),
    html: text(),
    status: text().$type<OutboxStatus>().notNull().default('pending'),
    provider: text().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** While a worker holds the row; a row whose lease ran out may be claimed by another worker. */
    lockedUntil: timestamp({ withTimezone: true }),
    /** The claim of the worker holding the row: it sends only while the row is still its own (never twice). */
    claim: text(),
    /** It carries a one-time code or link (sign-in, verification, reset, invitation): staff never see it or send it again. */
    oneTime: boolean().notNull().default(false),
    lastError: text(),
    providerMessageId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('outbox_due_idx').on(t.status, t.nextAttemptAt), index('outbox_recipient_idx').on(t.recipient, t.id)],
);
