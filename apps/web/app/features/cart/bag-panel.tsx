import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { Cart, CartLineItem, GiftVariant, LineImage, VariantOffer } from '@store/shared/cart';
import type { ProductCard } from '@store/shared/catalog';
import * as messages from '@store/shared/messages';
import { formatTaka } from '@store/shared/money';
import { BagIcon, CloseIcon } from '../../components/layout/icons';
import { toast } from '../../lib/toast';
import { changeLine, closeBag, dismissBox, viewOf } from './bag-store';
import { canIncrease, visibleBoxes } from './bag-view';
import { useBagState } from './use-bag';

/** As long as the slide transition below (duration-300), so the panel unmounts once it is out of sight. */
const SLIDE_MS = 300;
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Modal behaviour on a plain fixed element rather than a native <dialog>: a dialog sits in the
 * browser's top layer, above the toasts, and the bag's warnings (the limit of 6, stock) must show
 * over it. Focus moves in and stays in, Escape closes, the page behind does not scroll, and focus
 * goes back to the opener afterwards.
 */
function useModalPanel(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  useEffect(() => {
    if (!open) return;
    const panel = ref.current;
    if (!panel) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.focus({ preventScroll: true });
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onCloseRef.current();
        return;
      }
      if (e.key !== 'Tab') return;
      const items = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (e.shiftKey && (document.activeElement === first || !panel.contains(document.activeElement))) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && (document.activeElement === last || !panel.contains(document.activeElement))) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      root.style.overflow = overflow;
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, [open]);
  return ref;
}

function Thumb({ image, alt }: { image: LineImage | null; alt: string }) {
  return image ? (
    <img
      src={image.url}
      alt={image.alt || alt}
      width={80}
      height={80}
      loading="lazy"
      decoding="async"
      className="size-[4.5rem] shrink-0 rounded-lg sm:size-20 bg-neutral-50 object-cover ring-1 ring-black/5"
    />
  ) : (
    <span
      role="img"
      aria-label={alt}
      className="flex size-[4.5rem] shrink-0 sm:size-20 items-center justify-center rounded-lg bg-brand-soft text-brand/50"
    >
      <BagIcon size={26} />
    </span>
  );
}

function GiftIcon({ size = 20 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />
      <path d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
    </svg>
  );
}

const stepClass =
  'inline-flex size-9 items-center justify-center text-lg text-ink transition hover:bg-neutral-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand disabled:text-neutral-300';

function Line({ line, supportPhone, onNavigate }: { line: CartLineItem; supportPhone: string; onNavigate: () => void }) {
  const discounted = line.discounted_price < line.price;
  const increase = () => {
    if (!canIncrease(line)) {
      toast.warning(messages.biggerPurchase(supportPhone));
      return;
    }
    void changeLine(line.variant_id, 'increment');
  };
  // − at 1 removes the line (SPEC §4): action remove with quantity 0.
  const decrease = () => void changeLine(line.variant_id, line.quantity === 1 ? 'remove' : 'decrement');
  return (
    <li className="flex gap-3 py-4" data-testid="bag-line" data-variant-id={line.variant_id} data-gift={line.gift ? 'true' : undefined}>
      <Link to={line.product_url} onClick={onNavigate} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <Thumb image={line.image} alt={line.product_title} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate text-[11px] font-semibold uppercase tracking-[0.08em] text-muted">{line.vendor}</p>
        <Link to={line.product_url} onClick={onNavigate} className="line-clamp-2 text-sm font-medium leading-5 text-ink hover:text-brand">
          {line.product_title}
        </Link>
        <p className="text-xs text-muted">{line.variant_title}</p>
        <div className="mt-1 flex flex-wrap items-end justify-between gap-2">
          {line.gift ? (
            <p className="flex items-center gap-1.5 text-xs font-semibold text-emerald-700" data-testid="bag-line-quantity">
              <GiftIcon size={14} />
              {messages.bagGiftTitle} · Qty {line.quantity}
            </p>
          ) : (
            <div className="inline-flex items-center overflow-hidden rounded-full border border-neutral-300">
              <button
                type="button"
                className={stepClass}
                onClick={decrease}
                aria-label={line.quantity === 1 ? `Remove ${line.product_title}` : `Decrease quantity of ${line.product_title}`}
              >
                −
              </button>
              <span
                className="w-7 text-center text-sm font-semibold tabular-nums"
                data-testid="bag-line-quantity"
                aria-label={`Quantity ${line.quantity}`}
              >
                {line.quantity}
              </span>
              <button type="button" className={stepClass} onClick={increase} aria-label={`Increase quantity of ${line.product_title}`}>
                +
              </button>
            </div>
          )}
          <p className="flex flex-col items-end leading-tight" data-testid="bag-line-price">
            {line.gift ? (
              <span className="text-sm font-bold text-emerald-700">{messages.bagFree}</span>
            ) : (
              <span className={`text-sm font-semibold ${discounted ? 'text-brand' : 'text-ink'}`}>{formatTaka(line.line_price)}</span>
            )}
            {discounted ? (
              <s className="text-xs text-muted">
                <span className="sr-only">Regular price </span>
                {formatTaka(line.price * line.quantity)}
              </s>
            ) : null}
          </p>
        </div>
      </div>
    </li>
  );
}

