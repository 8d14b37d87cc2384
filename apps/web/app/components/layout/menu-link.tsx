import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { NavItem } from '@store/shared/content';
import { menuLink } from '../../lib/menu';
import { hrefHere } from '../../lib/locale';

/** A menu icon is an image URL, or a short glyph (emoji) typed by the merchandiser. */
export function MenuIcon({ icon, size = 18 }: { icon: string | null; size?: number }) {
  if (!icon) return null;
  if (/^(https?:)?\/\//.test(icon) || icon.startsWith('/')) {
    return (
      <img
        src={icon}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        className="shrink-0 object-contain"
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span aria-hidden="true" className="shrink-0 leading-none">
      {icon}
    </span>
  );
}

type AnchorProps = {
  item: Pick<
    NavItem,
    'disable_url' | 'redirect_url' | 'external_url' | 'relative_url' | 'page' | 'open_in_new_tab' | 'menu_color' | 'type'
  >;
  className?: string;
  children: ReactNode;
  onNavigate?: () => void;
} & Omit<React.HTMLAttributes<HTMLElement>, 'children' | 'className'>;

/**
 * A menu entry as a link (internal through the router, external as a plain anchor, new-tab ones with
 * rel=noopener) or, for disable_url items, as plain text. menu_color tints it.
 */
export function MenuAnchor({ item, className = '', children, onNavigate, ...rest }: AnchorProps) {
  const link = menuLink(item);
  const style = item.menu_color ? { color: item.menu_color } : undefined;
  if (!link) {
    // A heading that opens a panel (aria-expanded given) is a disclosure button, not plain text.
    const role = rest['aria-expanded'] === undefined ? undefined : 'button';
    return (
      <span className={className} style={style} data-type={item.type} role={role} {...rest}>
        {children}
      </span>
    );
  }
  const newTab = link.newTab ? { target: '_blank', rel: 'noopener' } : {};
  if (link.external || link.newTab) {
    return (
      <a href={hrefHere(link.href)} className={className} style={style} data-type={item.type} onClick={onNavigate} {...newTab} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={link.href} className={className} style={style} data-type={item.type} onClick={onNavigate} {...rest}>
      {children}
    </Link>
  );
}
