import { and, asc, desc, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_CUSTOMER_PAGE_SIZE,
  ADMIN_LIST_COUNT_CAP,
  ADMIN_SEARCH_COUNT_CAP,
  CUSTOMER_DETAIL_ORDERS,
  customerMessages,
  type AdminCustomerDetail,
  type AdminCustomerListQuery,
  type AdminCustomerListResponse,
  type AdminCustomerRow,
  type CustomerCodPayload,
  type CustomerWishlistItem,
} from '@store/shared/admin-customers';
import type { CodRecord } from '@store/shared/admin-orders';
import type { Address } from '@store/shared/checkout';
import { canonicalBdMobile, normalizePhoneInput } from '@store/shared/phone';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { containsPattern } from '../../lib/like.js';
import { codRecordsOf, customerOrders, customerOrderTotals, customerTotalsTable } from '../orders/index.js';
import { recordAudit, staffNames } from '../staff/index.js';
import { customerNotes, customers } from './accounts.tables.js';
import type { Customer } from './customers.js';

/*
 * Customers in the back office (issue 18 item 6): the list and its search, one customer's whole
 * picture, staff notes and the cash-on-delivery block. Orders and each phone's record are the orders
 * module's; the address book and the wishlist come from their modules through the hooks app.ts passes
 * (checkout and wishlist depend on accounts, so accounts cannot import them).
 */

/** What the customer screen reads from the modules that depend on accounts. */
export type CustomerAdminHooks = {
  addresses(ctx: DbCtx, customerId: number): Promise<Address[]>;
  wishlist(ctx: DbCtx, customerId: number): Promise<CustomerWishlistItem[]>;
};

const nameOf = (c: Pick<Customer, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim();
const FULL_NAME = sql`lower(${customers.firstName} || ' ' || ${customers.lastName})`;

/** What the search box means: a phone written any way (01…, +880…, with spaces or dashes), an e-mail, or part of a name. */
function searchCondition(q: string): SQL {
  const phone = canonicalBdMobile(q);
  if (phone) return eq(customers.phone, phone);
  const abroad = normalizePhoneInput(q);
  if (/^\+\d{6,15}$/.test(abroad)) return eq(customers.phone, abroad);
  if (q.includes('@')) return eq(customers.email, q.toLowerCase());
  return sql`${FULL_NAME} like ${containsPattern(q.toLowerCase())}`;
}

function listConditions(query: AdminCustomerListQuery): SQL[] {
  const where: (SQL | null)[] = [
    query.q ? searchCondition(query.q) : null,
    query.cod === 'blocked' ? isNotNull(customers.codBlockedAt) : null,
  ];
  return where.filter((w): w is SQL => !!w);
}

/**
 * A page of the list: the page's ids from one walk (filters and sort), then their totals and records.
 * Sorting by orders or money spent joins every customer's totals (customerTotalsTable); the other
 * sorts walk the customers' primary key or read only the customers table. The count stops at the
 * cap, as the order list's does.
 */
export async function listAdminCustomers(ctx: DbCtx, query: AdminCustomerListQuery): Promise<AdminCustomerListResponse> {
  const { db } = ctx;
  const where = and(...listConditions(query));
  const offset = (query.page - 1) * ADMIN_CUSTOMER_PAGE_SIZE;
  const cap = query.q ? ADMIN_SEARCH_COUNT_CAP : ADMIN_LIST_COUNT_CAP;
  const pageQuery = () => {
    if (query.sort === 'orders' || query.sort === 'spent') {
      const totals = customerTotalsTable(db);
      const by = query.sort === 'orders' ? totals.orders : totals.spent;
      return db
        .select({ id: customers.id })
        .from(customers)
        .leftJoin(totals, eq(totals.customerId, customers.id))
        .where(where)
        .orderBy(desc(sql`coalesce(${by}, 0)`), desc(customers.id))
        .limit(ADMIN_CUSTOMER_PAGE_SIZE)
        .offset(offset);
    }
    const order =
      query.sort === 'oldest' ? [asc(customers.id)] : query.sort === 'name' ? [asc(FULL_NAME), asc(customers.id)] : [desc(customers.id)];
    return db
      .select({ id: customers.id })
      .from(customers)
      .where(where)
      .orderBy(...order)
      .limit(ADMIN_CUSTOMER_PAGE_SIZE)
      .offset(offset);
  };
  const [ids, [counted]] = await Promise.all([
    pageQuery(),
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(customers)
        .where(where)
        .limit(cap + 1)
        .as('capped'),
    ),
  ]);
  const pageIds = ids.map((r) => r.id);
  const rows = await customerRowsOf(ctx, pageIds);
  const n = Number(counted?.n ?? 0);
  return {
    data: rows,
    count: Math.min(n, cap),
    count_capped: n > cap,
    page: query.page,
    page_size: ADMIN_CUSTOMER_PAGE_SIZE,
  };
}