function Box({
  tone,
  icon,
  title,
  children,
  onDismiss,
  testId,
}: {
  tone: 'gift' | 'offer';
  icon: ReactNode;
  title: string;
  children: ReactNode;
  onDismiss: () => void;
  testId: string;
}) {
  const styles = tone === 'gift' ? 'bg-emerald-50 ring-emerald-200 text-emerald-950' : 'bg-brand-soft ring-brand/20 text-brand-dark';
  return (
    <section data-testid={testId} className={`relative flex gap-3 rounded-xl p-3 pr-10 ring-1 ${styles}`}>
      <span className="mt-0.5 shrink-0">{icon}</span>
      <div className="min-w-0 flex-1">
        <h3 className="text-sm font-semibold">{title}</h3>
        <div className="mt-0.5 text-xs leading-5">{children}</div>
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={`Dismiss: ${title}`}
        className="absolute right-1.5 top-1.5 flex size-8 items-center justify-center rounded-full opacity-70 hover:bg-white/60 hover:opacity-100"
      >
        <CloseIcon size={16} />
      </button>
    </section>
  );
}

function GiftBox({ gifts, boxKey }: { gifts: GiftVariant[]; boxKey: string }) {
  return (
    <Box tone="gift" testId="bag-gift-box" icon={<GiftIcon />} title={messages.bagGiftTitle} onDismiss={() => void dismissBox(boxKey)}>
      {gifts.map((g) => (
        <p key={g.rule_id}>
          <span className="font-semibold">{g.title}</span>
          <br />
          {g.vendor} {g.product_title} {g.variant_title}, worth {formatTaka(g.value)}, is in your bag.
        </p>
      ))}
    </Box>
  );
}

function OfferBox({ offers, boxKey }: { offers: VariantOffer[]; boxKey: string }) {
  const [first] = offers;
  if (!first) return null;
  return (
    <Box tone="offer" testId="bag-offer-box" icon={<GiftIcon />} title={first.title} onDismiss={() => void dismissBox(boxKey)}>
      {offers.map((o) => (
        <p key={o.rule_id}>{o.message}</p>
      ))}
    </Box>
  );
}

