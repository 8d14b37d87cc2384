import type { ErrorCode } from '@store/shared/api';

/*
 * The API's error codes, grouped by what the storefront does with them (SPEC §8), for the browser's
 * request wrapper and the server's loaders alike. The web app branches on these codes, never on the
 * HTTP status that carries them.
 */

/** The thing asked for is not there. */
const MISSING: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'not_found',
  'account_not_found',
  'product_not_found',
  'bag_not_found',
  'wishlist_item_not_found',
  'address_not_found',
  'order_not_found',
]);

/** Refusals the shopper can put right: a field, a code, a coupon, stock, a limit. */
const REFUSALS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'validation_failed',
  'otp_invalid',
  'otp_expired',
  'login_failed',
  'sms_bd_only',
  'email_required',
  'variant_not_found',
  'out_of_stock',
  'quantity_limit',
  'address_limit',
  'coupon_not_applicable',
  'coupon_used_up',
  'coupon_already_used',
  'points_not_redeemable',
  'referral_not_applicable',
  'payment_method_unavailable',
]);

export const isMissingCode = (code: ErrorCode): boolean => MISSING.has(code);
export const isRefusalCode = (code: ErrorCode): boolean => REFUSALS.has(code);
/** The call needs a signed-in shopper (or a verified guest). */
export const needsLoginCode = (code: ErrorCode): boolean => code === 'login_required';