/** The rows of these customers, in the order given, with their totals and their phones' records. */
async function customerRowsOf(ctx: DbCtx, ids: number[]): Promise<AdminCustomerRow[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.db.select().from(customers).where(inArray(customers.id, ids));
  return rowsFor(ctx, ids, rows);
}

async function rowsFor(ctx: DbCtx, ids: number[], rows: Customer[]): Promise<AdminCustomerRow[]> {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const [totals, records] = await Promise.all([
    customerOrderTotals(ctx, ids),
    codRecordsOf(
      ctx,
      rows.map((r) => r.phone),
    ),
  ]);
  return ids.flatMap((id): AdminCustomerRow[] => {
    const c = byId.get(id);
    if (!c) return [];
    const t = totals.get(id);
    return [
      {
        id: c.id,
        name: nameOf(c),
        phone: c.phone,
        email: c.email,
        created_at: c.createdAt.toISOString(),
        order_count: t?.orders ?? 0,
        spent: t?.spent ?? 0,
        risk: (c.phone ? records.get(c.phone)?.risk : undefined) ?? 'new',
        cod_blocked: c.codBlockedAt !== null,
      },
    ];
  });
}

/** A row of the CSV export: the list's row with the record's counts and the block's reason. */
export type CustomerExportRow = AdminCustomerRow & { record: CodRecord; cod_blocked_reason: string };

