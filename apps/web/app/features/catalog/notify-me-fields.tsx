import * as m from '@store/shared/i18n/messages';
/** The Notify me form's box: the card, the label, the one 'email or phone' field and the button. */
export const NOTIFY_FORM_CLASS = 'flex flex-col gap-2 rounded-xl border border-line p-4';

/**
 * The fields of Notify me, shared by the scripted form (notify-me-form.tsx, checked in the browser)
 * and the plain one sent to routes/form-notify.ts without scripts (notify-me.tsx).
 */
export function NotifyMeFields({
  id,
  error = null,
  busy = false,
  autoFocus = false,
}: {
  id: string;
  error?: string | null;
  busy?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {m.notify_title()}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id={id}
          name="contact"
          type="text"
          autoComplete="email"
          autoFocus={autoFocus}
          placeholder={m.notify_placeholder()}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full min-w-0 rounded-full border border-neutral-300 px-4 py-2.5 text-sm outline-none sm:flex-1 focus:border-ink aria-invalid:border-red-700"
        />
        <button
          type="submit"
          disabled={busy}
          className="shrink-0 rounded-full bg-ink px-5 py-2.5 text-sm font-semibold text-white disabled:opacity-60"
        >
          {m.notify_me()}
        </button>
      </div>
    </>
  );
}
