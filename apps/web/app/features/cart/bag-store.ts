import type { Cart, CartAction, CartResponse, CartUpdateInput, DeliveryType } from '@store/shared/cart';
import { CART_RELOAD_AFTER_MS, CURRENCY, DEFAULT_DELIVERY_TYPE, STORAGE_KEYS } from '@store/shared/constants';
import { api, type HttpError } from '../../lib/http';
import { toast } from '../../lib/toast';
import { pushDataLayer } from '../site/analytics';
import { CART_ACTION_EVENTS, analyticsProduct, applyPending, paidLine, type PendingChange } from './bag-view';

/**
 * The bag in the browser: the server's last answer, the queue of changes not yet answered, and
 * whether the side panel is open. One store for the page, read by the header badge, the panel and
 * every 'Add to bag' button. It changes only in the browser (event handlers), never during SSR.
 */
export type BagState = {
  /** The server's last answer; null until the bag was first fetched in this page. */
  cart: Cart | null;
  pending: readonly PendingChange[];
  /** The first fetch, or a change on the wire. */
  loading: boolean;
  open: boolean;
  /** Variants whose 'Add to bag' is on its way: their buttons show busy and a second tap does nothing. */
  adding: readonly number[];
  /** The connection is gone: the pending changes wait for it (the badge says so), kept in localStorage meanwhile. */
  offline: boolean;
};

const initial: BagState = { cart: null, pending: [], loading: false, open: false, adding: [], offline: false };
let state: BagState = initial;
const listeners = new Set<() => void>();

function set(patch: Partial<BagState>) {
  state = { ...state, ...patch };
  listeners.forEach((l) => l());
}