/** Every customer of the filter, newest first, in batches by id (keyset): the CSV export streams these. */
export async function* customersForExport(ctx: DbCtx, query: AdminCustomerListQuery, batch = 1000): AsyncGenerator<CustomerExportRow[]> {
  const conditions = listConditions(query);
  let before: number | null = null;
  for (;;) {
    const rows: Customer[] = await ctx.db
      .select()
      .from(customers)
      .where(and(...conditions, before === null ? undefined : lt(customers.id, before)))
      .orderBy(desc(customers.id))
      .limit(batch);
    if (rows.length === 0) return;
    const ids = rows.map((r) => r.id);
    const [list, records] = await Promise.all([
      rowsFor(ctx, ids, rows),
      codRecordsOf(
        ctx,
        rows.map((r) => r.phone),
      ),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    yield list.map((row) => ({
      ...row,
      record: (row.phone ? records.get(row.phone) : undefined) ?? { risk: 'new', delivered: 0, returned: 0, cancelled: 0 },
      cod_blocked_reason: byId.get(row.id)?.codBlockedReason ?? '',
    }));
    if (rows.length < batch) return;
    before = rows[rows.length - 1]!.id;
  }
}

// ------------------------------------------------------------------------------------------------
// One customer

const notFound = () => new AppError('not_found', customerMessages.notFound);

async function customerOr404({ db }: DbCtx, id: number): Promise<Customer> {
  const [c] = await db.select().from(customers).where(eq(customers.id, id));
  if (!c) throw notFound();
  return c;
}

/** Everything the back office knows of a customer: profile, orders, addresses, wishlist, notes, COD record and block. */
export async function getAdminCustomer(ctx: DbCtx, id: number, hooks: CustomerAdminHooks): Promise<AdminCustomerDetail> {
  const c = await customerOr404(ctx, id);
  const [orders, totals, records, addresses, wishlist, notes] = await Promise.all([
    customerOrders(ctx, id, CUSTOMER_DETAIL_ORDERS),
    customerOrderTotals(ctx, [id]),
    codRecordsOf(ctx, [c.phone]),
    hooks.addresses(ctx, id),
    hooks.wishlist(ctx, id),
    ctx.db.select().from(customerNotes).where(eq(customerNotes.customerId, id)).orderBy(desc(customerNotes.id)),
  ]);
  const names = await staffNames(
    ctx,
    notes.flatMap((n) => (n.staffId === null ? [] : [n.staffId])),
  );
  return {
    id: c.id,
    name: nameOf(c),
    first_name: c.firstName,
    last_name: c.lastName,
    phone: c.phone,
    email: c.email,
    verified_sms: c.verifiedSms,
    verified_email: c.verifiedEmail,
    birthday: c.birthday,
    newsletter_email: c.newsletterEmail,
    newsletter_sms: c.newsletterSms,
    created_at: c.createdAt.toISOString(),
    order_count: totals.get(id)?.orders ?? 0,
    spent: totals.get(id)?.spent ?? 0,
    orders,
    addresses,
    wishlist,
    notes: notes.map((n) => ({
      id: n.id,
      body: n.body,
      staff: n.staffId === null ? null : (names.get(n.staffId) ?? `Staff #${n.staffId}`),
      created_at: n.createdAt.toISOString(),
    })),
    cod_record: (c.phone ? records.get(c.phone) : undefined) ?? { risk: 'new', delivered: 0, returned: 0, cancelled: 0 },
    cod_blocked: c.codBlockedAt !== null,
    cod_blocked_at: c.codBlockedAt?.toISOString() ?? null,
    cod_blocked_reason: c.codBlockedReason,
  };
}

/** In a transaction: lock the customer (a 404 if gone), do the write; its audit row goes in the same transaction. */
async function withCustomer<T>(ctx: RequestCtx, id: number, work: (tx: RequestCtx, customer: Customer) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (db) => {
    const tx = { ...ctx, db };
    const [customer] = await db.select().from(customers).where(eq(customers.id, id)).for('update');
    if (!customer) throw notFound();
    return work(tx, customer);
  });
}

async function insertNote(tx: RequestCtx, customerId: number, body: string): Promise<number> {
  const [note] = await tx.db
    .insert(customerNotes)
    .values({ customerId, staffId: tx.staff?.id ?? null, body, createdAt: tx.clock.now() })
    .returning({ id: customerNotes.id });
  return note!.id;
}

/** A staff note on the customer: kept as written, never edited. */
export async function addCustomerNote(ctx: RequestCtx, id: number, body: string): Promise<void> {
  await withCustomer(ctx, id, async (tx) => {
    const noteId = await insertNote(tx, id, body);
    await recordAudit(tx, { action: 'customer.note', entity: 'customer', entityId: id, after: { note_id: noteId, body } });
  });
}

/**
 * Blocks cash on delivery for the customer (checkout then offers only bKash, card and pickup) or
 * allows it again. The change goes on the customer's notes under the member's name, so the screen
 * shows who did it and why; asking for the state the customer is in already writes nothing.
 */
export async function setCodBlocked(ctx: RequestCtx, id: number, input: CustomerCodPayload): Promise<void> {
  await withCustomer(ctx, id, async (tx, customer) => {
    const was = { cod_blocked: customer.codBlockedAt !== null, cod_blocked_reason: customer.codBlockedReason };
    const now = { cod_blocked: input.blocked, cod_blocked_reason: input.blocked ? input.reason : '' };
    if (was.cod_blocked === now.cod_blocked && was.cod_blocked_reason === now.cod_blocked_reason) return;
    const at = tx.clock.now();
    await tx.db
      .update(customers)
      .set({
        codBlockedAt: input.blocked ? (customer.codBlockedAt ?? at) : null,
        codBlockedReason: now.cod_blocked_reason,
        updatedAt: at,
      })
      .where(eq(customers.id, id));
    await insertNote(
      tx,
      id,
      input.blocked
        ? `Blocked cash on delivery: ${input.reason}`
        : `Allowed cash on delivery again${input.reason ? `: ${input.reason}` : ''}`,
    );
    await recordAudit(tx, {
      action: input.blocked ? 'customer.cod_block' : 'customer.cod_unblock',
      entity: 'customer',
      entityId: id,
      before: was,
      after: input.blocked ? now : { ...now, reason: input.reason },
    });
  });
}
