import type { CheckoutSummary } from '@store/shared/checkout';
import * as m from '@store/shared/i18n/messages';
import { UserIcon } from '../../components/layout/icons';
import { openLogin, SCRIPTED, SIGN_IN_PAGE } from '../auth/auth-events';
import { GuestPhoneVerify } from './guest-phone-verify';
import { Section } from './summary-parts';
import { hrefHere } from '../../lib/locale';

/**
 * Who is checking out. A signed-in customer or a verified guest sees themselves; a visitor signs
 * in, or checks out as a guest by verifying their phone with a code (the accounts guest flow).
 */
export function ContactCard({ shopper, supportPhone }: { shopper: CheckoutSummary['shopper']; supportPhone: string }) {
  if (shopper) {
    return (
      <Section title={m.checkout_contact()} id="contact-title">
        <div className="flex items-center gap-3" data-testid="checkout-contact">
          <span
            aria-hidden="true"
            className="flex size-10 items-center justify-center rounded-full bg-brand-soft text-sm font-bold uppercase text-brand"
          >
            {shopper.name ? shopper.name.slice(0, 1) : <UserIcon size={18} />}
          </span>
          <div className="min-w-0 text-sm">
            <p className="font-semibold text-ink">
              {shopper.name || m.checkout_guest()}
              {shopper.kind === 'guest' ? (
                <span className="ml-2 rounded-full bg-neutral-100 px-2 py-0.5 text-[11px] font-medium text-neutral-700">
                  {m.checkout_guest_checkout()}
                </span>
              ) : null}
            </p>
            <p className="truncate text-muted">{[shopper.phone, shopper.email].filter(Boolean).join(' · ')}</p>
          </div>
        </div>
      </Section>
    );
  }
  return <GuestContact supportPhone={supportPhone} />;
}

function GuestContact({ supportPhone }: { supportPhone: string }) {
  return (
    <Section title={m.checkout_contact()} id="contact-title">
      <div className="space-y-5">
        <div className="flex flex-col gap-3 rounded-xl bg-neutral-50 p-4 ring-1 ring-line sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-neutral-700">{m.checkout_have_account()}</p>
          <button
            type="button"
            onClick={() => openLogin({ reason: 'checkout' })}
            className={`h-11 shrink-0 rounded-lg bg-ink px-5 text-sm font-semibold text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${SCRIPTED}`}
          >
            {m.checkout_sign_in_register()}
          </button>
          {/* Without the page's scripts: the sign-in page, which comes back here. */}
          <noscript>
            <a
              href={hrefHere(`${SIGN_IN_PAGE}&redirect=${encodeURIComponent('/checkout')}`)}
              className="flex h-11 shrink-0 items-center justify-center rounded-lg bg-ink px-5 text-sm font-semibold text-white"
            >
              {m.checkout_sign_in()}
            </a>
          </noscript>
        </div>
        {/* Guest checkout needs the page's scripts (its code step is the modal's); without them, signing in by code does the same. */}
        <div className={`space-y-5 ${SCRIPTED}`}>
          <div className="flex items-center gap-3 text-xs font-medium uppercase tracking-widest text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-line" />
            {m.checkout_or_guest()}
            <span className="h-px flex-1 bg-line" />
          </div>
          <GuestPhoneVerify supportPhone={supportPhone} verifyLabel={m.checkout_verify_continue()} />
        </div>
      </div>
    </Section>
  );
}
