// Kept free of zod: the browser's request wrapper imports these constants on every page.

/** One error contract: `{ error: { code, message, fields? } }`. Expected outcomes are codes the UI branches on. */
export const ERROR_CODES = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'csrf_failed',
  'not_found',
  'unprocessable',
  'conflict',
  'rate_limited',
  'out_of_stock',
  'quantity_limit',
  /** A payment gateway refused or could not be reached (the order is not placed). */
  'payment_failed',
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

/** What the web server's loaders use to reach the API in-process; the same contract the browser gets over HTTP. */
export type ApiResult<T> = { ok: true; status: number; data: T } | { ok: false; status: number; error: ApiErrorBody['error'] };

export interface ApiClient {
  get<T>(path: string): Promise<ApiResult<T>>;
}
