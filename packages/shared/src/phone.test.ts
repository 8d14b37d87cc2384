import { describe, expect, it } from 'vitest';
import { canonicalBdMobile, isBdMobile, withCountryPrefix } from './phone.js';
import { isEmail, normalizeEmail } from './email.js';

describe('Bangladesh mobile numbers', () => {
  it.each(['01712345678', '+8801712345678', '8801712345678', '1712345678', '01312345678', '01912345678', '017 1234-5678'])(
    'accepts %s',
    (n) => {
      expect(isBdMobile(n)).toBe(true);
      expect(canonicalBdMobile(n)).toMatch(/^\+8801[013-9]\d{8}$/);
    },
  );

  it.each(['01212345678', '0171234567', '017123456789', '+8811712345678', 'abc', '', '02712345678'])('refuses %s', (n) => {
    expect(isBdMobile(n)).toBe(false);
    expect(canonicalBdMobile(n)).toBeNull();
  });

  it('prefixes +88 to a local number', () => {
    expect(withCountryPrefix('01712345678')).toBe('+8801712345678');
    expect(withCountryPrefix('+8801712345678')).toBe('+8801712345678');
  });
});

describe('email', () => {
  it('normalises and validates', () => {
    expect(normalizeEmail('  Rina@Example.COM ')).toBe('rina@example.com');
    expect(isEmail('rina@example.com')).toBe(true);
    expect(isEmail('rina@[192.168.0.1]')).toBe(true);
    expect(isEmail('rina@example')).toBe(false);
    expect(isEmail('rina.example.com')).toBe(false);
    expect(isEmail('rina@example.c0m')).toBe(false);
  });
});
