import { useState, type FormEvent } from 'react';
import type { NotificationPrefs } from '@store/shared/auth';
import * as messages from '@store/shared/messages';
import * as m from '@store/shared/i18n/messages';
import { api } from '../../lib/http';
import { toast } from '../../lib/toast';
import { Notice, PrimaryButton } from '../auth/form-controls';

const OPTIONS = [
  { key: 'newsletter_email', title: m.account_newsletter_email_title, text: m.account_newsletter_email_text },
  { key: 'newsletter_sms', title: m.account_newsletter_sms_title, text: m.account_newsletter_sms_text },
] as const;

/** hasEmail false: a phone-only account has nowhere to send the email newsletter, so that option is off and says why. */
export function NotificationsTab({ prefs, hasEmail }: { prefs: NotificationPrefs; hasEmail: boolean }) {
  const [values, setValues] = useState(prefs);
  const [saved, setSaved] = useState(prefs);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const changed = values.newsletter_email !== saved.newsletter_email || values.newsletter_sms !== saved.newsletter_sms;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setFailure(null);
    const r = await api.put<{ success: boolean; detail: string; data: NotificationPrefs }>('/accounts/notifications/', values, {
      toasts: false,
    });
    setBusy(false);
    if (r.ok) {
      toast.success(r.data.detail || messages.preferencesSaved());
      setValues(r.data.data);
      setSaved(r.data.data);
    } else setFailure(r.error ? r.error.message : messages.offline());
  }

  return (
    <form onSubmit={submit} className="flex max-w-xl flex-col gap-4">
      <fieldset className="flex flex-col divide-y divide-line rounded-xl border border-line">
        <legend className="sr-only">{m.account_notification_prefs()}</legend>
        {OPTIONS.map((o) => {
          const unavailable = o.key === 'newsletter_email' && !hasEmail;
          return (
            <label key={o.key} className={`flex items-start gap-4 p-4 ${unavailable ? 'cursor-not-allowed' : 'cursor-pointer'}`}>
              <input
                type="checkbox"
                name={o.key}
                checked={values[o.key]}
                disabled={unavailable}
                onChange={(e) => setValues({ ...values, [o.key]: e.currentTarget.checked })}
                className="mt-0.5 size-5 shrink-0 accent-brand"
              />
              <span>
                <span className={`block font-medium ${unavailable ? 'text-muted' : 'text-ink'}`}>{o.title()}</span>
                <span className="block text-sm text-muted">{unavailable ? messages.newsletterNeedsEmail() : o.text()}</span>
              </span>
            </label>
          );
        })}
      </fieldset>
      {failure && <Notice tone="error">{failure}</Notice>}
      <PrimaryButton busy={busy} disabled={!changed} className="sm:w-auto sm:self-start">
        {m.account_save_preferences()}
      </PrimaryButton>
    </form>
  );
}
