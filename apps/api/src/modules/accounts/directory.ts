import { ilike, inArray, or, sql } from 'drizzle-orm';
import { parseContact } from '@store/shared/auth';
import { containsPattern } from '../../lib/like.js';
import type { DbCtx } from '../../lib/context.js';
import { customers } from './accounts.tables.js';
import { findCustomer } from './customers.js';

/*
 * Customers as other modules' back-office screens name them (the privilege cards list): a name and
 * how to reach them, found by id or by phone or e-mail. Nothing here signs anyone in.
 */

export type CustomerContact = { id: number; name: string; phone: string | null; email: string | null };

const contactColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  phone: customers.phone,
  email: customers.email,
};
const toContact = (c: {
  id: number;
  firstName: string;
  lastName: string;
  phone: string | null;
  email: string | null;
}): CustomerContact => ({
  id: c.id,
  name: `${c.firstName} ${c.lastName}`.trim(),
  phone: c.phone,
  email: c.email,
});

/** The customers with these ids that still exist. */
export async function customerContacts({ db }: DbCtx, ids: number[]): Promise<Map<number, CustomerContact>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select(contactColumns).from(customers).where(inArray(customers.id, ids));
  return new Map(rows.map((r) => [r.id, toContact(r)]));
}

/** The customer with exactly this phone (any way it is written) or e-mail, or null. */
export async function customerByContact(ctx: DbCtx, raw: string): Promise<CustomerContact | null> {
  const contact = parseContact(raw);
  const customer = contact ? await findCustomer(ctx, contact) : undefined;
  return customer ? toContact(customer) : null;
}

/** The ids of customers born on this day of the year ('MM-DD'; a 29 February birthday is kept on 28 February in other years). */
export async function customersBornOn({ db }: DbCtx, monthDay: string): Promise<number[]> {
  const days = monthDay === '02-28' ? ['02-28', '02-29'] : [monthDay];
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(inArray(sql`to_char(${customers.birthday}, 'MM-DD')`, days));
  return rows.map((r) => r.id);
}

/** The ids of customers whose phone or e-mail contains the fragment (a search box), at most 500. */
export async function customerIdsMatching({ db }: DbCtx, fragment: string): Promise<number[]> {
  const pattern = containsPattern(fragment.trim().toLowerCase());
  const rows = await db
    .select({ id: customers.id })
    .from(customers)
    .where(or(ilike(customers.email, pattern), ilike(customers.phone, pattern)))
    .limit(500);
  return rows.map((r) => r.id);
}
