import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StaffLoginResponse } from '@store/shared/admin';
import { describeOnDatabases } from '../../../test/support/app.js';
import { DATABASE_KINDS } from '../../../test/support/database.js';
import { staffClient } from '../../../test/support/staff.js';
import { adminCreate } from '../../db/admin-create.js';
import { openDatabase } from '../../db/open.js';
import { verifyPassword } from '../../lib/passwords.js';
import { DEMO_OWNER, seedDemoOwner } from '../../db/seed/staff.js';
import { auditLog, staffMembers } from './staff.tables.js';

const PASSWORD = 'First-owner-pass-2026';

/** Where the command line writes: a fresh PGlite folder, or a fresh database on the PostgreSQL server. */
async function freshTarget(kind: string): Promise<{ vars: Record<string, string>; drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'admin-create-'));
    return { vars: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const server = process.env.TEST_DATABASE_URL!;
  const name = `t_admin_${Date.now() % 1e9}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    vars: { DATABASE_URL: url.toString() },
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

for (const kind of DATABASE_KINDS) {
  describe(`npm run admin:create [${kind}]`, () => {
    it('creates an active owner with that password; refuses a weak password, a bad role, a taken e-mail, missing flags', async () => {
      const target = await freshTarget(kind);
      const env = { NODE_ENV: 'test', ...target.vars };
      try {
        const created = await adminCreate(
          ['--email', 'Founder@Shop.example', '--password', PASSWORD, '--role', 'owner', '--name', 'Founder'],
          env,
        );
        expect(created).toEqual({ exitCode: 0, message: expect.stringMatching(/^Created owner founder@shop\.example/) });

        const weak = await adminCreate(['--email', 'b@shop.example', '--password', 'password', '--role', 'owner'], env);
        expect(weak.exitCode).toBe(1);
        expect(weak.message).toMatch(/too weak/);
        const role = await adminCreate(['--email', 'c@shop.example', '--password', PASSWORD, '--role', 'king'], env);
        expect(role).toMatchObject({ exitCode: 1, message: expect.stringMatching(/unknown role "king"/) });
        expect((await adminCreate(['--email', 'founder@shop.example', '--password', PASSWORD], env)).message).toMatch(/already exists/);
        expect((await adminCreate(['--email', 'd@shop.example'], env)).exitCode).toBe(1);
        expect((await adminCreate(['--email', 'd@shop.example', '--password', PASSWORD, '--colour', 'red'], env)).exitCode).toBe(1);

        const database = await openDatabase({
          DATABASE_URL: target.vars.DATABASE_URL,
          DATA_DIR: target.vars.DATA_DIR ?? './data',
          DATABASE_POOL_SIZE: 2,
          DATABASE_CONNECT_TIMEOUT_MS: 2000,
          DATABASE_QUERY_TIMEOUT_MS: 10_000,
          DATABASE_STATEMENT_TIMEOUT_MS: 8000,
        });
        try {
          const rows = await database.db.select().from(staffMembers);
          expect(rows.map((r) => [r.email, r.role, r.status, r.name])).toEqual([['founder@shop.example', 'owner', 'active', 'Founder']]);
          const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.create'));
          expect(entry).toMatchObject({ staffId: null, entityId: String(rows[0]!.id) });
          expect(await verifyPassword({ NODE_ENV: 'test' }, rows[0]!.passwordHash, PASSWORD)).toBe(true);
        } finally {
          await database.close();
        }
      } finally {
        await target.drop();
      }
    }, 120_000);
  });
}

describe('the admin:create command', () => {
  it('exits 1 with the reason on stderr', async () => {
    const run = promisify(execFile);
    const failure = await run('npx', ['tsx', 'src/db/admin-create-cli.ts', '--email', 'x@shop.example'], {
      cwd: join(import.meta.dirname, '../../..'),
    }).catch((err: { code: number; stderr: string }) => err);
    expect(failure).toMatchObject({ code: 1, stderr: expect.stringMatching(/--email and --password are required/) });
  }, 30_000);
});

describeOnDatabases('the demo owner', (ctx) => {
  it('is seeded once, outside production, and signs in with the documented password', async () => {
    await seedDemoOwner(ctx().db);
    await seedDemoOwner(ctx().db);
    const res = await staffClient(ctx().app).login(DEMO_OWNER.email, DEMO_OWNER.password);
    expect(res.statusCode).toBe(200);
    expect(res.json<StaffLoginResponse>().data.staff).toMatchObject({ role: 'owner', email: 'owner@example.com' });
  });
});
