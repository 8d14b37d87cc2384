import { useState } from 'react';
import * as m from '@store/shared/i18n/messages';
import { DialogClose, DialogTitle, ModalDialog } from '../../components/ui/dialog';
import type { LoginIntent } from './auth-events';
import { RegisterForm } from './register-form';
import type { RegisterValues } from './register-validation';
import { SignInForm } from './sign-in-form';
import { SocialButtons } from './social-buttons';

const REASONS: Record<NonNullable<LoginIntent['reason']>, () => string> = {
  wishlist: m.auth_reason_wishlist,
  checkout: m.auth_reason_checkout,
  account: m.auth_reason_account,
};

/** The modal's two titles: the state keeps SPEC's names, the heading says them in the page's language. */
const TITLES: Record<'SIGN IN' | 'REGISTER', () => string> = { 'SIGN IN': m.auth_title_sign_in, REGISTER: m.auth_title_register };

/** Start in the first field, not on the close button. */
const firstField = (content: HTMLElement) => content.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea');

/**
 * The login and register modal of SPEC §2, loaded on demand by LoginModalHost: a full-screen sheet
 * on phones, a centred dialog from the `sm` breakpoint up. SIGN IN offers the three modes and
 * social login; REGISTER the form and then the code.
 */
export default function LoginModal({ intent, onClose }: { intent: LoginIntent; onClose: () => void }) {
  const [title, setTitle] = useState<'SIGN IN' | 'REGISTER'>(intent.title ?? 'SIGN IN');
  const [prefill, setPrefill] = useState<Partial<RegisterValues>>({});

  return (
    <ModalDialog
      onClose={onClose}
      initialFocus={firstField}
      overlayClassName="bg-black/50"
      className="inset-0 h-dvh w-full bg-white text-ink sm:m-auto sm:h-fit sm:max-h-[90dvh] sm:w-[28rem] sm:rounded-xl sm:shadow-2xl"
    >
      <div className="flex h-full flex-col sm:max-h-[90dvh]">
        <DialogClose
          label={m.auth_close()}
          className="absolute right-3 top-3 z-10 inline-flex size-10 items-center justify-center rounded-full text-2xl leading-none text-muted hover:bg-neutral-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-brand"
        >
          ×
        </DialogClose>
        <div className="flex-1 overflow-y-auto px-5 pb-8 pt-6 sm:px-8">
          <div className="mx-auto flex max-w-md flex-col" data-testid="login-modal">
            <DialogTitle className="pr-10 text-xl font-bold tracking-[0.14em] text-ink">{TITLES[title]()}</DialogTitle>
            {title === 'SIGN IN' && intent.reason && <p className="mt-1 text-sm text-muted">{REASONS[intent.reason]()}</p>}
            <div className="mt-5">
              {title === 'SIGN IN' ? (
                <SignInForm
                  onRegister={(p) => {
                    setPrefill(p);
                    setTitle('REGISTER');
                  }}
                />
              ) : (
                <RegisterForm prefill={prefill} onSignIn={() => setTitle('SIGN IN')} />
              )}
            </div>
            {title === 'SIGN IN' && <SocialButtons />}
            <p className="mt-6 border-t border-line pt-5 text-center text-sm text-muted">
              {title === 'SIGN IN' ? m.auth_new_here() : m.auth_have_account()}{' '}
              <button
                type="button"
                onClick={() => setTitle(title === 'SIGN IN' ? 'REGISTER' : 'SIGN IN')}
                className="font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
              >
                {title === 'SIGN IN' ? m.auth_create_account() : m.auth_sign_in()}
              </button>
            </p>
          </div>
        </div>
      </div>
    </ModalDialog>
  );
}