function Recommendation({ product, onNavigate }: { product: ProductCard; onNavigate: () => void }) {
  const discounted = product.discounted_price < product.price;
  return (
    <li>
      <Link to={product.url} onClick={onNavigate} className="group flex h-full flex-col gap-1.5 rounded-xl p-1.5 hover:bg-neutral-50">
        {product.image ? (
          <img
            src={product.image.mobile}
            alt={product.image.alt || product.name}
            width={160}
            height={160}
            loading="lazy"
            decoding="async"
            className="aspect-square w-full rounded-lg bg-neutral-50 object-cover ring-1 ring-black/5"
          />
        ) : (
          <span className="flex aspect-square w-full items-center justify-center rounded-lg bg-brand-soft text-brand/50">
            <BagIcon size={28} />
          </span>
        )}
        <span className="truncate text-[10px] font-semibold uppercase tracking-[0.08em] text-muted">{product.brand.name}</span>
        <span className="line-clamp-2 text-xs leading-4 text-ink group-hover:text-brand">{product.name}</span>
        <span className="mt-auto flex flex-wrap items-baseline gap-x-1 text-xs">
          {product.from ? <span className="text-muted">From</span> : null}
          <span className={`font-semibold ${discounted ? 'text-brand' : 'text-ink'}`}>{formatTaka(product.discounted_price)}</span>
          {discounted ? <s className="text-[10px] text-muted">{formatTaka(product.price)}</s> : null}
        </span>
      </Link>
    </li>
  );
}

