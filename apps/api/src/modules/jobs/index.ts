import type { FastifyInstance } from 'fastify';
import { Jobs } from './jobs.service.js';

export { Jobs, JOBS_SCHEMA, DEAD_LETTER, installJobSchema, type JobRun } from './jobs.service.js';
export { jobsAdminRoutes } from './jobs.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * Decorates app.jobs. The modules register their periodic jobs on it while the app is built; the
 * job system opens when the app is ready (in the background) and closes with it. JOBS_WORKERS=false
 * makes a process that only serves: it still shows the jobs in the back office.
 */
export function registerJobs(app: FastifyInstance): void {
  const jobs = new Jobs(app.database, { workers: app.env.JOBS_WORKERS ?? app.env.NODE_ENV !== 'test', log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());
}
