import { Link } from 'react-router';
import { STORAGE_KEYS } from '@store/shared/constants';
import type { CookieAcceptance } from './cookie-banner';
import * as m from '@store/shared/i18n/messages';

/**
 * The banner itself: Accept stores {accepted, timestamp}. Fixed to the bottom (above the phone's
 * bottom bar) so it never pushes the page around.
 */
export default function CookieBannerPanel({ onAccepted }: { onAccepted: () => void }) {
  const accept = () => {
    const record: CookieAcceptance = { accepted: true, timestamp: Date.now() };
    try {
      localStorage.setItem(STORAGE_KEYS.cookieAcceptance, JSON.stringify(record));
    } catch {
      // Storage blocked: the banner still goes away for this page view.
    }
    onAccepted();
  };

  return (
    <section
      aria-label={m.cookie_consent()}
      className="fixed inset-x-2 bottom-[calc(3.5rem+env(safe-area-inset-bottom)+0.5rem)] z-50 rounded-xl bg-ink p-4 text-white shadow-2xl sm:inset-x-auto sm:left-4 sm:max-w-md lg:bottom-4"
    >
      <p className="text-sm leading-relaxed text-neutral-200">
        {m.cookie_text_before()}{' '}
        <Link to="/about-us/privacy-policy" className="font-semibold text-white underline underline-offset-2">
          {m.cookie_privacy_link()}
        </Link>
        {m.cookie_text_after()}
      </p>
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          onClick={accept}
          className="rounded-full bg-brand px-6 py-2 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {m.cookie_accept()}
        </button>
      </div>
    </section>
  );
}
