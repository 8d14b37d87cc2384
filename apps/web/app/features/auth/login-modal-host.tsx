import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { onOpenLogin, type LoginIntent } from './auth-events';

/** The modal's code is fetched only when someone asks to sign in, so it costs nothing on first load. */
const LoginModal = lazy(() => import('./login-modal'));

/**
 * Rendered once in the root layout. Listens for openLogin() from anywhere (header, bottom bar,
 * wishlist heart, checkout) and also opens itself when the URL carries ?login=1, which is where
 * the account pages send signed-out visitors.
 */
export function LoginModalHost() {
  const [intent, setIntent] = useState<LoginIntent | null>(null);
  const location = useLocation();

  useEffect(() => onOpenLogin((next) => setIntent(next)), []);

  useEffect(() => {
    if (new URLSearchParams(location.search).get('login') === '1') setIntent({ reason: 'account' });
    // Once per navigation: closing the modal must not reopen it while the URL still says ?login=1.
  }, [location.key, location.search]);

  if (!intent) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal intent={intent} onClose={() => setIntent(null)} />
    </Suspense>
  );
}
