import * as m from '@store/shared/i18n/messages';
import { openLogin, SCRIPTED } from '../auth/auth-events';
import { PlainSignIn } from './plain-sign-in';
import { hrefHere } from '../../lib/locale';

/**
 * /account/my-account?login=1 for a visitor: the login modal opens over this, and reopens from here.
 * Without the page's scripts the modal cannot open: the SMS-code sign-in is here as plain forms instead.
 */
export function SignedOutPrompt({ codeSentTo, back }: { codeSentTo: string | null; back: string }) {
  return (
    <main className="mx-auto flex w-full max-w-md flex-col items-center px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-ink">{m.auth_my_account()}</h1>
      <p className="mt-2 text-sm text-muted">{m.auth_account_prompt()}</p>
      <noscript>
        <div className="mt-6 w-full">
          <PlainSignIn codeSentTo={codeSentTo} back={back} />
        </div>
      </noscript>
      <div className={`mt-6 flex w-full flex-col gap-3 sm:flex-row ${SCRIPTED}`}>
        <button
          type="button"
          onClick={() => openLogin({ reason: 'account' })}
          className="h-12 flex-1 rounded-lg bg-brand text-sm font-semibold uppercase tracking-[0.08em] text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          {m.auth_sign_in()}
        </button>
        <button
          type="button"
          onClick={() => openLogin({ title: 'REGISTER' })}
          className="h-12 flex-1 rounded-lg border border-neutral-300 text-sm font-semibold uppercase tracking-[0.08em] text-ink hover:border-ink focus-visible:outline-2 focus-visible:outline-brand"
        >
          {m.auth_register()}
        </button>
      </div>
      <p className="mt-6 text-sm text-neutral-700">
        {m.auth_guest_checkout()}{' '}
        <a href={hrefHere('/orders')} className="font-semibold text-brand underline-offset-2 hover:underline">
          {m.auth_guest_find_orders()}
        </a>
      </p>
    </main>
  );
}
