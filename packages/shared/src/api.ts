// Kept free of zod: the browser's request wrapper imports these constants on every page.

/** One error contract: `{ error: { code, message, fields? } }`. Expected outcomes are codes the UI branches on. */
export const ERROR_CODES = [
  // Input and access.
  /** A field or a query the API cannot use: `fields` names each, in the shopper's words. */
  'validation_failed',
  /** The call needs a signed-in shopper (or a verified guest). */
  'login_required',
  'forbidden',
  'csrf_failed',
  /** No such endpoint or page. */
  'not_found',
  'rate_limited',
  /** The request body is larger than the API takes. */
  'payload_too_large',
  'method_not_allowed',
  // Accounts.
  /** The one-time code (or link) does not match. */
  'otp_invalid',
  /** The one-time code or link matched but is past its time or its attempts. */
  'otp_expired',
  /** E-mail/phone and password do not match an account. */
  'login_failed',
  'account_not_found',
  /** The e-mail or phone belongs to another account. */
  'account_exists',
  /** SMS goes to Bangladeshi numbers only: the shopper must use an e-mail. */
  'sms_bd_only',
  /** An e-mail is needed for this (abroad, newsletter, a reset by e-mail). */
  'email_required',
  // Catalog and bag.
  'product_not_found',
  'variant_not_found',
  'bag_not_found',
  'out_of_stock',
  'quantity_limit',
  'wishlist_item_not_found',
  // Checkout, orders and payments.
  'address_not_found',
  'address_limit',
  'coupon_not_applicable',
  'coupon_used_up',
  'coupon_already_used',
  /** Loyalty points that cannot be spent on this order (too many, below the minimum balance, or the balance changed). */
  'points_not_redeemable',
  /** A referral code that gives no welcome discount here (unknown, one's own, not a first order…). */
  'referral_not_applicable',
  'payment_method_unavailable',
  /** A payment gateway refused or could not be reached (the order is not placed). */
  'payment_failed',
  /** An Idempotency-Key was sent again with a different bag or body. */
  'idempotency_key_reused',
  'order_not_found',
  'order_not_payable',
  'order_not_cancellable',
  /** The order or payment cannot make this move from where it stands (the transition tables). */
  'illegal_transition',
  'refund_not_possible',
  /** A courier refused a booking or could not be reached (issue 18): nothing was booked. */
  'courier_failed',
  /** Cash on delivery is not offered to this customer (blocked by staff, or high COD risk without the fee paid first). */
  'cod_not_allowed',
  // The back office (issue 16).
  /** The staff account has two-factor sign-in: send the 6-digit code as otp. */
  'two_factor_required',
  /** This role must enrol in two-factor sign-in (production) before anything else. */
  'two_factor_setup_required',
  /** The change would leave the shop without an active owner. */
  'last_owner',
  /** A review of a product the customer has not received (no delivered order with it). */
  'review_not_received',
  /** The customer already reviewed this product (one review per product). */
  'review_exists',
  /** An invitation or password-reset link that is unknown, used or past its time. */
  'invitation_invalid',
  /** Someone else saved the item after this editor loaded it (its updated_at differs): reload, then edit. */
  'edit_conflict',
  // The shop itself.
  'maintenance',
  /** The shop cannot reach its database (or another service it needs) right now: retry after Retry-After. */
  'unavailable',
  /** A message could not be sent because its gateway is failing (SMS): the answer may offer another way. */
  'delivery_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export type ApiErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    /** Seconds until the request may be retried (429: rate limits and cooldowns); also sent as Retry-After. */
    retry_after?: number;
    /** Another way to reach the same goal that the UI may offer (delivery_unavailable: an e-mail sign-in link). */
    offer?: ErrorOffer;
  };
};

export type ErrorOffer = 'email_link';

/** Headers every storefront request carries (SPEC §7). */
export const DEPARTMENT_HEADER = 'my-department';
export const LOCATION_HEADER = 'my-location';
export const CSRF_HEADER = 'x-csrftoken';
export const CSRF_COOKIE = 'csrftoken';
export const AUTH_COOKIE = 'token';
export const API_PREFIX = '/api/v1';
/**
 * What a page's form action left to say on the page it sends the browser to (a plain HTML form,
 * sent before hydration or without JavaScript): read and cleared by the next page. A page with
 * one is never served from or kept in the page cache.
 */
export const FLASH_COOKIE = 'flash';
/** The phone a no-JavaScript sign-in sent its code to, until the code is entered (10 minutes). */
export const SIGN_IN_PHONE_COOKIE = 'sign_in_phone';

/** What the web server's loaders use to reach the API in-process; the same contract the browser gets over HTTP. */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiErrorBody['error'] };

/** A change sent by a page's form action: the API's answer and the cookies it set, for the action to pass on to the browser. */
export type ApiSendResult<T> = ApiResult<T> & { setCookies: string[] };

export type ApiSendMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiClient {
  get<T>(path: string): Promise<ApiResult<T>>;
  /**
   * For form actions only: the page server has already checked that the form came from the shop's
   * own pages (web.ts), so the call carries the shopper's cookies and passes the CSRF check.
   */
  send<T>(method: ApiSendMethod, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiSendResult<T>>;
}
