import { Link } from 'react-router';
import { SITE_NAME } from '../../lib/seo';
import * as m from '@store/shared/i18n/messages';

/**
 * The logo from site config (logo_logged for a signed-in shopper), or the shop's name in type when
 * none is configured. A fixed box, so the image arriving late never moves the header.
 */
export function Logo({ src, home, className = '' }: { src: string | null; home: string; className?: string }) {
  return (
    <Link
      to={home}
      aria-label={m.logo_home({ site: SITE_NAME })}
      className={`flex h-10 w-36 shrink-0 items-center lg:h-12 lg:w-44 ${className}`}
    >
      {src ? (
        <img src={src} alt={SITE_NAME} width={176} height={48} className="h-full w-full object-contain object-left" />
      ) : (
        <span className="whitespace-nowrap font-serif text-[1.45rem] font-semibold leading-none tracking-tight text-ink lg:text-[1.75rem]">
          Glow <span className="text-brand">Bazaar</span>
        </span>
      )}
    </Link>
  );
}
