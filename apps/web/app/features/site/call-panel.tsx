import { useState } from 'react';
import * as messages from '@store/shared/messages';
import { ClockIcon, CloseIcon, HeadsetIcon, PhoneIcon } from '../../components/layout/icons';
import { displayPhone, telHref } from '../../lib/contact';
import { useModalDialog } from '../../lib/use-modal-dialog';
import { isWithinServiceHours } from './service-hours';

/**
 * The call panel. A call tried outside the service hours (Friday, Saturday, before 10:00 or from
 * 18:00 in Dhaka) shows the warning instead of dialling.
 */
export default function CallPanel({ phone, onClose }: { phone: string; onClose: () => void }) {
  const ref = useModalDialog(onClose);
  const [closedWarning, setClosedWarning] = useState(false);
  return (
    <dialog
      ref={ref}
      aria-labelledby="call-title"
      onMouseDown={(e) => {
        if (e.target === e.currentTarget) onClose();
      }}
      className="mb-0 mt-auto w-full max-w-none rounded-t-2xl bg-white p-0 text-ink shadow-2xl backdrop:bg-black/40 sm:m-auto sm:max-w-sm sm:rounded-2xl lg:mb-24 lg:ml-auto lg:mr-6"
    >
      <div className="relative p-6 pb-[calc(1.5rem+env(safe-area-inset-bottom))]">
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="absolute right-3 top-3 flex size-10 items-center justify-center rounded-full text-muted hover:bg-neutral-100 hover:text-ink"
        >
          <CloseIcon size={20} />
        </button>
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-brand-soft text-brand">
            <HeadsetIcon size={22} />
          </span>
          <div>
            <h2 id="call-title" className="text-lg font-bold">
              Call us
            </h2>
            <p className="text-sm text-muted">Customer care</p>
          </div>
        </div>
        <p className="mt-5 text-2xl font-bold tracking-wide">{displayPhone(phone)}</p>
        <p className="mt-2 flex items-center gap-2 text-sm text-neutral-700">
          <ClockIcon size={16} className="text-brand" />
          {messages.serviceHours}
        </p>
        {closedWarning ? (
          <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
            {messages.callOutsideHours}
          </p>
        ) : null}
        <a
          href={telHref(phone)}
          onClick={(e) => {
            if (isWithinServiceHours(new Date())) return;
            e.preventDefault();
            setClosedWarning(true);
          }}
          className="mt-5 flex w-full items-center justify-center gap-2 rounded-full bg-brand py-3 font-semibold text-white hover:bg-brand-dark"
        >
          <PhoneIcon size={18} />
          Call now
        </a>
      </div>
    </dialog>
  );
}
