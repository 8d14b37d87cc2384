/*
 * A friend's share link (`<shop>/?ref=CODE`, issue 22): the code is remembered in a first-party
 * cookie for 30 days, whatever page the link opened, and the checkout applies it when it has none
 * (useCheckout; the plain checkout offers it in its referral field). Readable by the page's
 * scripts, which clear it once the checkout has taken it.
 */

export const REFERRAL_COOKIE = 'referral';
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** What a code may look like (the API caps codes at 40 characters); anything else in ?ref= is ignored. */
const CODE = /^[A-Za-z0-9_-]{1,40}$/;

/** The code of a `?ref=` query, or null when there is none or it is not a code. */
export function referralFromQuery(search: URLSearchParams): string | null {
  const code = search.get('ref')?.trim() ?? '';
  return CODE.test(code) ? code : null;
}

/** The remembered code from a cookie's value, or null. */
export const rememberedReferral = (value: string | null): string | null => (value && CODE.test(value) ? value : null);

/** The Set-Cookie that remembers `code` (every page of the shop, both languages). */
export const referralCookie = (code: string, secure: boolean) =>
  `${REFERRAL_COOKIE}=${code}; Path=/; Max-Age=${MAX_AGE_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;

/** The Set-Cookie that forgets it (the checkout took it). */
export const forgetReferralCookie = `${REFERRAL_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;

/** Forgets the remembered code in the browser, once the checkout has applied it. */
export function forgetReferral() {
  document.cookie = forgetReferralCookie;
}
