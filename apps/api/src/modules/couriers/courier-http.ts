import type { Courier } from '@store/shared/checkout-rules';
import { normalizePhoneInput } from '@store/shared/phone';
import type { HttpRequest, Transport } from '../../lib/http-transport.js';

/**
 * A courier refused a call (its answer says why) or could not be reached, or answered something that
 * is not its JSON. `refused` tells the two apart: a refusal is the courier's final word on that
 * request; anything else may succeed later.
 */
export class CourierError extends Error {
  constructor(
    readonly courier: Courier,
    message: string,
    readonly refused: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

export type JsonAnswer<T> = { status: number; body: T };

/** One JSON call through the transport: a network failure or a non-JSON answer is a CourierError, any JSON answer is returned. */
export async function callJson<T>(
  courier: Courier,
  transport: Transport,
  url: string,
  method: HttpRequest['method'],
  headers: Record<string, string>,
  body?: unknown,
): Promise<JsonAnswer<T>> {
  const path = new URL(url).pathname;
  let res;
  try {
    res = await transport(url, {
      method,
      headers: { accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
  } catch (err) {
    throw new CourierError(courier, `${courier} ${method} ${path}: ${err instanceof Error ? err.message : String(err)}`, false);
  }
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) as T };
  } catch {
    throw new CourierError(courier, `${courier} ${method} ${path}: HTTP ${res.status}, not JSON`, false, res.status);
  }
}

/** The first message of a Laravel-style error body ({message, errors: {field: [msg]}}). */
export function errorText(body: unknown, fallback: string): string {
  if (!body || typeof body !== 'object') return fallback;
  const b = body as { message?: unknown; errors?: unknown };
  if (b.errors && typeof b.errors === 'object') {
    for (const [field, list] of Object.entries(b.errors as Record<string, unknown>)) {
      const first = Array.isArray(list) ? list[0] : list;
      if (typeof first === 'string') return `${field}: ${first}`;
    }
  }
  return typeof b.message === 'string' && b.message ? b.message : fallback;
}

/** Couriers take 11-digit local mobiles (01XXXXXXXXX); the shop stores +8801XXXXXXXXX. */
export function localPhone(phone: string): string {
  const p = normalizePhoneInput(phone).replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));
  const digits = p.replace(/\D/g, '');
  return digits.length >= 10 ? `0${digits.slice(-10)}` : digits;
}

/** The shop's poisha as the couriers' taka (whole taka stay whole: 125000 → 1250). */
export const takaOf = (poisha: number): number => Math.round(poisha) / 100;
/** A courier's taka (number or numeric string) as poisha; null when it is not a number. */
export function poishaOf(taka: unknown): number | null {
  const n = typeof taka === 'number' ? taka : typeof taka === 'string' && taka.trim() !== '' ? Number(taka) : NaN;
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}
