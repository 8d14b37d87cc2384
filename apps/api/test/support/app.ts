import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../../src/app.js';
import { parseEnv, type Env } from '../../src/config/env.js';
import type { Database, Db } from '../../src/db/client.js';
import { seedDemo } from '../../src/db/seed/index.js';
import { createTestDatabase, DATABASE_KINDS, type DatabaseKind } from './database.js';

export type TestContext = { app: FastifyInstance; db: Db; database: Database; env: Env; kind: DatabaseKind };

export type TestAppOptions = {
  /** Seed the demo shop (without image files). */
  seed?: boolean;
  env?: Record<string, string>;
};

/** What production refuses to start without: its public address, an https SMS gateway (a closed port on loopback stands in) and a secret. */
export const PRODUCTION_ENV = {
  PUBLIC_URL: 'https://shop.example.com',
  SMS_PROVIDER: 'http',
  SMS_API_URL: 'https://127.0.0.1:9/api/smsapi',
  SMS_API_KEY: 'test',
  SMS_SENDER_ID: 'test',
  SECRET_KEY: 'a-test-secret-of-more-than-thirty-two-characters',
} as const;

export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestContext & { close(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-test-'));
  const production = options.env?.NODE_ENV === 'production' ? PRODUCTION_ENV : {};
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...production, ...options.env });
  const database = await createTestDatabase(kind);
  if (options.seed) await seedDemo(database, { mediaDir: join(dataDir, 'media'), images: false });
  const app = await buildApp({ env, database });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    env,
    kind,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs a suite once per database kind (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
 * each with a fresh app and database: `describeOnDatabases('catalog', (ctx) => { it(..., () => ctx().app...) })`.
 */
export function describeOnDatabases(name: string, suite: (ctx: () => TestContext) => void, options: TestAppOptions = {}) {
  for (const kind of DATABASE_KINDS) {
    describe(`${name} [${kind}]`, () => {
      let ctx: (TestContext & { close(): Promise<void> }) | undefined;
      beforeAll(async () => {
        ctx = await createTestApp(kind, options);
      });
      afterAll(async () => {
        await ctx?.close();
      });
      suite(() => {
        if (!ctx) throw new Error('test app not ready');
        return ctx;
      });
    });
  }
}
