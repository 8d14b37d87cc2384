import { Suspense, lazy, useState } from 'react';

const loadForm = () => import('./notify-me-form');
/** The form's code loads when the shopper reaches for the button (or on the tap itself). */
const NotifyMeForm = lazy(loadForm);
const preloadForm = () => void loadForm();

/** Out of stock: 'Notify me' opens a small form for an email or a phone (SPEC §2). */
export function NotifyMe({ variantId }: { variantId: number }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        onPointerEnter={preloadForm}
        onFocus={preloadForm}
        className="w-full rounded-full bg-ink py-3.5 text-sm font-semibold tracking-wide text-white transition hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:w-auto sm:px-10"
      >
        Notify me
      </button>
    );
  }
  return (
    <Suspense fallback={null}>
      <NotifyMeForm variantId={variantId} />
    </Suspense>
  );
}
