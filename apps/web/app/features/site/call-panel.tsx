import { useState } from 'react';
import type { CareHours } from '@store/shared/admin-settings';
import { callOutsideHoursText, careHoursText, isWithinCareHours } from '@store/shared/shop-hours';
import { ClockIcon, HeadsetIcon, PhoneIcon } from '../../components/layout/icons';
import { DialogClose, DialogTitle, ModalDialog } from '../../components/ui/dialog';
import { displayPhone, telHref } from '../../lib/contact';
import * as m from '@store/shared/i18n/messages';

/**
 * The call panel. A call tried outside customer care's hours as set (by default Friday, Saturday,
 * before 10:00 or from 18:00 in Dhaka) shows the warning instead of dialling.
 */
export default function CallPanel({ phone, hours, onClose }: { phone: string; hours: CareHours; onClose: () => void }) {
  const [closedWarning, setClosedWarning] = useState(false);
  return (
    <ModalDialog
      onClose={onClose}
      overlayClassName="bg-black/40"
      className="inset-x-0 bottom-0 rounded-t-2xl bg-white text-ink shadow-2xl sm:inset-0 sm:m-auto sm:h-fit sm:w-full sm:max-w-sm sm:rounded-2xl lg:mb-24 lg:ml-auto lg:mr-6"
    >
      <div className="relative p-6 pb-[calc(1.5rem+env(safe-area-inset-bottom))]">
        <DialogClose className="absolute right-3 top-3 flex size-10 items-center justify-center rounded-full text-muted hover:bg-neutral-100 hover:text-ink" />
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-brand-soft text-brand">
            <HeadsetIcon size={22} />
          </span>
          <div>
            <DialogTitle className="text-lg font-bold">{m.call_us()}</DialogTitle>
            <p className="text-sm text-muted">{m.shell_customer_care()}</p>
          </div>
        </div>
        <p className="mt-5 text-2xl font-bold tracking-wide">{displayPhone(phone)}</p>
        <p className="mt-2 flex items-center gap-2 text-sm text-neutral-700">
          <ClockIcon size={16} className="text-brand" />
          {careHoursText(hours)}
        </p>
        {closedWarning ? (
          <p role="alert" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-300">
            {callOutsideHoursText(hours)}
          </p>
        ) : null}
        <a
          href={telHref(phone)}
          onClick={(e) => {
            if (isWithinCareHours(hours, new Date())) return;
            e.preventDefault();
            setClosedWarning(true);
          }}
          className="mt-5 flex w-full items-center justify-center gap-2 rounded-full bg-brand py-3 font-semibold text-white hover:bg-brand-dark"
        >
          <PhoneIcon size={18} />
          {m.call_now()}
        </a>
      </div>
    </ModalDialog>
  );
}
