import { useLocation } from 'react-router';
import { WhatsAppIcon } from '../../components/layout/icons';
import { whatsAppHref } from '../../lib/contact';

/** The WhatsApp chat button: on every page except a receipt (SPEC §2). */
export function WhatsAppButton({ number }: { number: string }) {
  const { pathname } = useLocation();
  if (/^\/receipt\//.test(pathname)) return null;
  return (
    <a
      href={whatsAppHref(number)}
      target="_blank"
      rel="noopener"
      aria-label="Chat with us on WhatsApp"
      data-testid="whatsapp-button"
      className="fixed bottom-[calc(3.5rem+env(safe-area-inset-bottom)+0.75rem)] right-3 z-30 flex size-12 items-center justify-center rounded-full bg-[#25d366] text-white shadow-lg ring-4 ring-white/60 transition-transform hover:scale-105 lg:bottom-6 lg:right-6 lg:size-14"
    >
      <WhatsAppIcon size={28} />
    </a>
  );
}
