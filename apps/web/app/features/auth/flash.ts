import { toast, type ToastKind } from '../../lib/toast';

/**
 * Toasts that must outlive the reload after signing in ('Created new user', the wishlist's
 * 'Added to your wishlist'): kept in sessionStorage and shown once by LoginModalHost on the next page.
 */
const KEY = 'flash_toasts';
type Flash = { kind: ToastKind; message: string };

export function flashAfterReload(kind: ToastKind, message: string) {
  try {
    const list = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as Flash[];
    sessionStorage.setItem(KEY, JSON.stringify([...list, { kind, message }]));
  } catch {
    // No storage: the message is simply not repeated after the reload.
  }
}

export function showFlashedToasts() {
  let list: Flash[];
  try {
    list = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as Flash[];
    sessionStorage.removeItem(KEY);
  } catch {
    return;
  }
  for (const f of list) if (typeof f.message === 'string' && f.message) toast[f.kind](f.message);
}
