import type { RouterContextProvider } from 'react-router';
import { SIGN_IN_PHONE_COOKIE } from '@store/shared/api';
import type { LoginResponse, OtpSentResponse } from '@store/shared/auth';
import * as messages from '@store/shared/messages';
import { canonicalBdMobile } from '@store/shared/phone';
import { apiSend, readForm, backPath, cookieValue, field, formRedirect, refusalMessage } from '../../lib/form-action.server';
import { hrefHere } from '../../lib/locale';
import { pageUrl } from '../../lib/request-path';

const PHONE_COOKIE_SECONDS = 10 * 60;

/** The account pages of this build's language (/account, or /bn/account): where the phone cookie is sent. */
const ACCOUNT_PATH = hrefHere('/account');
const phoneCookie = (phone: string, secure: boolean) =>
  `${SIGN_IN_PHONE_COOKIE}=${encodeURIComponent(phone)}; Path=${ACCOUNT_PATH}; Max-Age=${PHONE_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
const clearPhoneCookie = `${SIGN_IN_PHONE_COOKIE}=; Path=${ACCOUNT_PATH}; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The phone a plain-form sign-in sent its code to, if one is waiting for its code. */
export function codeSentTo(request: Request): string | null {
  const raw = cookieValue(request, SIGN_IN_PHONE_COOKIE);
  return raw ? canonicalBdMobile(raw) : null;
}

/**
 * The account page's action: signing in by SMS code with plain HTML forms (PlainSignIn). Sends the
 * code (POST /accounts/login-otp/), then checks it (POST /accounts/login/, which sets the session
 * cookie passed on here) and goes where the shopper was headed.
 */
export async function signInAction(request: Request, context: Readonly<RouterContextProvider>): Promise<Response> {
  const form = await readForm(request);
  // The page as the router knows it (no /bn: the redirect adds the build's basename back).
  const url = pageUrl(request);
  const here = `${url.pathname}${url.search}`;
  const back = backPath(form, '/account/my-account');
  const secure = url.protocol === 'https:';
  const intent = field(form, 'intent');

  if (intent === 'change') return formRedirect(here, { cookies: [clearPhoneCookie] });

  if (intent === 'send-code' || intent === 'resend') {
    const phone = intent === 'resend' ? codeSentTo(request) : canonicalBdMobile(field(form, 'phone'));
    if (!phone) return formRedirect(here, { cookies: [clearPhoneCookie], flash: { kind: 'error', message: messages.phoneInvalid() } });
    const sent = await apiSend<OtpSentResponse>(context, 'POST', '/accounts/login-otp/', { email: phone });
    if (!sent.ok) return formRedirect(here, { cookies: sent.setCookies, flash: { kind: 'error', message: refusalMessage(sent) } });
    return formRedirect(here, {
      cookies: [...sent.setCookies, phoneCookie(phone, secure)],
      flash: { kind: 'success', message: sent.data.detail },
    });
  }

  if (intent === 'verify') {
    const phone = codeSentTo(request);
    if (!phone) return formRedirect(here, { flash: { kind: 'error', message: messages.codeIncorrect() } });
    const code = field(form, 'code');
    if (!/^\d{6}$/.test(code)) return formRedirect(here, { flash: { kind: 'error', message: messages.codeIncorrect() } });
    const login = await apiSend<LoginResponse>(context, 'POST', '/accounts/login/', { email: phone, otp: code });
    if (!login.ok || !login.data.data) {
      const message = login.ok ? login.data.detail : refusalMessage(login);
      return formRedirect(here, { cookies: login.setCookies, flash: { kind: 'error', message } });
    }
    return formRedirect(back, { cookies: [...login.setCookies, clearPhoneCookie] });
  }

  return formRedirect(here);
}