function Empty({ cart, onNavigate }: { cart: Cart; onNavigate: () => void }) {
  return (
    <div className="flex flex-col gap-6 py-6">
      <div className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-brand-soft text-brand">
          <BagIcon size={30} />
        </span>
        <p className="text-base font-semibold text-ink" data-testid="bag-empty">
          {messages.bagEmpty}
        </p>
      </div>
      {cart.variants_recommendation.length ? (
        <section aria-labelledby="bag-recommendations">
          <h3 id="bag-recommendations" className="mb-2 text-sm font-semibold uppercase tracking-wider text-ink">
            {messages.bagRecommendations}
          </h3>
          <ul className="grid grid-cols-2 gap-x-2 gap-y-3 sm:grid-cols-3" data-testid="bag-recommendations">
            {cart.variants_recommendation.slice(0, 6).map((p) => (
              <Recommendation key={p.id} product={p} onNavigate={onNavigate} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function Skeleton() {
  return (
    <ul aria-hidden="true" className="divide-y divide-line">
      {[0, 1].map((i) => (
        <li key={i} className="flex animate-pulse gap-3 py-4">
          <span className="size-20 rounded-lg bg-neutral-100" />
          <span className="flex flex-1 flex-col gap-2 pt-1">
            <span className="h-2.5 w-16 rounded bg-neutral-100" />
            <span className="h-3 w-4/5 rounded bg-neutral-100" />
            <span className="h-3 w-1/3 rounded bg-neutral-100" />
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The shopping bag side panel (SPEC §2, §4), loaded on first open. */
export default function BagPanel({ open, supportPhone, onClosed }: { open: boolean; supportPhone: string; onClosed: () => void }) {
  const state = useBagState();
  const cart = viewOf(state);
  const navigate = useNavigate();
  const titleId = useId();
  const ref = useModalPanel(open, closeBag);
  const [shown, setShown] = useState(false);

  // Slide in on the frame after mounting; slide out, then unmount, after closing.
  useEffect(() => {
    if (open) {
      const frame = requestAnimationFrame(() => setShown(true));
      return () => cancelAnimationFrame(frame);
    }
    setShown(false);
    const timer = window.setTimeout(onClosed, SLIDE_MS);
    return () => window.clearTimeout(timer);
  }, [open, onClosed]);

  const lines = cart?.line_items ?? [];
  const empty = cart !== null && lines.length === 0;
  const boxes = cart ? visibleBoxes(cart) : { gift: null, offer: null };
  const checkoutDisabled = state.loading || lines.length === 0;
  const rebate = cart ? cart.subtotal_price - cart.subtotal_price_with_rebate : 0;

  return (
    <div className="fixed inset-0 z-[90]" data-testid="bag-panel" data-state={shown ? 'open' : 'closed'} aria-hidden={!open || undefined}>
      <div
        data-testid="bag-backdrop"
        onClick={closeBag}
        className={`absolute inset-0 bg-black/50 transition-opacity duration-300 ${shown ? 'opacity-100' : 'opacity-0'}`}
      />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={`absolute inset-y-0 right-0 flex w-[90%] max-w-[26rem] flex-col bg-white shadow-2xl outline-none transition-transform duration-300 ease-out ${shown ? 'translate-x-0' : 'translate-x-full'}`}
      >
        <header className="relative flex h-14 shrink-0 items-center justify-between border-b border-line pl-4 pr-1.5 sm:pl-5 lg:h-16">
          <h2 id={titleId} className="flex items-baseline gap-2 text-base font-bold uppercase tracking-wider text-ink">
            {messages.bagTitle}
            {cart && cart.item_count > 0 ? (
              <span className="text-sm font-medium normal-case tracking-normal text-muted">
                ({cart.item_count} {cart.item_count === 1 ? 'item' : 'items'})
              </span>
            ) : null}
          </h2>
          <button
            type="button"
            onClick={closeBag}
            aria-label="Close shopping bag"
            className="flex size-11 items-center justify-center rounded-full text-ink hover:bg-neutral-100"
          >
            <CloseIcon size={22} />
          </button>
          {state.loading ? (
            <span
              role="progressbar"
              aria-label="Updating the bag"
              className="absolute inset-x-0 -bottom-px h-0.5 overflow-hidden bg-brand-soft"
            >
              <span className="block h-full w-full animate-pulse bg-brand" />
            </span>
          ) : null}
        </header>

        <div className="flex-1 overflow-y-auto overscroll-contain px-4 sm:px-5">
          {cart === null ? (
            <Skeleton />
          ) : empty ? (
            <Empty cart={cart} onNavigate={closeBag} />
          ) : (
            <>
              {boxes.gift || boxes.offer ? (
                <div className="flex flex-col gap-2 pb-1 pt-4">
                  {boxes.gift ? <GiftBox gifts={cart.gift_variants} boxKey={boxes.gift} /> : null}
                  {boxes.offer ? <OfferBox offers={cart.variants_offer} boxKey={boxes.offer} /> : null}
                </div>
              ) : null}
              <ul className="divide-y divide-line" aria-label="Items in your bag">
                {lines.map((line) => (
                  <Line key={line.id} line={line} supportPhone={supportPhone} onNavigate={closeBag} />
                ))}
              </ul>
            </>
          )}
        </div>

        <footer className="shrink-0 border-t border-line bg-white px-4 pb-[calc(1rem+env(safe-area-inset-bottom))] pt-3 sm:px-5">
          {cart && lines.length ? (
            <dl className="mb-3 flex flex-col gap-1 text-sm">
              <div className="flex justify-between">
                <dt className="text-muted">{messages.bagSubtotal}</dt>
                <dd
                  className={`font-semibold tabular-nums ${rebate > 0 ? 'text-muted line-through' : 'text-ink'}`}
                  data-testid="bag-subtotal"
                >
                  {formatTaka(cart.subtotal_price)}
                </dd>
              </div>
              {rebate > 0 && cart.rebate ? (
                <>
                  <div className="flex justify-between text-emerald-700">
                    <dt>{cart.rebate.title}</dt>
                    <dd className="tabular-nums">−{formatTaka(rebate)}</dd>
                  </div>
                  <div className="flex justify-between text-base">
                    <dt className="font-semibold text-ink">Total</dt>
                    <dd className="font-bold tabular-nums text-ink" data-testid="bag-total">
                      {formatTaka(cart.subtotal_price_with_rebate)}
                    </dd>
                  </div>
                </>
              ) : null}
            </dl>
          ) : null}
          <div className="grid grid-cols-2 gap-2">
            <button
              type="button"
              onClick={closeBag}
              className="whitespace-nowrap rounded-full border border-ink px-2 py-3 text-[13px] font-semibold sm:text-sm text-ink hover:bg-neutral-50"
            >
              {messages.continueShopping}
            </button>
            <button
              type="button"
              disabled={checkoutDisabled}
              onClick={() => {
                closeBag();
                void navigate('/checkout');
              }}
              className="whitespace-nowrap rounded-full bg-brand px-2 py-3 text-[13px] font-semibold sm:text-sm text-white shadow-sm hover:bg-brand-dark disabled:cursor-not-allowed disabled:bg-neutral-300 disabled:shadow-none"
            >
              {messages.checkout}
            </button>
          </div>
        </footer>
      </div>
    </div>
  );
}
