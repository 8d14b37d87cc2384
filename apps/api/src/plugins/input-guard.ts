import type { FastifyInstance } from 'fastify';
import { hasUnsafeText } from '@store/shared/input';
import * as messages from '@store/shared/messages';
import { badRequest } from '../lib/errors.js';

/** Deeper than any body the shop reads; a walk (or a later JSON.stringify) of a deeper one only costs. */
export const MAX_INPUT_DEPTH = 32;
export const tooDeep = 'Nested too deeply';

export type UnsafeInput = { path: string; message: string };

/** A parsed body, query or params object: its prototype is Object's, null, or (the query parser's) a bare object. */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
};

/** A field name as the 400 shows it: 'line_item.variant_id', '_' for the whole value, a bad key JSON-escaped ('k\\u0000'). */
const fieldName = (path: string[]) =>
  path.length ? path.map((p) => (hasUnsafeText(p) ? JSON.stringify(p).slice(1, -1) : p)).join('.') : '_';

/**
 * The first string or key PostgreSQL could not store (NUL, a lone surrogate), or the first place
 * nested deeper than MAX_INPUT_DEPTH, in document order; null when there is none. Walks without
 * recursion, so no body can overflow the stack. Anything but strings, arrays and plain objects
 * (a raw body stream) is left alone.
 */
export function findUnsafeInput(value: unknown): UnsafeInput | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasUnsafeText(value)) return { path: fieldName(path), message: messages.textNotAllowed() };
      continue;
    }
    const entries: [string, unknown][] = Array.isArray(value)
      ? value.map((v, i) => [String(i), v])
      : isPlainObject(value)
        ? Object.entries(value)
        : [];
    if (entries.length === 0) continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path: fieldName(path), message: tooDeep };
    for (const [key] of entries) if (hasUnsafeText(key)) return { path: fieldName([...path, key]), message: messages.textNotAllowed() };
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], path: [...path, entries[i]![0]] });
  }
  return null;
}

/**
 * The safety net behind the shared schemas (text(), IdSchema): whatever a route's schema let
 * through, no string a PostgreSQL column cannot take reaches a handler. It runs as a preHandler,
 * so it sees what the handler will (the schema's output: a search term already cleaned, unknown
 * keys already dropped), and answers 400 naming the field.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const unsafe = findUnsafeInput(value);
      if (unsafe) throw badRequest(messages.badRequest(), { [unsafe.path]: unsafe.message });
    }
  });
}
