import { Suspense, lazy, useEffect, useState } from 'react';
import type { CareHours } from '@store/shared/admin-settings';
import { HeadsetIcon } from '../../components/layout/icons';
import { onOpenCallWidget } from './call-events';
import * as m from '@store/shared/i18n/messages';

/** The panel's code loads when a shopper first asks to call. */
const CallPanel = lazy(() => import('./call-panel'));

/**
 * The customer-care call widget: a 'Call us' button on large screens, above the WhatsApp button in the corner (phones reach it from the
 * bottom bar's Customer care) that opens a panel with the number and customer care's hours (public config).
 */
export function CallWidget({ phone, hours }: { phone: string; hours: CareHours }) {
  const [open, setOpen] = useState(false);
  useEffect(() => onOpenCallWidget(() => setOpen(true)), []);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        className="fixed bottom-24 right-6 z-30 hidden items-center gap-2 rounded-full bg-white py-2.5 pl-3.5 pr-5 text-sm font-semibold text-ink shadow-lg ring-1 ring-line transition hover:text-brand lg:flex"
      >
        <HeadsetIcon size={20} className="text-brand" />
        {m.call_us()}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <CallPanel phone={phone} hours={hours} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
