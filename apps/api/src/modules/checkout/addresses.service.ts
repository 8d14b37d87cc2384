import { and, asc, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Address, AddressForm, AddressSnapshot } from '@store/shared/checkout';
import type { AddressType } from '@store/shared/checkout-rules';
import * as messages from '@store/shared/messages';
import type { Db } from '../../db/client.js';
import { perOwnerColumn, preparedQuery } from '../../db/prepared.js';
import { shopperKey as keyOf } from '../../lib/context.js';
import { AppError, badRequest } from '../../lib/errors.js';
import { findZone } from './bd-locations.js';
import { addresses } from './checkout.tables.js';

/** A customer's or a guest's (by the session): nobody else's address is ever found. */
export type Shopper = { customerId: number | null; guestId: string | null };

export type AddressRow = typeof addresses.$inferSelect;

/** Whose addresses: a customer, or a guest by their session; nobody is refused. */
function shopperKey(owner: Shopper): { kind: 'customer' | 'guest'; value: number | string } {
  const key = keyOf(owner);
  if (!key) throw new AppError('login_required', messages.loginRequired());
  return key;
}

const ownerColumn = { customer: addresses.customerId, guest: addresses.guestId };

function ownerWhere(owner: Shopper): SQL {
  const key = shopperKey(owner);
  return eq(ownerColumn[key.kind], key.value);
}

const ownAddress = perOwnerColumn(ownerColumn, (kind, owner) =>
  preparedQuery(`own_address_${kind}`, (db) =>
    db
      .select()
      .from(addresses)
      .where(and(owner, eq(addresses.id, sql.placeholder('id')))),
  ),
);

const firstAddressOfType = perOwnerColumn(ownerColumn, (kind, owner) =>
  preparedQuery(`default_address_${kind}`, (db) =>
    db
      .select()
      .from(addresses)
      .where(and(owner, eq(addresses.type, sql.placeholder('type'))))
      .orderBy(desc(addresses.isDefault), desc(addresses.id), asc(addresses.type))
      .limit(1),
  ),
);

export function toAddress(r: AddressRow): Address {
  return {
    id: r.id,
    type: r.type,
    default: r.isDefault,
    name: r.name,
    phone: r.phone,
    email: r.email,
    company: r.company,
    division: r.division,
    location: r.location,
    area: r.area,
    address_detail: r.addressDetail,
    additional_info: r.additionalInfo,
    zone: r.zone,
  };
}

export function snapshotOf(r: AddressRow): AddressSnapshot {
  const { id: _id, default: _default, type: _type, ...rest } = toAddress(r);
  return rest;
}

/** The owner's addresses of a type: the default first, then the newest. */
export async function listAddresses(db: Db, owner: Shopper, type: AddressType): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(and(ownerWhere(owner), eq(addresses.type, type)))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map(toAddress);
}

/** One of the owner's addresses (of any type); another shopper's id is a 404. */
export async function getOwnAddress(db: Db, owner: Shopper, id: number): Promise<AddressRow> {
  const key = shopperKey(owner);
  const [row] = await ownAddress[key.kind](db, { owner: key.value, id });
  if (!row) throw new AppError('address_not_found', messages.addressNotFound());
  return row;
}

/** The place must be one of the shipped list: that is where the delivery zone comes from. */
function placeOf(form: AddressForm) {
  const zone = findZone(form.division, form.location, form.area);
  if (!zone) {
    throw badRequest(messages.badRequest(), { area: messages.areaRequired() });
  }
  return zone;
}

const columns = (form: AddressForm, zone: AddressRow['zone']) => ({
  name: form.name,
  phone: form.phone,
  email: form.email || null,
  company: form.company,
  division: form.division,
  location: form.location,
  area: form.area,
  addressDetail: form.address_detail,
  additionalInfo: form.additional_info,
  zone,
});

/**
 * Makes `id` the owner's only default of its type. The partial unique index allows one default, so
 * the old one is cleared first, in the same transaction.
 */
async function makeDefault(tx: Db, owner: Shopper, type: AddressType, id: number) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(ownerWhere(owner), eq(addresses.type, type), eq(addresses.isDefault, true), ne(addresses.id, id)));
  await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
}

/**
 * A new address; the owner's first of a type becomes the default. At most `max` of a type per
 * owner (MAX_ADDRESSES_PER_SHOPPER): the owner's additions run one at a time (a transaction-scoped
 * advisory lock), so parallel requests cannot all pass the count.
 */
export async function createAddress(db: Db, owner: Shopper, type: AddressType, form: AddressForm, max: number): Promise<Address> {
  const zone = placeOf(form);
  const ownerKey = owner.customerId !== null ? `c:${owner.customerId}` : `g:${owner.guestId}`;
  ownerWhere(owner);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`addresses:${ownerKey}:${type}`}))`);
    const [held] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(and(ownerWhere(owner), eq(addresses.type, type)));
    if (held!.n >= max) throw new AppError('address_limit', messages.tooManyAddresses(max));
    const [row] = await tx
      .insert(addresses)
      .values({ customerId: owner.customerId, guestId: owner.customerId === null ? owner.guestId : null, type, ...columns(form, zone) })
      .returning();
    if (form.default || held!.n === 0) await makeDefault(tx, owner, type, row!.id);
    const [fresh] = await tx.select().from(addresses).where(eq(addresses.id, row!.id));
    return toAddress(fresh!);
  });
}

export async function updateAddress(db: Db, owner: Shopper, type: AddressType, id: number, form: AddressForm): Promise<Address> {
  const zone = placeOf(form);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(addresses)
      .set({ ...columns(form, zone), updatedAt: new Date() })
      .where(and(ownerWhere(owner), eq(addresses.id, id), eq(addresses.type, type)))
      .returning();
    if (!row) throw new AppError('address_not_found', messages.addressNotFound());
    if (form.default) await makeDefault(tx, owner, type, id);
    const [fresh] = await tx.select().from(addresses).where(eq(addresses.id, id));
    return toAddress(fresh!);
  });
}

/** Deletes the address (orders keep their own copy); when it was the default, the newest other one takes over. */
export async function deleteAddress(db: Db, owner: Shopper, type: AddressType, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(addresses)
      .where(and(ownerWhere(owner), eq(addresses.id, id), eq(addresses.type, type)))
      .returning();
    if (!row) throw new AppError('address_not_found', messages.addressNotFound());
    if (!row.isDefault) return;
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(ownerWhere(owner), eq(addresses.type, type)))
      .orderBy(desc(addresses.id))
      .limit(1);
    if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
  });
}

/** The owner's default address of a type, or else their newest. */
export async function defaultAddress(db: Db, owner: Shopper, type: AddressType): Promise<AddressRow | null> {
  const key = shopperKey(owner);
  const [row] = await firstAddressOfType[key.kind](db, { owner: key.value, type });
  return row ?? null;
}