export function subscribeBag(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const bagSnapshot = (): BagState => state;
export const serverBagSnapshot = (): BagState => initial;

/** The bag as shown: the server's answer with the queued changes applied. */
export function viewOf(s: BagState): Cart | null {
  return s.cart ? applyPending(s.cart, s.pending) : null;
}

let queue: Promise<void> = Promise.resolve();
/** The last task queued is a fetch of the bag: another fetch asked for now would answer the same. */
let lastFetch: 'always' | 'ifMissing' | null = null;

let lastTaskId = 0;

/**
 * Every read and write of the bag runs on one queue, one after another: a bag fetched while a
 * change is on the wire could otherwise land after it and show the bag as it was before.
 */
function enqueue(task: () => Promise<void>, fetch: typeof lastFetch = null): Promise<void> {
  const id = ++lastTaskId;
  const run = () => {
    // A fetch that has started can no longer stand in for one asked for after this moment.
    if (id === lastTaskId) lastFetch = null;
    return task();
  };
  queue = queue.then(run, run);
  lastFetch = fetch;
  return queue;
}

/** GET the server's bag (an empty one comes with recommendations); `ifMissing`: only when none was fetched by then. */
export function loadBag({ ifMissing = false } = {}): Promise<void> {
  if (lastFetch === 'always' || (lastFetch === 'ifMissing' && ifMissing)) return queue;
  set({ loading: true });
  return enqueue(
    async () => {
      if (!(ifMissing && state.cart)) {
        const r = await api.get<CartResponse>('/cart/', { toasts: false });
        if (r.ok && r.data?.data) set({ cart: r.data.data });
      }
      set({ loading: state.pending.length > 0 });
    },
    ifMissing ? 'ifMissing' : 'always',
  );
}

export function openBag() {
  set({ open: true });
  // Always fresh on open: another tab (or a sign-in) may have changed it.
  void loadBag();
}

export function closeBag() {
  set({ open: false });
}

let nextChangeId = 1;
let deliveryType: DeliveryType = DEFAULT_DELIVERY_TYPE;

/** SPEC §8: a cart update's errors show as one error toast, the first message. */
function firstMessage(error: HttpError): string {
  const field = error.fields ? Object.values(error.fields)[0] : undefined;
  return field ?? error.message;
}

function track(action: CartAction, cart: Cart | null, variantId: number, quantity: number) {
  const line = paidLine(cart, variantId);
  if (!line) return;
  const { event, action: label } = CART_ACTION_EVENTS[action];
  const products = [analyticsProduct(line, action === 'remove' ? line.quantity : quantity)];
  pushDataLayer(
    event === 'addToCart'
      ? { event, action: label, ecommerce: { currencyCode: CURRENCY, add: { products } } }
      : { event, action: label, ecommerce: { currencyCode: CURRENCY, remove: { products } } },
  );
}

async function send(change: PendingChange): Promise<void> {
  // The server's last answer: every earlier change is in it (the queue runs one at a time), this one is not.
  const before = state.cart;
  const body: CartUpdateInput = {
    delivery_type: deliveryType,
    line_item: { variant_id: change.variantId, quantity: change.quantity, action: change.action },
  };
  const r = await api.post<CartResponse>('/cart/line-items/', body, { toasts: false, headers: { 'idempotency-key': change.key } });
  if (!r.ok && !r.error && !navigator.onLine) {
    // No connection: this change and those behind it wait, in order, for it to return.
    set({ offline: true });
    keepChanges();
    await connectionBack();
    set({ offline: false });
    return send(change);
  }
  const pending = state.pending.filter((p) => p.id !== change.id);
  if (r.ok && r.data?.data) {
    const cart = r.data.data;
    // Adding reports the line as the server priced it; taking away reports the line as it was.
    track(change.action, change.action === 'increment' ? cart : before, change.variantId, change.quantity);
    set({ cart, pending, loading: pending.length > 0 });
    keepChanges();
    // SPEC §4: when the list comes back empty, the server's bag is fetched again.
    if (cart.line_items.length === 0 && pending.length === 0) void loadBag();
    return;
  }
  set({ pending, loading: pending.length > 0 });
  if (!r.ok && r.error) {
    keepChanges();
    toast.error(firstMessage(r.error));
    return;
  }
  // SPEC §4/§9: an update that returned nothing (the server gone) reloads the page after 3 s. The
  // change stays written down, so the next page sends it again (its key makes it apply once).
  window.setTimeout(() => window.location.reload(), CART_RELOAD_AFTER_MS);
}

/**
 * Queues one change; changes go to the server one after another, in the order they were asked
 * for, so rapid taps apply in order. Resolves when this change has been answered.
 */
export function changeLine(
  variantId: number,
  action: CartAction,
  quantity = action === 'remove' ? 0 : 1,
  key: string = newKey(),
): Promise<void> {
  const change: PendingChange = { id: nextChangeId++, variantId, action, quantity, key };
  set({ pending: [...state.pending, change], loading: true });
  keepChanges();
  return enqueue(() => send(change));
}

const connectionBack = () =>
  new Promise<void>((resolve) => {
    if (navigator.onLine) resolve();
    else window.addEventListener('online', () => resolve(), { once: true });
  });

type KeptChange = Pick<PendingChange, 'variantId' | 'action' | 'quantity' | 'key'>;
/** Each page's changes not yet answered, under its own id (several tabs keep theirs side by side). */
type KeptChanges = Record<string, { at: number; changes: KeptChange[] }>;

/** A kept change older than the server remembers its key for (docs/api-cart.md) is not sent again. */
const KEPT_FOR_MS = 7 * 24 * 3600 * 1000;

/** A UUID, also where crypto.randomUUID is missing (a plain-http address, an old WebView). */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const PAGE_ID = typeof window === 'undefined' ? 'server' : newKey();

function readKept(): KeptChanges {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.offlineBagChanges) ?? '{}');
    return kept && typeof kept === 'object' && !Array.isArray(kept) ? (kept as KeptChanges) : {};
  } catch {
    return {};
  }
}

