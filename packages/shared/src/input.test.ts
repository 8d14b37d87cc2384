import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CartUpdatePayloadSchema } from './cart.js';
import { AddressFormSchema } from './checkout.js';
import { hasUnsafeText, IdParamSchema, IdSchema, MAX_ID, text } from './input.js';
import { ContactBodySchema } from './auth.js';
import * as messages from './messages.js';

const firstMessage = (result: z.ZodSafeParseResult<unknown>) => (result.success ? null : result.error.issues[0]!.message);

describe('hasUnsafeText', () => {
  it('finds NUL and lone surrogates, and nothing else', () => {
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udbff', '\udc00', '\udfffy', '\udc00\ud800', '😀\ud83d'])
      expect(hasUnsafeText(bad), JSON.stringify(bad)).toBe(true);
    for (const good of ['', 'plain', 'লিপস্টিক', '😀💄', '\u0001\u001f\u007f', '\ufffd', '\ufeff'])
      expect(hasUnsafeText(good), good).toBe(false);
  });

  it('agrees with String#isWellFormed for every string without NUL', () => {
    const units = fc.constantFrom('a', '\ud83d', '\ude00', '\udbff', '\udc00', 'ব', '\u0001');
    fc.assert(
      fc.property(fc.string({ unit: units, maxLength: 12 }), (s) => {
        const wellFormed = (s as string & { isWellFormed(): boolean }).isWellFormed();
        expect(hasUnsafeText(s)).toBe(!wellFormed);
      }),
    );
  });
});

describe('text()', () => {
  it('refuses NUL and lone surrogates with its own message, before min and max speak', () => {
    const name = text('Please enter a name').trim().min(1, 'Please enter a name').max(5, 'Too long');
    expect(firstMessage(name.safeParse('ab\u0000cdefgh'))).toBe(messages.textNotAllowed());
    expect(firstMessage(name.safeParse('\ud800'))).toBe(messages.textNotAllowed());
    expect(firstMessage(name.safeParse(42))).toBe('Please enter a name');
    expect(firstMessage(name.safeParse('abcdefgh'))).toBe('Too long');
    expect(name.parse('  ab  ')).toBe('ab');
  });

  it('guards the shared schemas that read text', () => {
    expect(firstMessage(ContactBodySchema.safeParse({ email: 'a\u0000@example.com' }))).toBe(messages.textNotAllowed());
    const address = {
      name: 'N\ud800',
      phone: '01712345678',
      division: 'Dhaka',
      location: 'Dhaka',
      area: 'Dhanmondi',
      address_detail: 'House 1',
    };
    const result = AddressFormSchema.safeParse(address);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: ['name'], message: messages.textNotAllowed() });
  });
});

describe('ids', () => {
  it('takes 1 to 2,147,483,647 in a body, as a number only', () => {
    expect(IdSchema.parse(1)).toBe(1);
    expect(IdSchema.parse(MAX_ID)).toBe(MAX_ID);
    for (const bad of [0, -0, -1, 1.5, MAX_ID + 1, 2 ** 53, Infinity, NaN, '1', null])
      expect(IdSchema.safeParse(bad).success, String(bad)).toBe(false);
    const line = (variant_id: number) => CartUpdatePayloadSchema.safeParse({ line_item: { variant_id, quantity: 1, action: 'increment' } });
    expect(line(MAX_ID).success).toBe(true);
    expect(line(MAX_ID + 1).error?.issues[0]).toMatchObject({ path: ['line_item', 'variant_id'], message: 'Must be an id' });
  });

  it('reads a path or query id from text, within the same bounds', () => {
    expect(IdParamSchema.parse('42')).toBe(42);
    expect(IdParamSchema.parse(String(MAX_ID))).toBe(MAX_ID);
    for (const bad of ['0', '-1', '2147483648', '99999999999999999999', '1.5', 'abc', '', '1e400', 'NaN'])
      expect(IdParamSchema.safeParse(bad).success, bad).toBe(false);
  });
});
