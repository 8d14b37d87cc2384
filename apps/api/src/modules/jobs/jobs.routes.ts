import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminJobsResponseSchema,
  JobRetriedResponseSchema,
  jobMessages,
  type AdminFailedMessage,
  type AdminJobsResponse,
} from '@store/shared/admin-jobs';
import { AdminOkResponseSchema } from '@store/shared/admin';
import { IdParamSchema } from '@store/shared/input';
import { requestCtx } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { listFailedMessages, retryFailedMessage } from '../notifications/index.js';
import { recordAudit, requirePermission } from '../staff/index.js';

const JobIdParams = z.object({ id: z.uuid({ error: jobMessages.gone }) });
const MessageIdParams = z.object({ id: IdParamSchema });

/** The SMS's first words, or the e-mail's subject: what a list row shows. */
const summaryOf = (row: { subject: string | null; body: string }) =>
  row.subject ?? (row.body.length > 80 ? `${row.body.slice(0, 79).trimEnd()}…` : row.body);

/** Background jobs in the back office, under /api/v1/admin/jobs/ (packages/shared/src/admin-jobs.ts). */
export const jobsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = requirePermission('jobs.manage');
  const ctx = (request: FastifyRequest) => requestCtx(request, app.clock);
  const tags = ['admin: jobs'];

  app.get(
    '/jobs/',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Each job’s counts, the jobs that failed every try, and the messages given up',
        response: { 200: AdminJobsResponseSchema },
      },
    },
    async (request, reply): Promise<AdminJobsResponse> => {
      const [queues, failed, messages] = await Promise.all([app.jobs.queues(), app.jobs.failed(), listFailedMessages(ctx(request))]);
      reply.header('cache-control', 'private, no-store');
      return {
        data: {
          workers_here: app.jobs.workers,
          queues,
          failed_jobs: failed,
          failed_messages: messages.map((m): AdminFailedMessage => ({
            id: m.id,
            channel: m.channel,
            to: m.recipient,
            summary: summaryOf(m),
            attempts: m.attempts,
            error: m.lastError,
            created_at: m.createdAt.toISOString(),
          })),
        },
      };
    },
  );

  app.post(
    '/jobs/failed/:id/retry',
    {
      preHandler: managers,
      schema: { tags, summary: 'Run a failed job again. Audited', params: JobIdParams, response: { 200: JobRetriedResponseSchema } },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await app.jobs.retry(id))) throw notFound(jobMessages.gone);
      await recordAudit(ctx(request), { action: 'job.retry', entity: 'job', entityId: id, after: { retried: true } });
      return { data: { retried: true as const } };
    },
  );

  app.delete(
    '/jobs/failed/:id',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Dismiss a failed job without running it again. Audited',
        params: JobIdParams,
        response: { 200: AdminOkResponseSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await app.jobs.dismiss(id))) throw notFound(jobMessages.gone);
      await recordAudit(ctx(request), { action: 'job.dismiss', entity: 'job', entityId: id, before: { failed: true } });
      return { success: true as const };
    },
  );

  app.post(
    '/jobs/messages/:id/retry',
    {
      preHandler: managers,
      schema: {
        tags,
        summary: 'Send a given-up message again from its first attempt. Audited',
        params: MessageIdParams,
        response: { 200: JobRetriedResponseSchema },
      },
    },
    async (request) => {
      const c = ctx(request);
      const { id } = request.params;
      const retried = await c.db.transaction(async (tx) => {
        if (!(await retryFailedMessage({ db: tx }, id, app.clock.now()))) return false;
        await recordAudit({ ...c, db: tx }, { action: 'message.retry', entity: 'outbox', entityId: id, after: { status: 'pending' } });
        return true;
      });
      if (!retried) throw notFound(jobMessages.gone);
      return { data: { retried: true as const } };
    },
  );
};