function writeKept(kept: KeptChanges) {
  try {
    if (Object.keys(kept).length > 0) localStorage.setItem(STORAGE_KEYS.offlineBagChanges, JSON.stringify(kept));
    else localStorage.removeItem(STORAGE_KEYS.offlineBagChanges);
  } catch {
    // Storage full or refused: the changes still wait in this page.
  }
}

/**
 * The changes not yet answered are written down, under this page's id, as long as there are any: a
 * reload, a closed tab or a lost connection loses none (the next page sends them again).
 */
function keepChanges() {
  const kept = readKept();
  if (state.pending.length > 0) {
    kept[PAGE_ID] = {
      at: Date.now(),
      changes: state.pending.map(({ variantId, action, quantity, key }) => ({ variantId, action, quantity, key })),
    };
  } else delete kept[PAGE_ID];
  writeKept(kept);
}

const isKeptChange = (c: unknown): c is KeptChange => {
  const k = c as Partial<KeptChange> | null;
  return (
    typeof k?.variantId === 'number' &&
    (k.action === 'increment' || k.action === 'decrement' || k.action === 'remove') &&
    typeof k.quantity === 'number' &&
    typeof k.key === 'string'
  );
};

/**
 * Once per page, after hydration: the bag changes other pages wrote down and did not see answered (a
 * reload offline, a closed tab, a failed send) are queued again, in order, and go out when the
 * connection is there. A change another open tab is still sending goes twice and applies once: each
 * carries its Idempotency-Key.
 */
export function resumeOfflineChanges(): void {
  const kept = readKept();
  const now = Date.now();
  const others = Object.entries(kept).filter(([id]) => id !== PAGE_ID);
  writeKept(Object.fromEntries(Object.entries(kept).filter(([id]) => id === PAGE_ID)));
  for (const [, entry] of others) {
    if (!entry || typeof entry.at !== 'number' || now - entry.at > KEPT_FOR_MS || !Array.isArray(entry.changes)) continue;
    for (const change of entry.changes.filter(isKeptChange)) void changeLine(change.variantId, change.action, change.quantity, change.key);
  }
}

/** Settles when `change` is answered, or earlier, once the bag's changes are held for want of a connection. */
function answeredOrHeld(change: Promise<void>): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      stop();
      resolve();
    };
    const stop = subscribeBag(() => {
      if (state.offline) settle();
    });
    change.then(settle, settle);
  });
}

/** The additions on their way, by variant: a second 'Add to bag' for one of them joins the first. */
const additions = new Map<number, Promise<void>>();

/**
 * 'Add to bag' (product page, cards): opens the panel and adds the variant. A double tap, or taps
 * held before the page hydrated and replayed together, add once: until the server has answered, a
 * tap on the same variant's button does nothing more (the quantity picker is for more than one).
 */
export function addToBag(variantId: number, quantity = 1): Promise<void> {
  set({ open: true });
  const inFlight = additions.get(variantId);
  if (inFlight) return inFlight;
  set({ adding: [...state.adding, variantId] });
  // Held offline, the addition is in the bag's queue: the button is free again (the badge shows it waiting).
  const added = answeredOrHeld(changeLine(variantId, 'increment', quantity)).finally(() => {
    additions.delete(variantId);
    set({ adding: state.adding.filter((id) => id !== variantId) });
  });
  additions.set(variantId, added);
  // The answer carries the whole bag; fetch it only if the addition was refused.
  void loadBag({ ifMissing: true });
  return added;
}

/** Closes an offer or gift box for good (the server keeps it in note_attributes). */
export function dismissBox(key: string): Promise<void> {
  return enqueue(async () => {
    const r = await api.post<CartResponse>('/cart/dismiss/', { key }, { toasts: false });
    if (r.ok && r.data?.data) set({ cart: r.data.data });
  });
}

/** The checkout issue sets the delivery type the next updates carry (it falls back to standard on a shipping error). */
export function setBagDeliveryType(type: DeliveryType) {
  deliveryType = type;
}
