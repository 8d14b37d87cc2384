import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import * as m from '@store/shared/i18n/messages';
import { toast } from '../../lib/toast';
import { onOpenLogin, type LoginIntent } from './auth-events';
import { showFlashedToasts } from './flash';
import { useCurrentUser } from './use-current-user';

/** The modal's code is fetched only when someone asks to sign in, so it costs nothing on first load. */
const LoginModal = lazy(() => import('./login-modal'));

/** Provider names for the failure message (kept here: the shared auth module would pull zod into first load). */
const SOCIAL_NAMES: Record<string, string> = { google: 'Google', facebook: 'Facebook', instagram: 'Instagram' };

/**
 * Rendered once in the root layout. Opens the modal on openLogin() from anywhere (header, bottom
 * bar, wishlist heart, checkout), and on arrival at a URL with ?login=1 (where account pages send
 * visitors) or ?redirect= (where /account/my-reviews sends them). Closes on navigation, e.g. after
 * following the 'Forgot password?' link.
 */
export function LoginModalHost() {
  const [intent, setIntent] = useState<LoginIntent | null>(null);
  const location = useLocation();
  const signedIn = useCurrentUser() !== null;

  useEffect(() => onOpenLogin((next) => setIntent(next)), []);

  // Messages a sign-in left for after its reload ('Created new user', the wishlist's answer).
  useEffect(() => showFlashedToasts(), []);

  useEffect(() => {
    const params = new URLSearchParams(location.search);
    // A social sign-in that failed comes back as /?social_error=<provider>: say so and offer the other ways.
    const social = params.get('social_error');
    if (social !== null && !signedIn) {
      const provider = SOCIAL_NAMES[social];
      toast.error(provider ? m.auth_social_failed({ provider }) : m.auth_social_failed_other());
    }
    const asked = params.get('login') === '1' || params.has('redirect');
    setIntent(signedIn ? null : asked ? { reason: 'account' } : social !== null ? {} : null);
  }, [location.key, location.search, signedIn]);

  if (!intent) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal intent={intent} onClose={() => setIntent(null)} />
    </Suspense>
  );
}
