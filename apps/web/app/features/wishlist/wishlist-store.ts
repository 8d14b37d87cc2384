import type { WishlistAddResponse, WishlistResponse } from '@store/shared/auth';
import { STORAGE_KEYS } from '@store/shared/constants';
import { api, isRefusal, needsLogin } from '../../lib/http';
import { toast } from '../../lib/toast';

/**
 * The signed-in shopper's wishlisted product ids, loaded once per page and shared by every heart
 * on it (a listing renders dozens), so one request fills them all.
 */
type Snapshot = ReadonlySet<number> | null;

let ids: Snapshot = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function setIds(next: ReadonlySet<number>) {
  ids = next;
  emit();
}

export function subscribeWishlist(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function wishlistSnapshot(): Snapshot {
  return ids;
}

/** Fetches the ids once; later calls reuse the first answer until `refresh` is set. */
export function loadWishlistIds(refresh = false): Promise<void> {
  if (ids && !refresh) return Promise.resolve();
  loading ??= api
    .get<WishlistResponse>('/wishlist/', { toasts: false })
    .then((r) => {
      if (r.ok) setIds(new Set(r.data.data.product_ids));
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** POST /wishlist/ {product_id}; the server's message is the success toast (SPEC §7). Resolves to that message, or null. */
export async function addToWishlist(productId: number, { announce = true } = {}): Promise<string | null> {
  const r = await api.post<WishlistAddResponse>('/wishlist/', { product_id: productId }, { allow404: true });
  if (!r.ok) {
    // The wrapper already said it: a refusal's warnings, the login prompt.
    if (r.error && !isRefusal(r.error) && !needsLogin(r.error)) toast.error(r.error.message);
    return null;
  }
  if (announce) toast.success(r.data.message);
  setIds(new Set([...(ids ?? []), productId]));
  return r.data.message;
}

export async function removeFromWishlist(productId: number): Promise<boolean> {
  const r = await api.delete<WishlistAddResponse>(`/wishlist/${productId}/`, { allow404: true });
  if (!r.ok) {
    if (r.error && !needsLogin(r.error)) toast.error(r.error.message);
    return false;
  }
  if (r.data?.message) toast.success(r.data.message);
  const next = new Set(ids ?? []);
  next.delete(productId);
  setIds(next);
  return true;
}

/** A product chosen while signed out waits here until the shopper signs in (SPEC §4). */
export function rememberPendingWishlist(productId: number) {
  try {
    localStorage.setItem(STORAGE_KEYS.pendingWishlist, String(productId));
  } catch {
    // Storage can be disabled (private mode); the shopper then just picks the product again.
  }
}

/**
 * After sign-in: posts the pending product, then clears it whether or not the post succeeded.
 * Resolves to the server's message for the caller to show (the page usually reloads next).
 */
export async function flushPendingWishlist(): Promise<string | null> {
  let raw: string | null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.pendingWishlist);
  } catch {
    return null;
  }
  if (!raw) return null;
  const productId = Number(raw);
  try {
    return Number.isInteger(productId) && productId > 0 ? await addToWishlist(productId, { announce: false }) : null;
  } finally {
    localStorage.removeItem(STORAGE_KEYS.pendingWishlist);
  }
}
