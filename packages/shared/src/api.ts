import { z } from 'zod';

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
  'maintenance',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ApiErrorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

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
