import { Suspense, lazy, useEffect, useLayoutEffect, useState, type CSSProperties } from 'react';
import { subscribeToasts, type Toast } from '../../lib/toast';
import { placeToasts, samePlacement, type Box, type ToastPlacement } from './toast-placement';

/** How a toast looks loads with the first toast; the live regions are there from the start. */
const ToastItems = lazy(() => import('./toast-items'));

/** The open modal dialog on top (one under another is hidden by it; a closing one is sliding away). */
function openDialog(): HTMLElement | null {
  for (const el of document.querySelectorAll<HTMLElement>('[role="dialog"][aria-modal="true"]:not([data-state="closed"])'))
    if (!el.closest('[aria-hidden="true"]') && el.getBoundingClientRect().width > 0) return el;
  return null;
}

const box = (el: Element | null | undefined): Box | null => (el ? el.getBoundingClientRect() : null);

/** Measures what the toasts sit against: an open dialog, or else the site header. */
function measure(): ToastPlacement {
  const surface = openDialog();
  return placeToasts({
    viewportWidth: document.documentElement.clientWidth,
    surface: box(surface),
    closeButton: box(surface?.querySelector('button[aria-label^="Close"]')),
    header: box(document.querySelector('[data-site-header]')),
  });
}

/**
 * The toasts, rendered once in the root layout, above every dialog (ModalDialog leaves live regions
 * and presses on a toast alone). Success toasts are polite, errors and warnings assertive. They are
 * placed where they hide no control (see placeToasts) and follow what they sit against while they
 * show (a panel sliding in, the header sticking).
 */
export function Toaster() {
  const [items, setItems] = useState<readonly Toast[]>([]);
  const [place, setPlace] = useState<ToastPlacement>({ kind: 'page', top: 0 });
  // A native modal <dialog> (the listing's filter sheet, which works before scripts run) sits in the
  // browser's top layer, above any z-index: toasts would show dimmed behind it, so they wait.
  const [behindModal, setBehindModal] = useState(false);
  useEffect(() => subscribeToasts(setItems), []);
  const showing = items.length > 0;
  useLayoutEffect(() => {
    if (!showing) return;
    let frame = 0;
    const follow = () => {
      const next = measure();
      setPlace((current) => (samePlacement(current, next) ? current : next));
      setBehindModal(document.querySelector('dialog:modal') !== null);
      frame = requestAnimationFrame(follow);
    };
    follow();
    return () => cancelAnimationFrame(frame);
  }, [showing]);

  const success = items.filter((t) => t.kind === 'success' || t.kind === 'info');
  const alerts = items.filter((t) => t.kind === 'error' || t.kind === 'warning');
  const onPage = place.kind === 'page';
  const style: CSSProperties = onPage ? { top: place.top } : { top: place.top, left: place.left, width: place.width };
  return (
    <div
      data-toaster={place.kind}
      style={style}
      className={`pointer-events-none fixed z-[100] flex flex-col gap-2 ${onPage ? 'inset-x-0 lg:left-auto lg:right-4 lg:w-96 lg:pt-4' : ''} ${behindModal ? 'invisible' : ''}`}
    >
      <div aria-live="polite" className="flex flex-col gap-2">
        {success.length > 0 && (
          <Suspense fallback={null}>
            <ToastItems items={success} framed={!onPage} compact={place.kind === 'band'} />
          </Suspense>
        )}
      </div>
      <div aria-live="assertive" className={`flex flex-col gap-2 ${onPage ? 'px-2 lg:px-0' : ''}`}>
        {alerts.length > 0 && (
          <Suspense fallback={null}>
            <ToastItems items={alerts} framed compact={place.kind === 'band'} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
