import { Link, redirect } from 'react-router';
import type { VerificationStatusResponse } from '@store/shared/auth';
import * as m from '@store/shared/i18n/messages';
import * as messages from '@store/shared/messages';
import { getSessionUser } from '../features/account/session-user.server';
import { AuthPage } from '../features/auth/auth-page';
import { Notice } from '../features/auth/form-controls';
import { apiTry } from '../lib/api.server';
import { pageTitle } from '../lib/seo';
import type { Route } from './+types/verify';

/** /verify/:status/:id: only for a signed-in shopper, else /404 (SPEC §2). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await getSessionUser(context);
  if (!user) throw redirect('/404');
  const [email, sms] = await Promise.all([
    apiTry<VerificationStatusResponse>(context, '/accounts/verification-status/email/'),
    apiTry<VerificationStatusResponse>(context, '/accounts/verification-status/sms/'),
  ]);
  return {
    success: params.status === 'success',
    email: user.email ? { address: user.email, verified: email.ok ? email.data.verified : user.verified_email } : null,
    phone: user.phone ? { number: user.phone, verified: sms.ok ? sms.data.verified : user.verified_sms } : null,
  };
}

export function meta() {
  return [{ title: pageTitle(m.auth_verification()) }, { name: 'robots', content: 'noindex' }];
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const { success, email, phone } = loaderData;
  return (
    <AuthPage title={m.auth_verification()}>
      <div className="flex flex-col gap-5">
        <Notice tone={success ? 'success' : 'error'}>{success ? messages.verifiedSuccessfully() : m.auth_verification_failed()}</Notice>
        <ul className="divide-y divide-line rounded-xl border border-line text-sm">
          {email && (
            <li className="flex items-center justify-between gap-3 p-3">
              <span className="min-w-0 break-all">{email.address}</span>
              <span className={email.verified ? 'text-emerald-700' : 'text-amber-700'}>
                {email.verified ? m.auth_verified() : m.auth_not_verified()}
              </span>
            </li>
          )}
          {phone && (
            <li className="flex items-center justify-between gap-3 p-3">
              <span>{phone.number}</span>
              <span className={phone.verified ? 'text-emerald-700' : 'text-amber-700'}>
                {phone.verified ? m.auth_verified() : m.auth_not_verified()}
              </span>
            </li>
          )}
        </ul>
        <Link
          to="/account/my-account"
          className="inline-flex h-12 items-center justify-center rounded-lg bg-brand text-sm font-semibold uppercase tracking-[0.08em] text-white hover:bg-brand-dark"
        >
          {m.auth_my_account()}
        </Link>
      </div>
    </AuthPage>
  );
}
