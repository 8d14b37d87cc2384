import { describe, expect, it } from 'vitest';
import { parseLoginIdentifier } from './login-field';

describe('parseLoginIdentifier', () => {
  it('asks for a value when empty', () => {
    expect(parseLoginIdentifier('   ')).toEqual({ ok: false, message: 'Please enter your email or phone number' });
  });
  it('rejects what is neither an email nor a BD mobile', () => {
    expect(parseLoginIdentifier('hello')).toEqual({ ok: false, message: 'Please enter valid email or phone' });
    expect(parseLoginIdentifier('a@b')).toEqual({ ok: false, message: 'Please enter valid email or phone' });
    expect(parseLoginIdentifier('01212345678')).toEqual({ ok: false, message: 'Please enter valid email or phone' });
  });
  it('lowercases and trims emails', () => {
    expect(parseLoginIdentifier('  Rina@Example.COM ')).toEqual({ ok: true, kind: 'email', value: 'rina@example.com' });
  });
  it('normalises phones in any accepted form', () => {
    for (const raw of ['01712345678', '+8801712345678', '8801712345678', '017-1234 5678']) {
      expect(parseLoginIdentifier(raw)).toEqual({ ok: true, kind: 'phone', value: '+8801712345678' });
    }
  });
});
