import { data, redirect, type RouterContextProvider } from 'react-router';
import { FLASH_COOKIE, type ApiSendMethod, type ApiSendResult } from '@store/shared/api';
import * as messages from '@store/shared/messages';
import { apiClientContext } from '@store/shared/ssr-context';
import { safeRedirectPath } from '@store/shared/safe-path';

/**
 * Plain HTML forms (sent before hydration or with JavaScript off) reach React Router actions,
 * which call the API in-process and answer with a redirect (POST, redirect, GET: a reload never
 * sends the form again). What the action has to say travels in a short-lived cookie the next page
 * shows and clears (FlashNotice).
 */
export type Flash = { kind: 'success' | 'error'; message: string };

type Context = Readonly<RouterContextProvider>;

/** The form's fields; a body that is not a form (JSON, cut-short multipart) is a 400, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data('This form could not be read. Please go back, reload the page and try again.', { status: 400 });
  }
}

/** A form's text field, trimmed; '' when missing or a file. */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
}

/** A form's positive whole number, or null. */
export function positiveInt(form: FormData, name: string): number | null {
  const value = Number(field(form, name));
  return Number.isSafeInteger(value) && value > 0 ? value : null;
}

/** Where to send the browser after the form: its `back` field when it is a path of this site, else `fallback`. */
export function backPath(form: FormData, fallback = '/'): string {
  return safeRedirectPath(field(form, 'back')) ?? fallback;
}

/** The API's first field message, else its message (SPEC §8: a refusal names what to fix). */
export function refusalMessage(result: ApiSendResult<unknown>): string {
  if (result.ok) return '';
  return Object.values(result.error.fields ?? {})[0] ?? result.error.message ?? messages.internalError();
}

/** Sends a change to the API for a form action; the answer carries the cookies the API set. */
export function apiSend<T>(
  context: Context,
  method: ApiSendMethod,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<ApiSendResult<T>> {
  return context.get(apiClientContext).send<T>(method, path, body, headers);
}

function flashCookie(flash: Flash): string {
  const value = Buffer.from(JSON.stringify(flash)).toString('base64url');
  return `${FLASH_COOKIE}=${value}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

/** The Set-Cookie that clears a shown flash. */
export const clearFlashCookie = `${FLASH_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The flash a form action left, from its cookie's value (a malformed or foreign one counts as none). */
export function parseFlash(raw: string): Flash | null {
  try {
    const flash = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Flash>;
    if ((flash.kind === 'success' || flash.kind === 'error') && typeof flash.message === 'string' && flash.message.length <= 500)
      return { kind: flash.kind, message: flash.message };
  } catch {
    // not ours, or cut short: nothing to say
  }
  return null;
}

/** One cookie of the page request, decoded. */
export function cookieValue(request: Request, name: string): string | null {
  for (const part of (request.headers.get('cookie') ?? '').split(/;\s*/)) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** 303 to `to`, passing on the API's cookies (a new bag, a session) and the flash. */
export function formRedirect(to: string, { cookies = [], flash }: { cookies?: string[]; flash?: Flash } = {}): Response {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  if (flash) headers.append('Set-Cookie', flashCookie(flash));
  return redirect(to, { status: 303, headers });
}
