import { Suspense, useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { NavItem } from '@store/shared/content';
import * as m from '@store/shared/i18n/messages';
import { openLogin } from '../auth/auth-events';
import { displayPhone, telHref } from '../../lib/contact';
import { departmentHomePath } from '../../lib/department';
import { menuLink, type MenuViewer, type NavBarItem } from '../../lib/menu';
import type { MenuType } from '../../lib/department';
import type { RootData } from '../../lib/root-data';
import { ChevronIcon, MailIcon, PhoneIcon, UserIcon } from '../../components/layout/icons';
import { Logo } from '../../components/layout/logo';
import { MenuAnchor, MenuIcon } from '../../components/layout/menu-link';
import { MenuUnavailable } from '../../components/layout/menu-unavailable';
import { DialogClose, ModalDialog } from '../../components/ui/dialog';
import { useMenuTree } from '../../lib/use-menu-tree';
import { DEPARTMENTS } from '../catalog/departments';
import { LanguageSwitch } from './language-switch';

function Level({ items, depth, onNavigate }: { items: NavItem[]; depth: number; onNavigate: () => void }) {
  return (
    <ul
      className={depth === 0 ? 'divide-y divide-line' : 'border-l-2 border-brand-soft pb-2'}
      style={depth ? { marginLeft: 16 } : undefined}
    >
      {items.map((item) => (
        <Entry key={item.id} item={item} depth={depth} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

/** An item with children toggles its level open and shut; a leaf navigates (and closes the menu). */
function Entry({ item, depth, onNavigate }: { item: NavItem; depth: number; onNavigate: () => void }) {
  const [open, setOpen] = useState(false);
  const levelId = useId();
  const pad = depth === 0 ? 'px-5 py-3.5 text-[15px] font-semibold' : 'px-4 py-2.5 text-sm';
  if (!item.children.length) {
    return (
      <li>
        <MenuAnchor
          item={item}
          onNavigate={onNavigate}
          className={`flex items-center gap-2.5 ${pad} ${menuLink(item) ? 'text-ink active:bg-brand-soft' : 'text-muted'}`}
        >
          <MenuIcon icon={item.menu_link_icon} />
          {item.title}
        </MenuAnchor>
      </li>
    );
  }
  const link = menuLink(item);
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={levelId}
        onClick={() => setOpen((o) => !o)}
        className={`flex w-full items-center gap-2.5 text-left ${pad} ${open ? 'text-brand' : 'text-ink'}`}
        style={item.menu_color ? { color: item.menu_color } : undefined}
      >
        <MenuIcon icon={item.menu_link_icon} />
        <span className="flex-1">{item.title}</span>
        <ChevronIcon size={18} className={`shrink-0 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={levelId} hidden={!open}>
        {link ? (
          <MenuAnchor
            item={item}
            onNavigate={onNavigate}
            className="block px-4 py-2 text-sm font-semibold text-brand"
            style={{ marginLeft: 16 }}
          >
            {m.menu_view_all({ title: item.title })}
          </MenuAnchor>
        ) : null}
        <Level items={item.children} depth={depth + 1} onNavigate={onNavigate} />
      </div>
    </li>
  );
}

/** A bar item standing in for its level when the whole menu could not be fetched: it still leads to its page. */
const asLeaf = (item: NavBarItem): NavItem => ({ ...item, children: [], promote: [], products: null });

type CategoriesProps = { menuType: MenuType; nav: NavBarItem[]; viewer: MenuViewer; onNavigate: () => void };

/**
 * The menu's levels, once fetched (menu-tree.ts); until then, and should they not come, the top
 * level as plain entries, each leading to its page.
 */
function Categories({ menuType, nav, viewer, onNavigate }: CategoriesProps) {
  const { tree, retrying, retry } = useMenuTree(menuType, viewer);
  if (tree) return <Level items={tree} depth={0} onNavigate={onNavigate} />;
  return (
    <>
      <Level items={nav.map(asLeaf)} depth={0} onNavigate={onNavigate} />
      <div className="flex items-center gap-3 border-t border-line px-5 py-3 text-sm">
        <MenuUnavailable retrying={retrying} onRetry={retry} />
      </div>
    </>
  );
}

type MobileMenuProps = { data: RootData; nav: NavBarItem[]; viewer: MenuViewer; onClose: () => void };

/** The slide-in menu of phones, loaded on first tap; its levels come with it or just after. */
export default function MobileMenu({ data, nav, viewer, onClose }: MobileMenuProps) {
  // The menu as opened: a department tapped inside it changes the page's menu type, but this menu closes with the navigation.
  const [menuType] = useState(data.menuType);
  const location = useLocation();
  const [initialKey] = useState(location.key);
  useEffect(() => {
    if (location.key !== initialKey) onClose();
  }, [location.key, initialKey, onClose]);

  const user = data.user;
  const logo = user ? (data.site.logoLogged ?? data.site.logo) : data.site.logo;
  return (
    <ModalDialog
      onClose={onClose}
      label={m.shell_menu()}
      overlayTestId="menu-backdrop"
      overlayClassName="bg-black/50 transition-opacity duration-200 starting:opacity-0"
      className="inset-y-0 left-0 flex h-dvh w-[86%] max-w-sm flex-col bg-white shadow-2xl transition-transform duration-200 ease-out starting:-translate-x-full"
    >
      <div className="flex h-14 shrink-0 items-center justify-between border-b border-line pl-4 pr-2">
        <Logo src={logo} home={departmentHomePath(data.department)} />
        <DialogClose
          label={m.shell_close_menu()}
          iconSize={24}
          className="flex size-11 items-center justify-center rounded-full text-ink hover:bg-neutral-100"
        />
      </div>
      <div className="flex-1 overflow-y-auto overscroll-contain">
        <div className="flex items-center gap-3 bg-brand-soft px-5 py-4">
          <span className="flex size-10 items-center justify-center rounded-full bg-white text-brand">
            <UserIcon size={22} />
          </span>
          <div className="min-w-0 flex-1">
            <p data-testid="menu-greeting" className="truncate font-semibold text-ink">
              {user ? m.shell_greeting({ name: user.first_name }) : m.shell_guest()}
            </p>
            {user ? (
              <Link to="/account/my-account" className="text-sm text-brand-dark underline">
                {m.shell_my_account()}
              </Link>
            ) : (
              <button
                type="button"
                className="text-sm font-semibold text-brand-dark underline"
                onClick={() => {
                  onClose();
                  openLogin();
                }}
              >
                {m.shell_login_register()}
              </button>
            )}
          </div>
        </div>
        <ul className="grid grid-cols-4 gap-1.5 px-4 py-3" aria-label={m.shell_departments()}>
          {DEPARTMENTS.map((d) => (
            <li key={d.key}>
              <Link
                to={departmentHomePath(d.key)}
                aria-current={data.department === d.key ? 'true' : undefined}
                className={`block rounded-full border py-1.5 text-center text-xs font-semibold ${data.department === d.key ? 'border-brand bg-brand text-white' : 'border-line text-ink'}`}
              >
                {d.label()}
              </Link>
            </li>
          ))}
        </ul>
        <nav aria-label={m.shell_categories()} className="border-t border-line">
          <Suspense
            fallback={
              <div aria-busy="true">
                <Level items={nav.map(asLeaf)} depth={0} onNavigate={onClose} />
              </div>
            }
          >
            <Categories menuType={menuType} nav={nav} viewer={viewer} onNavigate={onClose} />
          </Suspense>
        </nav>
        <div className="space-y-2 border-t border-line px-5 py-4 text-sm text-neutral-700">
          <a href={telHref(data.contact.support_phone)} className="flex items-center gap-2">
            <PhoneIcon size={16} className="text-brand" />
            {displayPhone(data.contact.support_phone)}
          </a>
          <a href={`mailto:${data.contact.support_email}`} className="flex items-center gap-2">
            <MailIcon size={16} className="text-brand" />
            {data.contact.support_email}
          </a>
          <LanguageSwitch className="flex w-fit items-center rounded-full border border-line px-3 py-1 font-semibold text-ink" />
        </div>
      </div>
    </ModalDialog>
  );
}
