import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Address, AddressFormInput, CheckoutResponse, OrderPayInput, PayResponse } from '@store/shared/checkout';
import type { Db } from '../../src/db/client.js';
import { customers, guests } from '../../src/modules/accounts/accounts.tables.js';
import { createSession } from '../../src/modules/accounts/index.js';
import { brands, collectionProducts, collections, departments, products, variants } from '../../src/modules/catalog/catalog.tables.js';

/*
 * Factories for the checkout, orders and payments tests: a small catalogue whose prices and stock
 * are known exactly, and shoppers signed in through the accounts module's own session function
 * (no SMS round trip), talking to the API with `Authorization: Token` like an API client.
 */

const image = { original: '/media/t.jpg', webp: '/media/t.webp', mobile: '/media/t-m.webp', alt: 't', width: 800, height: 800 };

/** A valid delivery address form (Dhanmondi, Dhaka). */
export const ADDRESS_FORM = {
  name: 'Nusrat Jahan',
  phone: '01712345678',
  division: 'Dhaka',
  location: 'Dhaka',
  area: 'Dhanmondi',
  address_detail: 'House 12, Road 5',
};
export async function createTestCatalog(db: Db, prefix = 'co') {
  await db.insert(departments).values({ key: '', name: 'Beauty', position: 0 }).onConflictDoNothing();
  const [beauty] = await db.select().from(departments).where(eq(departments.key, ''));
  const departmentId = beauty!.id;
  const [brand] = await db
    .insert(brands)
    .values({ handle: `${prefix}-brand`, name: 'Test Lab', departmentId })
    .returning();
  const brandId = brand!.id;
  const [serum, cream, mask, toner] = await db
    .insert(products)
    .values([
      { handle: `${prefix}-serum`, name: 'Glow Serum', brandId, departmentId, images: [image] },
      { handle: `${prefix}-cream`, name: 'Night Cream', brandId, departmentId, images: [image] },
      { handle: `${prefix}-mask`, name: 'Sheet Mask', brandId, departmentId, images: [image] },
      { handle: `${prefix}-toner`, name: 'Rice Toner', brandId, departmentId, images: [image] },
    ])
    .returning();
  const [serum30, cream50, mask1, toner150] = await db
    .insert(variants)
    .values([
      // ৳1,000, 10% off → ৳900
      { productId: serum!.id, sku: `${prefix}-serum-30`, title: '30 ml', price: 100_000, discount: 10, stock: 500 },
      { productId: cream!.id, sku: `${prefix}-cream-50`, title: '50 ml', price: 150_000, discount: 0, stock: 500 },
      { productId: mask!.id, sku: `${prefix}-mask-1`, title: 'Single', price: 20_000, discount: 0, stock: 500 },
      { productId: toner!.id, sku: `${prefix}-toner-150`, title: '150 ml', price: 80_000, discount: 0, stock: 500 },
    ])
    .returning();
  const [collection] = await db
    .insert(collections)
    .values({ handle: `${prefix}-kbeauty`, title: 'K-beauty', departmentId })
    .returning();
  await db.insert(collectionProducts).values([
    { collectionId: collection!.id, productId: mask!.id, position: 0 },
    { collectionId: collection!.id, productId: toner!.id, position: 1 },
  ]);
  return { serum30: serum30!, cream50: cream50!, mask1: mask1!, toner150: toner150!, collectionId: collection!.id };
}
export type TestCatalog = Awaited<ReturnType<typeof createTestCatalog>>;

let seq = 0;
/** A fresh Bangladeshi mobile per call, so shoppers never collide across tests. */
export function uniquePhone(): string {
  seq++;
  return `+88017${String(Date.now() % 1_000_000).padStart(6, '0')}${String(seq % 100).padStart(2, '0')}`.slice(0, 14);
}

export type Shopper = {
  token: string;
  customerId: number | null;
  guestId: string | null;
  phone: string;
  request(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  add(variantId: number, quantity?: number): Promise<LightMyRequestResponse>;
  address(form?: Partial<AddressFormInput>, type?: 'shipping' | 'billing'): Promise<Address>;
  checkout(): Promise<CheckoutResponse>;
  pay(payload?: OrderPayInput, key?: string): Promise<LightMyRequestResponse>;
};

function shopperFor(
  app: FastifyInstance,
  token: string,
  ids: { customerId: number | null; guestId: string | null },
  phone: string,
): Shopper {
  const request = async (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const options: InjectOptions = { method, url: `/api/v1${url}`, headers: { authorization: `Token ${token}`, ...headers } };
    if (payload !== undefined) options.payload = payload as InjectOptions['payload'];
    return app.inject(options);
  };
  return {
    token,
    ...ids,
    phone,
    request,
    add: (variantId, quantity = 1) =>
      request('POST', '/cart/line-items/', {
        delivery_type: 'standard',
        line_item: { variant_id: variantId, quantity, action: 'increment' },
      }),
    async address(form = {}, type = 'shipping') {
      const res = await request('POST', `/addresses/?type=${type}`, { ...ADDRESS_FORM, ...form });
      if (res.statusCode !== 201) throw new Error(`address: ${res.statusCode} ${res.body}`);
      return res.json<{ data: Address }>().data;
    },
    async checkout() {
      return (await request('GET', '/checkout/')).json<CheckoutResponse>();
    },
    pay: (payload = {}, key) => request('POST', '/checkout/pay/', payload, key ? { 'idempotency-key': key } : {}),
  };
}

/** A registered, verified customer with a live session. */
export async function newCustomer(app: FastifyInstance, opts: { email?: string | null } = {}): Promise<Shopper> {
  const phone = uniquePhone();
  const email = opts.email === undefined ? `c${randomBytes(5).toString('hex')}@example.com` : opts.email;
  const [c] = await app.db
    .insert(customers)
    .values({ phone, email, firstName: 'Nusrat', lastName: 'Jahan', verifiedSms: true, verifiedEmail: email !== null })
    .returning();
  const token = await createSession({ db: app.db, clock: app.clock }, { customerId: c!.id });
  return shopperFor(app, token, { customerId: c!.id, guestId: null }, phone);
}

/** A phone-verified guest with a live guest session. */
export async function newGuest(app: FastifyInstance): Promise<Shopper> {
  const phone = uniquePhone();
  const id = crypto.randomUUID();
  await app.db.insert(guests).values({ id, phone, firstName: 'Guest', verifiedSms: true });
  const token = await createSession({ db: app.db, clock: app.clock }, { guestId: id });
  return shopperFor(app, token, { customerId: null, guestId: id }, phone);
}

export const payData = (res: LightMyRequestResponse) => res.json<PayResponse>().data;
