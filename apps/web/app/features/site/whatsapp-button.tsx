import { useLocation } from 'react-router';
import { WhatsAppIcon } from '../../components/layout/icons';
import { whatsAppHref } from '../../lib/contact';
import * as m from '@store/shared/i18n/messages';

/** Every page shows the WhatsApp chat button except a receipt (SPEC §2). */
export const showsWhatsApp = (pathname: string) => !/^\/receipt\//.test(pathname);

const PLACEMENT = {
  // Phones: a slot of its own at the end of the bottom bar, so it never lies over the page.
  bar: 'flex size-10 shrink-0 self-center',
  // Large screens (no bottom bar): floating in the corner, under every panel and dialog; the footer
  // leaves room below its last line so nothing ends up beneath it.
  floating: 'fixed bottom-6 right-6 z-30 hidden size-14 ring-4 ring-white/60 hover:scale-105 lg:flex',
} as const;

/** The WhatsApp chat button, in the phone's bottom bar or floating on large screens. */
export function WhatsAppButton({ number, placement }: { number: string; placement: keyof typeof PLACEMENT }) {
  const { pathname } = useLocation();
  if (!showsWhatsApp(pathname)) return null;
  return (
    <a
      href={whatsAppHref(number)}
      target="_blank"
      rel="noopener"
      aria-label={m.whatsapp_chat()}
      data-testid="whatsapp-button"
      className={`items-center justify-center rounded-full bg-[#25d366] text-white shadow-lg transition-transform focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink ${PLACEMENT[placement]}`}
    >
      <WhatsAppIcon size={placement === 'bar' ? 24 : 28} />
    </a>
  );
}
