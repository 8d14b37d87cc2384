import { describe, expect, it } from 'vitest';
import { forgetReferralCookie, referralCookie, referralFromQuery, rememberedReferral } from './referral-link';

describe('a friend share link', () => {
  it('takes a code from ?ref= and nothing that is not one', () => {
    expect(referralFromQuery(new URLSearchParams('ref=RUPA7K&utm_source=x'))).toBe('RUPA7K');
    expect(referralFromQuery(new URLSearchParams('ref=%20rupa-7k%20'))).toBe('rupa-7k');
    expect(referralFromQuery(new URLSearchParams(''))).toBeNull();
    expect(referralFromQuery(new URLSearchParams('ref=a;b=c'))).toBeNull();
    expect(referralFromQuery(new URLSearchParams(`ref=${'R'.repeat(41)}`))).toBeNull();
  });

  it('is remembered for 30 days on every page, and forgotten', () => {
    expect(referralCookie('RUPA7K', true)).toBe('referral=RUPA7K; Path=/; Max-Age=2592000; SameSite=Lax; Secure');
    expect(referralCookie('RUPA7K', false)).not.toContain('Secure');
    expect(forgetReferralCookie).toContain('Max-Age=0');
    expect(rememberedReferral('RUPA7K')).toBe('RUPA7K');
    expect(rememberedReferral('bad value')).toBeNull();
    expect(rememberedReferral(null)).toBeNull();
  });
});
