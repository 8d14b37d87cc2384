import { Suspense, lazy, useState } from 'react';
import { useLocation } from 'react-router';
import { SCRIPTED } from '../auth/auth-events';
import { NOTIFY_FORM_CLASS, NotifyMeFields } from './notify-me-fields';
import { hrefHere } from '../../lib/locale';
import * as m from '@store/shared/i18n/messages';

const loadForm = () => import('./notify-me-form');
/** The form's code loads when the shopper reaches for the button (or on the tap itself). */
const NotifyMeForm = lazy(loadForm);
const preloadForm = () => void loadForm();

/** Out of stock: 'Notify me' opens a small form for an email or a phone (SPEC §2). */
export function NotifyMe({ variantId }: { variantId: number }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  if (!open) {
    return (
      <>
        <button
          type="button"
          onClick={() => setOpen(true)}
          onPointerEnter={preloadForm}
          onFocus={preloadForm}
          className={`w-full rounded-full bg-ink py-3.5 text-sm font-semibold tracking-wide text-white transition hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand sm:w-auto sm:px-10 ${SCRIPTED}`}
        >
          {m.notify_me()}
        </button>
        {/* Without the page's scripts the button cannot open its form: the form itself, sent to routes/form-notify.ts. */}
        <noscript>
          <form method="post" action={hrefHere('/form/notify')} className={NOTIFY_FORM_CLASS} data-testid="plain-notify">
            <input type="hidden" name="variant" value={variantId} />
            <input type="hidden" name="back" value={`${location.pathname}${location.search}`} />
            <NotifyMeFields id={`notify-${variantId}`} />
          </form>
        </noscript>
      </>
    );
  }
  return (
    <Suspense fallback={null}>
      <NotifyMeForm variantId={variantId} />
    </Suspense>
  );
}
