/**
 * Opening the login/register modal from anywhere (header button, bottom bar, wishlist heart,
 * checkout) without importing the modal itself, which loads on demand.
 */
export type LoginIntent = { title?: 'SIGN IN' | 'REGISTER'; reason?: 'wishlist' | 'checkout' | 'account' };

/** Where a sign-in control leads a browser without the page's scripts: the account page signs in with plain forms there. */
export const SIGN_IN_PAGE = '/account/my-account?login=1';

/**
 * The class of a control that only works with the page's scripts (it opens a modal or a panel):
 * hidden where there are none, a <noscript> link or form standing in for it.
 */
export const SCRIPTED = '[@media(scripting:none)]:hidden';
// A <noscript> that needs a layout of its own (display: contents in a flex row, block for spacing) gets it
// only under @media (scripting: none): with scripts on, the browser's own display: none must win, or its
// content shows as text.

type Listener = (intent: LoginIntent) => void;
const listeners = new Set<Listener>();

export function openLogin(intent: LoginIntent = {}) {
  listeners.forEach((l) => l(intent));
}

export function onOpenLogin(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
