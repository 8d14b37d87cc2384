import { API_PREFIX, CSRF_HEADER, DEPARTMENT_HEADER, LOCATION_HEADER, type ApiErrorBody, type ErrorCode } from '@store/shared/api';
import { STORAGE_KEYS } from '@store/shared/constants';
import * as messages from '@store/shared/messages';
import { isMissingCode, isRefusalCode, needsLoginCode } from './error-codes';
import { toast } from './toast';
import { hrefHere } from './locale';
import { LOCALE_HEADER } from '@store/shared/locale';
import { LOCALE } from './locale';

/** A refusal or failure from the API: callers branch on its code, never on the HTTP status. */
export type HttpError = {
  code: ErrorCode;
  message: string;
  fields?: Record<string, string>;
  email?: string;
  retryAfter?: number;
  /** Another way the server offers (a failing SMS gateway: 'email_link'). */
  offer?: string;
};
export type HttpResult<T> = { ok: true; data: T } | { ok: false; error: HttpError | null };

export const isMissing = (error: HttpError | null): boolean => error !== null && isMissingCode(error.code);
export const isRefusal = (error: HttpError | null): boolean => error !== null && isRefusalCode(error.code);
export const needsLogin = (error: HttpError | null): boolean => error !== null && needsLoginCode(error.code);

export type HttpOptions = {
  /** Show the wrapper's toasts (the login prompt, a refusal's field warnings). Forms that show errors inline pass false. */
  toasts?: boolean;
  /** Guest-mode calls do not prompt for login when the API asks for one (SPEC §6). */
  guest?: boolean;
  /** 'Not there' is an expected answer for this call: do not send the browser to /404. */
  allow404?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (the checkout's Idempotency-Key). */
  headers?: Record<string, string>;
};

function readCookie(name: string): string | null {
  const match = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return match ? decodeURIComponent(match.slice(name.length + 1)) : null;
}

let csrfPromise: Promise<string | null> | null = null;

/** The CSRF token from its cookie, fetched once from the CSRF endpoint when missing (SPEC §7). */
export async function ensureCsrfToken(): Promise<string | null> {
  const existing = readCookie(STORAGE_KEYS.csrf);
  if (existing) return existing;
  csrfPromise ??= fetch(`${API_PREFIX}/csrf/`, { credentials: 'include' })
    .then(async (r) => (r.ok ? ((await r.json()) as { csrfToken: string }).csrfToken : null))
    .catch(() => null)
    .finally(() => {
      csrfPromise = null;
    });
  return csrfPromise;
}

/** The department the page is in, set on <html data-department> by the root layout. */
function currentDepartment(): string {
  return document.documentElement.dataset.department ?? '';
}

function storedLocation(): string {
  try {
    return localStorage.getItem(STORAGE_KEYS.location) ?? 'None';
  } catch {
    return 'None';
  }
}

/**
 * The browser's request wrapper with SPEC §8's semantics: a success gives data (none for 204); a
 * network error returns nothing silently; an answer that the thing is not there sends the browser
 * to /404; one that needs a login prompts for it; a refusal shows each field error as a warning
 * toast; every other error carries the server message. What follows goes by the error's code.
 */
export async function http<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  options: HttpOptions = {},
): Promise<HttpResult<T>> {
  const { toasts = true, guest = false, allow404 = false, signal } = options;
  const headers: Record<string, string> = {
    ...options.headers,
    [DEPARTMENT_HEADER]: currentDepartment(),
    [LOCATION_HEADER]: storedLocation(),
    [LOCALE_HEADER]: LOCALE,
    accept: 'application/json',
  };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const csrf = await ensureCsrfToken();
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  let response: Response;
  try {
    response = await fetch(`${API_PREFIX}${path}`, {
      method,
      headers,
      credentials: 'include',
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch {
    return { ok: false, error: null };
  }
  if (response.status === 204) return { ok: true, data: null as T };
  const payload: unknown = response.headers.get('content-type')?.includes('json')
    ? await response.json().catch(() => null)
    : await response.text();
  if (response.ok) return { ok: true, data: payload as T };

  const apiError = (payload as Partial<ApiErrorBody> | null)?.error;
  const error: HttpError = {
    code: apiError?.code ?? 'internal',
    message: apiError?.message ?? (typeof payload === 'string' && payload ? payload : messages.internalError()),
    ...(apiError?.fields ? { fields: apiError.fields } : {}),
    ...(typeof apiError?.retry_after === 'number' ? { retryAfter: apiError.retry_after } : {}),
    ...(apiError?.offer ? { offer: apiError.offer } : {}),
  };
  if (isMissing(error)) {
    if (!allow404) window.location.assign(hrefHere('/404'));
    return { ok: false, error };
  }
  if (needsLogin(error)) {
    if (toasts && !guest) toast.error(messages.loginRequired());
    return { ok: false, error };
  }
  if (isRefusal(error) && toasts) {
    const fields = Object.entries(error.fields ?? {});
    if (fields.length) for (const [key, message] of fields) toast.warning(`${key.toUpperCase()}: ${message.toUpperCase()}`);
    else toast.warning(error.message);
  }
  return { ok: false, error };
}

export const api = {
  get: <T>(path: string, options?: HttpOptions) => http<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: HttpOptions) => http<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: HttpOptions) => http<T>('PUT', path, body ?? {}, options),
  delete: <T>(path: string, options?: HttpOptions) => http<T>('DELETE', path, undefined, options),
};
