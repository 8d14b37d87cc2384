import { useId, useState } from 'react';
import type { LoginIntent } from './auth-events';
import { ModalDialog } from './modal-dialog';
import { RegisterForm } from './register-form';
import type { RegisterValues } from './register-validation';
import { SignInForm } from './sign-in-form';
import { SocialButtons } from './social-buttons';

const REASONS: Record<NonNullable<LoginIntent['reason']>, string> = {
  wishlist: 'Sign in to save this product to your wishlist.',
  checkout: 'Sign in to check out.',
  account: 'Sign in to see your account.',
};

/**
 * The login and register modal of SPEC §2, loaded on demand by LoginModalHost. SIGN IN offers
 * the three modes and social login; REGISTER the form and then the code.
 */
export default function LoginModal({ intent, onClose }: { intent: LoginIntent; onClose: () => void }) {
  const [title, setTitle] = useState<'SIGN IN' | 'REGISTER'>(intent.title ?? 'SIGN IN');
  const [prefill, setPrefill] = useState<Partial<RegisterValues>>({});
  const titleId = useId();

  return (
    <ModalDialog labelledBy={titleId} onClose={onClose}>
      <div className="mx-auto flex max-w-md flex-col" data-testid="login-modal">
        <h2 id={titleId} className="pr-10 text-xl font-bold tracking-[0.14em] text-ink">
          {title}
        </h2>
        {title === 'SIGN IN' && intent.reason && <p className="mt-1 text-sm text-muted">{REASONS[intent.reason]}</p>}
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
          {title === 'SIGN IN' ? 'New here? ' : 'Already have an account? '}
          <button
            type="button"
            onClick={() => setTitle(title === 'SIGN IN' ? 'REGISTER' : 'SIGN IN')}
            className="font-semibold text-brand underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            {title === 'SIGN IN' ? 'Create an account' : 'Sign in'}
          </button>
        </p>
      </div>
    </ModalDialog>
  );
}
