import { defineConfig } from 'vitest/config';

// `npm run test:faults`: the fault suite (faults/README.md). It drives the BUILT store as child
// processes on a PostgreSQL cluster and a PGlite folder of its own, so files run one at a time.
export default defineConfig({
  test: {
    include: ['faults/**/*.fault.test.ts'],
    globalSetup: ['./faults/global-setup.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 150_000,
    hookTimeout: 240_000,
    // Counts are the point of the suite: print them as they come.
    silent: false,
    reporters: ['default'],
  },
});
