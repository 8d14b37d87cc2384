import { describe, expect, it } from 'vitest';
import { ApiError, waitText } from './api';
import { OFFLINE_MESSAGE, apiErrorToForm, errorMessage } from './forms';

type Form = { email: string; shipping_fees: { same_day: number } };

function recorder() {
  const set: Record<string, string | undefined> = {};
  const setError = (name: string, error: { message?: string }) => {
    set[name] = error.message;
  };
  return { set, setError };
}

describe('an API error on a form', () => {
  it('puts each named field, nested ones by their dotted path, under that field', () => {
    const { set, setError } = recorder();
    const error = new ApiError(400, {
      code: 'validation_failed',
      message: 'Check the form',
      fields: { email: 'Please enter a valid e-mail address', 'shipping_fees.same_day': 'Cannot be negative' },
    });
    expect(apiErrorToForm<Form>(error, setError, ['email', 'shipping_fees'])).toBeNull();
    expect(set).toEqual({ email: 'Please enter a valid e-mail address', 'shipping_fees.same_day': 'Cannot be negative' });
  });

  it('says what no field of the form can show as the form’s own message', () => {
    const { set, setError } = recorder();
    const error = new ApiError(400, {
      code: 'validation_failed',
      message: 'Check the form',
      fields: { token: 'This link is not valid any more' },
    });
    expect(apiErrorToForm<Form>(error, setError, ['email'])).toBe('This link is not valid any more');
    expect(set).toEqual({});
    expect(
      apiErrorToForm<Form>(new ApiError(409, { code: 'last_owner', message: 'The shop needs at least one active owner' }), setError, [
        'email',
      ]),
    ).toBe('The shop needs at least one active owner');
  });

  it('tells how long to wait after too many tries, and that the server was not reached', () => {
    const { setError } = recorder();
    const limited = new ApiError(429, { code: 'rate_limited', message: 'Too many', retry_after: 600 });
    expect(apiErrorToForm<Form>(limited, setError, ['email'])).toBe('Too many attempts. Try again in 10 minutes.');
    expect(errorMessage(limited)).toBe('Too many attempts. Try again in 10 minutes.');
    expect(apiErrorToForm<Form>(new TypeError('Failed to fetch'), setError, ['email'])).toBe(OFFLINE_MESSAGE);
    expect(waitText(1)).toBe('1 second');
    expect(waitText(61)).toBe('2 minutes');
  });
});
