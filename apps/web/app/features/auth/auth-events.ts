/**
 * Opening the login/register modal from anywhere (header button, bottom bar, wishlist heart,
 * checkout) without importing the modal itself, which loads on demand.
 */
export type LoginIntent = { title?: 'SIGN IN' | 'REGISTER'; reason?: 'wishlist' | 'checkout' | 'account' };

type Listener = (intent: LoginIntent) => void;
const listeners = new Set<Listener>();

export function openLogin(intent: LoginIntent = {}) {
  listeners.forEach((l) => l(intent));
}

export function onOpenLogin(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
