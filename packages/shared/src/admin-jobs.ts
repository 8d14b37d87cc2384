import { z } from 'zod';

/*
 * Background jobs in the back office (issue 19 item 2): what runs behind the shop, what failed, and
 * the retry. Under /api/v1/admin/jobs/, for the roles with 'jobs.manage' (owners and managers).
 *
 * GET    /admin/jobs/                          → AdminJobsResponse
 * POST   /admin/jobs/failed/{id}/retry         → 200 { data: { retried: true } }: the job runs again (a new run, same data)
 * DELETE /admin/jobs/failed/{id}               → 200 { success: true }: the failure is dismissed (the audit log keeps it)
 * POST   /admin/jobs/messages/{id}/retry       → 200 { data: { retried: true } }: the message is sent again from its first attempt
 * 404 not_found for an id that is not (or no longer) a failed job or message: another member retried it first.
 */

/** The shop's jobs, by their queue name, with what staff read for each. */
export const JOB_LABELS = {
  'reconcile-payments':
    'Check pending online payments and refunds with the gateways, then cancel unpaid orders whose hold ended and send confirmations never queued',
  'poll-couriers': "Ask the couriers about their parcels' progress",
  'publish-scheduled-products': 'Publish products whose publishing time has come',
  'clean-up': 'Remove expired sessions, codes, stale visitor bags and old sent messages',
  'loyalty-upkeep': 'Expire unspent points, warn before points expire, review tiers at the end of their window and send birthday vouchers',
} as const;
export type JobName = keyof typeof JOB_LABELS;
export const JOB_NAMES = Object.keys(JOB_LABELS) as JobName[];

export const AdminJobQueueSchema = z.object({
  name: z.enum(JOB_NAMES as [JobName, ...JobName[]]),
  label: z.string(),
  /** How often each process offers a run; one process runs it per interval. 0: the job is off (its setting is 0). */
  every_seconds: z.number().int(),
  /** Waiting to run (including retries waiting out their backoff). */
  queued: z.number().int(),
  running: z.number().int(),
  /** Failures kept in the queue's history (a rolling count, not all time). */
  failed: z.number().int(),
  /** When these counts were taken: pg-boss refreshes them about once a minute. */
  counted_at: z.string().nullable(),
});
export type AdminJobQueue = z.infer<typeof AdminJobQueueSchema>;

export const AdminFailedJobSchema = z.object({
  /** The failure's id: what retry and dismiss take. */
  id: z.string(),
  name: z.string(),
  label: z.string(),
  /** When the job was first queued. */
  queued_at: z.string(),
  /** When it gave up, after its retries. */
  failed_at: z.string(),
  /** Runs it had (the first and its retries). */
  attempts: z.number().int(),
  error: z.string().nullable(),
});
export type AdminFailedJob = z.infer<typeof AdminFailedJobSchema>;

export const AdminFailedMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(['sms', 'email']),
  to: z.string(),
  /** The e-mail's subject, or the SMS's first words. */
  summary: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  created_at: z.string(),
});
export type AdminFailedMessage = z.infer<typeof AdminFailedMessageSchema>;

export const AdminJobsResponseSchema = z.object({
  data: z.object({
    /** False in a process started with JOBS_WORKERS=false: the jobs then run on the others. */
    workers_here: z.boolean(),
    queues: z.array(AdminJobQueueSchema),
    failed_jobs: z.array(AdminFailedJobSchema),
    failed_messages: z.array(AdminFailedMessageSchema),
  }),
});
export type AdminJobsResponse = z.infer<typeof AdminJobsResponseSchema>;

/** What a retry answers. */
export const JobRetriedResponseSchema = z.object({ data: z.object({ retried: z.literal(true) }) });

export const jobMessages = {
  retried: 'The job will run again within a few seconds',
  dismissed: 'Failure dismissed',
  messageRetried: 'The message will be sent again within a few seconds',
  gone: 'This failure was already retried or dismissed',
} as const;
