import type { Db } from '../client.js';
import { createActiveMember, memberExists } from '../../modules/staff/index.js';

/** The demo shop's owner (README and docs/back-office.md): development and tests only, never production. */
export const DEMO_OWNER = { email: 'owner@example.com', password: 'GlowBazaar-owner-2026', role: 'owner', name: 'Demo Owner' } as const;

export async function seedDemoOwner(db: Db): Promise<void> {
  if (await memberExists(db, DEMO_OWNER.email)) return;
  await createActiveMember(db, { NODE_ENV: 'development' }, DEMO_OWNER);
}
