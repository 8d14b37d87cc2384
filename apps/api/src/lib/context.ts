import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { StaffRole } from '@store/shared/admin';
import { LOCALE_COOKIE, LOCALE_HEADER, localeOrNull, preferredLocale, type Locale } from '@store/shared/locale';
import type { Db } from '../db/client.js';
import type { Clock } from './clock.js';
import { readDb } from './read-replica.js';

/** The staff member a back-office request signed in as (the staff module's guard sets request.staff). */
export type StaffActor = { id: number; email: string; name: string; role: StaffRole; sessionId: number };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on an admin route that passed requirePermission(), else null. */
    staff: StaffActor | null;
  }
}

/**
 * The language of an API request, for what the shop writes back to the shopper (SMS, e-mails):
 * the page's language the storefront names in its header, else the language the shopper chose
 * (the `locale` cookie), else the one the browser prefers, else English.
 */
export function requestLocale(request: Pick<FastifyRequest, 'headers' | 'cookies'>): Locale {
  const named = request.headers[LOCALE_HEADER];
  return (
    localeOrNull(typeof named === 'string' ? named : null) ??
    localeOrNull(request.cookies[LOCALE_COOKIE]) ??
    preferredLocale(request.headers['accept-language'])
  );
}

/**
 * What every service call takes first (STYLE.md): the database or the transaction to work in, the
 * time, who is acting, in which language, and the request's id and logger. A module whose services
 * need more (the notifier, the rate limiter) extends this type; accounts' AccountsCtx is one.
 * Staff members join the actors with the back office (issue 16): `staff` is set on admin routes.
 */
export type RequestCtx = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  requestId: string;
  locale: Locale;
  /** The signed-in shopper, or null. */
  customerId: number | null;
  /** A verified guest (checkout by phone), or null. */
  guestId: string | null;
  sessionId: number | null;
  /** The acting staff member (back office), or absent: the audit log records who did a write. */
  staff?: { id: number; role: StaffRole } | null;
  /** Where the request came from (the audit log keeps both); absent for work no request asked for. */
  ip?: string;
  userAgent?: string | undefined;
};

/** The context of an API request: the app's database and the identity the auth hook resolved. */
/** A request's context for the catalog's and search's reads: the read replica when there is one (lib/read-replica.ts). */
export function readCtx(request: FastifyRequest, clock: Clock): RequestCtx {
  return { ...requestCtx(request, clock), db: readDb(request.server.database) };
}

export function requestCtx(request: FastifyRequest, clock: Clock): RequestCtx {
  return {
    db: request.server.db,
    clock,
    log: request.log,
    requestId: request.id,
    locale: requestLocale(request),
    customerId: request.customerId,
    guestId: request.guestId,
    sessionId: request.sessionId,
    staff: request.staff ? { id: request.staff.id, role: request.staff.role } : null,
    ip: request.ip,
    userAgent: request.headers['user-agent'],
  };
}

/** The context of work no shopper asked for (upkeep, clean-up, seeding): nobody acts. */
export function systemCtx(app: Pick<FastifyInstance, 'db' | 'log'>, clock: Clock, job: string): RequestCtx {
  return {
    db: app.db,
    clock,
    log: app.log.child({ job }),
    requestId: job,
    locale: 'en',
    customerId: null,
    guestId: null,
    sessionId: null,
  };
}

/** What a service that only reads or writes needs of the context: the database or the transaction to work in. */
export type DbCtx = Pick<RequestCtx, 'db'>;

/** A customer, or a guest by their session: whose an address, an order or a coupon use is. */
export type ShopperRef = Pick<RequestCtx, 'customerId' | 'guestId'>;

/** Whose, as a statement prepared per kind of shopper takes it (see perOwnerColumn); null for nobody. */
export function shopperKey(owner: ShopperRef): { kind: 'customer' | 'guest'; value: number | string } | null {
  if (owner.customerId !== null) return { kind: 'customer', value: owner.customerId };
  if (owner.guestId !== null) return { kind: 'guest', value: owner.guestId };
  return null;
}
