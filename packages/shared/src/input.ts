import { z } from 'zod';
import * as messages from './messages.js';

/*
 * Building blocks for every schema that reads what a client sends: text PostgreSQL can store, and
 * ids that fit its integer columns. Anything else reaching a query is a 500 (issue 13).
 */

// In a browser, zod compiles nothing: the storefront's and the back office's policies allow no eval,
// and zod's probe for it (a caught `new Function` when a z.object is built) is still reported as a
// policy violation. Every shared schema module imports this one first, so the switch is set before
// any schema is built. The server keeps zod's compiled parsers.
if ('window' in globalThis) z.config({ jitless: true });

/** `updated_at` as a back-office editor loaded it: a save over a newer one is refused (409 edit_conflict). */
export const LoadedAtSchema = z.iso.datetime({ offset: true, error: 'Must be a date and time' });

/** PostgreSQL's integer, the type of every id column: a larger id cannot exist. */
export const MAX_ID = 2_147_483_647;

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** U+0000, or a UTF-16 surrogate without its partner: PostgreSQL stores neither in text or jsonb. */
export function hasUnsafeText(value: string): boolean {
  return value.includes('\u0000') || LONE_SURROGATE.test(value);
}

/**
 * z.string() that refuses NUL and lone surrogates with messages.textNotAllowed; chain .trim(),
 * .min(), .max() as on z.string(). Takes z.string()'s params (the message for a non-string).
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasUnsafeText(value), { error: messages.textNotAllowed, abort: true });

/** An id in a JSON body: a whole number from 1 to MAX_ID. */
export const IdSchema = z.number('Must be a number').int('Must be a whole number').min(1, 'Must be an id').max(MAX_ID, 'Must be an id');

/** An id that arrives as text (a path or query parameter, a form field): read as a number, then as IdSchema. */
export const IdParamSchema = z.coerce
  .number('Must be a number')
  .int('Must be a whole number')
  .min(1, 'Must be an id')
  .max(MAX_ID, 'Must be an id');

export const NOTHING_TO_CHANGE = 'Send at least one field to change';
/** A PATCH body names at least one field: an empty one is a mistake, never a silent no-op. */
export const changesSomething = (patch: object) => Object.keys(patch).length > 0;
