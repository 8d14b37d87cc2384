import type { ErrorCode } from '@store/shared/api';
import type { Cart } from '@store/shared/cart';
import type { DepartmentKey } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import type { Env } from '../../config/env.js';
import type { RequestCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { CartOwner } from '../cart/index.js';
import type { Notifier } from '../notifications/index.js';
import type { Payments } from '../payments/index.js';
import type { Shopper } from './addresses.service.js';

/** What the checkout's work needs besides the request (the upkeep has these without one). */
export type CheckoutDeps = Pick<RequestCtx, 'db' | 'clock' | 'log'> & { env: Env; payments: Payments; notifier: Notifier };

/**
 * The request context (first argument of every checkout service) with the checkout's dependencies,
 * the shopper it resolved (null for a visitor), the visitor's bag cookie and the department.
 */
export type CheckoutCtx = RequestCtx & CheckoutDeps & { shopper: Shopper | null; cartToken: string | null; department: DepartmentKey };

/** The shopper of a request: a customer, else a verified guest, else nobody. */
export const shopperOf = (ctx: Pick<RequestCtx, 'customerId' | 'guestId'>): Shopper | null =>
  ctx.customerId !== null || ctx.guestId ? { customerId: ctx.customerId, guestId: ctx.guestId ?? null } : null;

/** A refusal the UI shows beside a field (fields[field] carries the message). */
export const refuse = (code: ErrorCode, message: string, field: string) => new AppError(code, message, { [field]: message });

export function requireShopper(ctx: CheckoutCtx): Shopper {
  if (!ctx.shopper || (ctx.shopper.customerId === null && ctx.shopper.guestId === null))
    throw new AppError('login_required', messages.loginRequired());
  return ctx.shopper;
}

export const cartOwnerOf = (ctx: CheckoutCtx): CartOwner => ({
  customerId: ctx.shopper?.customerId ?? null,
  guestId: ctx.shopper?.guestId ?? null,
  token: ctx.cartToken,
});

/** The lines the shopper pays for (gifts ride along free). */
export const paidLines = (cart: Cart) => cart.line_items.filter((l) => !l.gift);
