import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import * as m from '@store/shared/i18n/messages';
import { openLogin, SCRIPTED, SIGN_IN_PAGE } from '../auth/auth-events';
import { openCallWidget } from '../site/call-events';
import { WhatsAppButton } from '../site/whatsapp-button';
import { departmentHomePath } from '../../lib/department';
import type { RootData } from '../../lib/root-data';
import { HeadsetIcon, HomeIcon, MenuIcon, UserIcon } from '../../components/layout/icons';
import { hrefHere } from '../../lib/locale';

const item =
  'flex min-w-0 flex-1 flex-col items-center justify-center gap-0.5 whitespace-nowrap text-[11px] font-medium text-neutral-700 active:text-brand';

/** The phone's bottom bar (below 1024 px): Home, Menu, Account and Customer care, then the WhatsApp chat button. */
export function BottomBar({
  data,
  menuOpen,
  onOpenMenu,
  onPreloadMenu,
}: {
  data: RootData;
  menuOpen: boolean;
  onOpenMenu: (event: MouseEvent<HTMLElement>) => void;
  /** Starts fetching what the menu needs, ahead of a likely tap. */
  onPreloadMenu: () => void;
}) {
  return (
    <nav
      aria-label={m.shell_shortcuts()}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <div className="flex h-14 pr-2">
        <Link to={departmentHomePath(data.department)} className={item}>
          <HomeIcon size={22} />
          {m.shell_home()}
        </Link>
        <button
          type="button"
          className={item}
          onClick={onOpenMenu}
          onPointerEnter={onPreloadMenu}
          onFocus={onPreloadMenu}
          data-opens-menu
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
        >
          <MenuIcon size={22} />
          {m.shell_menu()}
        </button>
        {data.user ? (
          <Link to="/account/my-account" className={item}>
            <UserIcon size={22} />
            {m.shell_account()}
          </Link>
        ) : (
          <>
            <button type="button" className={`${item} ${SCRIPTED}`} onClick={() => openLogin({ reason: 'account' })}>
              <UserIcon size={22} />
              {m.shell_account()}
            </button>
            <noscript className="[@media(scripting:none)]:contents">
              <a href={hrefHere(SIGN_IN_PAGE)} className={item}>
                <UserIcon size={22} />
                {m.shell_account()}
              </a>
            </noscript>
          </>
        )}
        <button type="button" className={item} onClick={openCallWidget} aria-haspopup="dialog">
          <HeadsetIcon size={22} />
          {m.shell_customer_care()}
        </button>
        <WhatsAppButton number={data.contact.whatsapp_number} placement="bar" />
      </div>
    </nav>
  );
}
