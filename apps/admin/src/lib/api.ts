import type { ApiErrorBody, ErrorCode } from '@store/shared/api';
import { clearToken, getToken } from './session';

export const ADMIN_API = '/api/v1/admin';

/** An answer other than 2xx, with what forms need: the code to branch on, a message, and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string>;
  /** Seconds to wait before trying again (429). */
  readonly retryAfter: number | null;

  constructor(status: number, body: ApiErrorBody['error']) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.retryAfter = body.retry_after ?? null;
  }
}

let onSignedOut: (() => void) | null = null;

/** What happens when the API says the token is no longer good (401 login_required): the router sends the member to sign in. */
export function whenSignedOut(handler: () => void) {
  onSignedOut = handler;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

async function request<T>(
  method: Method,
  path: string,
  body?: unknown,
  signal?: AbortSignal,
  extra: Record<string, string> = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  const token = getToken();
  if (token) headers.authorization = `Token ${token}`;
  // A file goes as multipart/form-data, whose boundary the browser writes into the header itself.
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers['content-type'] = 'application/json';
  const res = await fetch(`${ADMIN_API}${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: multipart ? body : JSON.stringify(body) } : {}),
    ...(signal ? { signal } : {}),
  });
  const json: unknown = res.status === 204 ? null : await res.json().catch(() => null);
  if (res.ok) return json as T;
  const error = (json as Partial<ApiErrorBody> | null)?.error ?? {
    code: 'internal' as const,
    message: `The server answered ${res.status}.`,
  };
  if (res.status === 401 && error.code === 'login_required' && token) {
    clearToken();
    onSignedOut?.();
  }
  throw new ApiError(res.status, error);
}

/** The admin API (/api/v1/admin/…): JSON in and out, the staff token on every call. */
export const api = {
  get: <T>(path: string, signal?: AbortSignal) => request<T>('GET', path, undefined, signal),
  /** `headers`: an Idempotency-Key, where a retried request must count once. */
  post: <T>(path: string, body: unknown = {}, headers?: Record<string, string>) => request<T>('POST', path, body, undefined, headers),
  patch: <T>(path: string, body: unknown) => request<T>('PATCH', path, body),
  put: <T>(path: string, body: unknown) => request<T>('PUT', path, body),
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** "Try again in 2 minutes" for a 429's retry_after. */
export function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
