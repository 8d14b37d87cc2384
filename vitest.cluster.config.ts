import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: three built app processes on PostgreSQL and Redis behind HAProxy
// (cluster/cluster.test.ts). It reuses the fault suite's copy of the build and its helpers.
export default defineConfig({
  test: {
    include: ['cluster/**/*.test.ts'],
    globalSetup: ['./faults/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 150_000,
    hookTimeout: 300_000,
    silent: false,
    reporters: ['default'],
  },
});
