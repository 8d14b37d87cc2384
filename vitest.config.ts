import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const sharedSrc = fileURLToPath(new URL('./packages/shared/src/', import.meta.url));

export default defineConfig({
  resolve: {
    // Tests read the shared package from source, so no build is needed before `vitest`.
    // The message catalogs are compiled to JavaScript (`npm run i18n -w packages/shared`, src/i18n/).
    alias: [
      { find: /^@store\/shared\/i18n\/(.*)$/, replacement: `${sharedSrc}i18n/$1.js` },
      { find: /^@store\/shared\/(.*)$/, replacement: `${sharedSrc}$1.ts` },
    ],
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/api/test/**/*.test.ts', 'apps/web/app/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Each worker keeps its modules between test files: importing the app afresh for every file was
    // half the suite's time. Nothing a test changes lives in a module: every file opens its own
    // database, and in-process caches are keyed by database (dbKey in apps/api/src/db/client.ts).
    isolate: false,
    // Two files at once: vitest's default on a 2-core machine is one worker (cores − 1), and a test
    // file spends much of its time waiting on PostgreSQL, Redis or a timer, so the second core idled
    // (the suite took 17.6 min alone at 0.43× the reference). Files share nothing: each opens its own
    // database (a random name on PostgreSQL, its own PGlite), and servers listen on port 0.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    setupFiles: ['./vitest.setup.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
  },
});
