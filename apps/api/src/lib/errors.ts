import type { ErrorCode, ErrorOffer } from '@store/shared/api';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  csrf_failed: 403,
  not_found: 404,
  unprocessable: 422,
  conflict: 409,
  rate_limited: 429,
  out_of_stock: 400,
  quantity_limit: 400,
  payment_failed: 502,
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
export const badRequest = (message: string, fields?: Record<string, string>) => new AppError('bad_request', message, fields);
