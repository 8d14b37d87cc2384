import { useId, useState } from 'react';
import * as messages from '@store/shared/messages';
import { api } from '../../lib/http';
import { toast } from '../../lib/toast';
import { parseNotifyContact } from './notify-contact';
import { NOTIFY_FORM_CLASS, NotifyMeFields } from './notify-me-fields';

/** The form behind 'Notify me': an email or a phone; the API stores the request. */
export default function NotifyMeForm({ variantId }: { variantId: number }) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (done) {
    return (
      <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900" data-testid="notify-done">
        {done}
      </p>
    );
  }
  return (
    <form
      noValidate
      className={NOTIFY_FORM_CLASS}
      onSubmit={async (e) => {
        e.preventDefault();
        const parsed = parseNotifyContact(String(new FormData(e.currentTarget).get('contact') ?? ''));
        if (!parsed.ok) {
          setError(parsed.error);
          return;
        }
        setBusy(true);
        setError(null);
        const res = await api.post<{ success: boolean; message: string }>(
          '/notify-me/',
          { variant_id: variantId, ...parsed.body },
          { toasts: false, allow404: true },
        );
        setBusy(false);
        if (res.ok) {
          setDone(res.data.message);
          toast.success(res.data.message);
        } else {
          const fields = res.error?.fields;
          setError(fields?.email ?? fields?.phone ?? fields?.variant_id ?? res.error?.message ?? messages.offline());
        }
      }}
    >
      <NotifyMeFields id={id} error={error} busy={busy} autoFocus />
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 wrap-anywhere" data-testid="notify-error">
          {error}
        </p>
      )}
    </form>
  );
}
