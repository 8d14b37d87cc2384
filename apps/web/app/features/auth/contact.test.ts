import { describe, expect, it } from 'vitest';
import { readContact } from './contact';

describe('the login field', () => {
  it('asks for a value when empty', () => {
    expect(readContact('   ')).toEqual({ ok: false, message: 'Please enter your email or phone number' });
  });
  it('rejects what is neither an email nor a phone', () => {
    expect(readContact('hello')).toEqual({ ok: false, message: 'Please enter valid email or phone' });
    expect(readContact('a@b')).toEqual({ ok: false, message: 'Please enter valid email or phone' });
    expect(readContact('01212345678')).toEqual({ ok: false, message: 'Please enter valid email or phone' });
  });
  it('lowercases and trims emails', () => {
    expect(readContact('  Rina@Example.COM ')).toEqual({ ok: true, kind: 'email', value: 'rina@example.com' });
  });
  it('normalises Bangladeshi mobiles in any accepted form', () => {
    for (const raw of ['01712345678', '+8801712345678', '8801712345678', '017-1234 5678']) {
      expect(readContact(raw)).toEqual({ ok: true, kind: 'phone', value: '+8801712345678' });
    }
  });
});
