import { describe, expect, it } from 'vitest';
import * as messages from '@store/shared/messages';
import { emptyRegisterValues, registerErrorsFromApi, validateRegister } from './register-validation';

const valid = emptyRegisterValues({
  email: '  Rina@Example.com ',
  phone: '01712345678',
  firstName: 'Rina',
  lastName: 'Akter',
  password: 'secret-pass',
  password_confirm: 'secret-pass',
});

describe('register form validation', () => {
  it('starts with both newsletters checked', () => {
    expect(emptyRegisterValues()).toMatchObject({ newsletter_email: true, newsletter_sms: true, gender: '', birthday: '' });
  });

  it('gives SPEC messages for empty required fields', () => {
    const r = validateRegister(emptyRegisterValues());
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.firstName).toBe('Please enter first name');
    expect(r.errors.lastName).toBe('Please enter last name');
    expect(r.errors.phone).toBe('Please enter phone number');
    // The email may be left blank (issue 14): an empty form does not ask for one.
    expect(r.errors.email).toBeUndefined();
  });

  it('registers a Bangladeshi mobile without an email, but needs one for a phone abroad', () => {
    const phoneOnly = validateRegister({ ...valid, email: '  ' });
    expect(phoneOnly.ok).toBe(true);
    if (phoneOnly.ok) expect(phoneOnly.data.email).toBeNull();
    const abroad = validateRegister({ ...valid, email: '', phone: '+44 7700 900123' });
    expect(abroad.ok).toBe(false);
    if (!abroad.ok) expect(abroad.errors.email).toBe(messages.emailNeededAbroad());
    const typo = validateRegister({ ...valid, email: 'rina@' });
    expect(typo.ok).toBe(false);
    if (!typo.ok) expect(typo.errors.email).toBe(messages.emailInvalid());
  });

  it('rejects an invalid phone and a password mismatch', () => {
    const r = validateRegister({ ...valid, phone: '01212345678', password_confirm: 'other-pass' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.phone).toBe('Please enter valid phone number');
    expect(r.errors.password_confirm).toBe('Passwords do not match');
  });

  it('normalises email and phone; birthday and gender are optional', () => {
    const r = validateRegister(valid);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.data.email).toBe('rina@example.com');
    expect(r.data.phone).toBe('+8801712345678');
  });

  it('maps API field errors (taken email/phone) onto the form', () => {
    expect(
      registerErrorsFromApi({
        email: 'Please choose another email',
        'customer.phone': 'Please choose another phone number',
        'customer.first_name': 'x',
      }),
    ).toEqual({
      email: 'Please choose another email',
      phone: 'Please choose another phone number',
      firstName: 'x',
    });
  });
});
