import { describe, expect, it } from 'vitest';
import { displayPhone, telHref, whatsAppHref } from './contact';

describe('contact links', () => {
  it('shows numbers the local way', () => {
    expect(displayPhone('+8809610001010')).toBe('09610-001010');
    expect(displayPhone('01711000000')).toBe('01711-000000');
    expect(displayPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
  });
  it('builds tel: and wa.me links', () => {
    expect(telHref('+880 9610-001010')).toBe('tel:+8809610001010');
    expect(whatsAppHref('+8801711000000')).toBe('https://wa.me/8801711000000');
    expect(whatsAppHref('01711000000')).toBe('https://wa.me/8801711000000');
  });
});
