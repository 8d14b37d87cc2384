import * as messages from '@store/shared/messages';
import { displayPhone, telHref } from '../../lib/contact';
import { SITE_NAME } from '../../lib/seo';
import * as m from '@store/shared/i18n/messages';

/** Replaces every page (status 503) while the settings say the site is under maintenance. */
export function MaintenancePage({ email, phone }: { email: string; phone: string }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-brand-soft to-white px-6 py-16">
      <div className="w-full max-w-lg text-center">
        <p className="font-serif text-2xl font-semibold text-ink">
          Glow <span className="text-brand">Bazaar</span>
        </p>
        <svg viewBox="0 0 120 120" width="120" height="120" aria-hidden="true" className="mx-auto my-8 text-brand">
          <circle cx="60" cy="60" r="56" fill="white" stroke="currentColor" strokeOpacity=".15" strokeWidth="4" />
          <path
            d="M40 80 72 48m-6-10a14 14 0 0 0 18 18l-6 6-14-14 6-6Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="6"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
          <circle cx="38" cy="82" r="5" fill="currentColor" />
        </svg>
        <h1 className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">{messages.maintenanceTitle()}</h1>
        <p className="mt-3 text-lg text-neutral-700">{messages.maintenanceBody()}</p>
        <div className="mt-8 rounded-2xl bg-white p-5 text-sm text-neutral-700 shadow-sm ring-1 ring-line">
          <p>{m.maintenance_help()}</p>
          <p className="mt-3 flex flex-col items-center justify-center gap-2 font-semibold sm:flex-row sm:gap-6">
            <a href={`mailto:${email}`} className="text-brand-dark underline underline-offset-2">
              {email}
            </a>
            <a href={telHref(phone)} className="text-brand-dark underline underline-offset-2">
              {displayPhone(phone)}
            </a>
          </p>
        </div>
        <p className="mt-10 text-xs text-muted">© {SITE_NAME}</p>
      </div>
    </main>
  );
}
