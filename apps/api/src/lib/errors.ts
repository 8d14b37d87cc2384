import type { ErrorCode, ErrorOffer } from '@store/shared/api';

const STATUS: Record<ErrorCode, number> = {
  validation_failed: 400,
  login_required: 401,
  forbidden: 403,
  csrf_failed: 403,
  not_found: 404,
  rate_limited: 429,
  payload_too_large: 413,
  method_not_allowed: 405,
  otp_invalid: 400,
  otp_expired: 400,
  login_failed: 400,
  account_not_found: 404,
  account_exists: 409,
  sms_bd_only: 400,
  email_required: 400,
  product_not_found: 404,
  variant_not_found: 400,
  bag_not_found: 404,
  out_of_stock: 400,
  quantity_limit: 400,
  wishlist_item_not_found: 404,
  address_not_found: 404,
  address_limit: 400,
  coupon_not_applicable: 400,
  coupon_used_up: 400,
  points_not_redeemable: 400,
  referral_not_applicable: 400,
  coupon_already_used: 400,
  payment_method_unavailable: 400,
  payment_failed: 502,
  idempotency_key_reused: 422,
  order_not_found: 404,
  order_not_payable: 409,
  order_not_cancellable: 409,
  illegal_transition: 409,
  refund_not_possible: 409,
  courier_failed: 502,
  cod_not_allowed: 400,
  two_factor_required: 401,
  two_factor_setup_required: 403,
  last_owner: 409,
  review_not_received: 403,
  review_exists: 409,
  invitation_invalid: 400,
  edit_conflict: 409,
  maintenance: 503,
  unavailable: 503,
  delivery_unavailable: 503,
  internal: 500,
};

/** The one error type of the API: every expected outcome is an AppError with a code the UI branches on. */
export class AppError extends Error {
  readonly status: number;
  /** Seconds until a refused request may be retried (rate limits, cooldowns). */
  retryAfter?: number;
  /** Another way the UI may offer (a failing SMS gateway: the e-mail link). */
  offer?: ErrorOffer;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  const err = new AppError('rate_limited', message);
  err.retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return err;
}

export const notFound = (what = 'Not found') => new AppError('not_found', what);
export const badRequest = (message: string, fields?: Record<string, string>) => new AppError('validation_failed', message, fields);
