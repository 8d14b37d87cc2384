import { parseArgs } from 'node:util';
import { STAFF_ROLES } from '@store/shared/admin';
import { EnvError, parseEnv } from '../config/env.js';
import { Clock } from '../lib/clock.js';
import { createActiveMember, recordAudit, StaffInputError } from '../modules/staff/index.js';
import { openDatabase } from './open.js';

const USAGE = `Usage: npm run admin:create -- --email E --password P [--role owner] [--name N]
Roles: ${STAFF_ROLES.join(', ')}. The password needs 12 or more characters, mixing letters with digits or symbols.`;

export type AdminCreateResult = { exitCode: 0 | 1; message: string };

/**
 * `npm run admin:create`: an active staff member straight into the configured database (PGlite
 * under DATA_DIR, or DATABASE_URL), e.g. a new shop's first owner. Bad input exits 1 with the reason.
 */
export async function adminCreate(argv: string[], source: Record<string, string | undefined>): Promise<AdminCreateResult> {
  let values: { email?: string | undefined; password?: string | undefined; role?: string | undefined; name?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, password: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' } },
      strict: true,
    }));
  } catch (err) {
    return { exitCode: 1, message: `${(err as Error).message}\n${USAGE}` };
  }
  if (!values.email || !values.password) return { exitCode: 1, message: `--email and --password are required.\n${USAGE}` };
  let env;
  try {
    env = parseEnv(source);
  } catch (err) {
    if (err instanceof EnvError) return { exitCode: 1, message: err.message };
    throw err;
  }
  const database = await openDatabase(env);
  try {
    const member = await createActiveMember(database.db, env, {
      email: values.email,
      password: values.password,
      role: values.role ?? 'owner',
      ...(values.name ? { name: values.name } : {}),
    });
    // Nobody signed in did it: the audit row has no staff member.
    await recordAudit(
      { db: database.db, clock: new Clock() },
      {
        action: 'staff.create',
        entity: 'staff',
        entityId: member.id,
        before: null,
        after: { email: member.email, name: member.name, role: member.role, status: member.status },
      },
    );
    return { exitCode: 0, message: `Created ${member.role} ${member.email} (${database.kind}). Sign in at ${env.PUBLIC_URL}/admin/` };
  } catch (err) {
    if (err instanceof StaffInputError) return { exitCode: 1, message: `Not created: ${err.message}.\n${USAGE}` };
    throw err;
  } finally {
    await database.close();
  }
}
