import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { parseEnv } from '../../src/config/env.js';
import { seedDemo } from '../../src/db/seed/index.js';
import { createTestDatabase } from './database.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const buildDir = join(root, 'apps/web/build');

/**
 * The storefront's build (apps/web/build) for tests that serve pages. A fresh checkout has none,
 * since `npm test` runs these tests before `npm run build`: the first test file to need it builds it
 * while the others wait. Otherwise the build is used as it is: after changing apps/web, run
 * `npm run build` first.
 */
export function webBuildDir(): string {
  // One build per language: English in build/, Bangla in build/bn/ (apps/web/build-locale.ts).
  const entries = [join(buildDir, 'server', 'index.js'), join(buildDir, 'bn', 'server', 'index.js')];
  const lock = `${buildDir}.lock`;
  while (!entries.every((entry) => existsSync(entry))) {
    try {
      mkdirSync(lock);
    } catch {
      // Another file is building; a lock older than ten minutes is left by a build that died.
      if (Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > 600_000)
        rmSync(lock, { recursive: true, force: true });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
      continue;
    }
    try {
      // A production bundle, as `npm run build` makes it (vitest sets NODE_ENV=test).
      const env = { ...process.env, NODE_ENV: 'production' };
      for (const workspace of ['packages/shared', 'apps/web'])
        execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: root, env, stdio: 'ignore' });
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return buildDir;
}

/** The whole server, pages included, on a fresh PGlite database with the demo shop (no image files). */
export async function createPageApp(vars: Record<string, string> = {}): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-pages-'));
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...vars });
  const database = await createTestDatabase('pglite');
  await seedDemo(database, { mediaDir: join(dataDir, 'media'), images: false });
  const app = await buildApp({ env, database, webBuildDir: webBuildDir() });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
