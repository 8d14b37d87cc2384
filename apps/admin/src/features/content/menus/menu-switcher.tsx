import { Link } from 'react-router';
import type { NavMenu } from '@store/shared/admin-navigation';

export const MENU_LABELS: Record<NavMenu, string> = { beauty: 'Beauty', kids: 'Kids' };

/** The menu a screen shows, from its address (?menu=kids); beauty by default. */
export const menuOf = (request: Request): NavMenu => (new URL(request.url).searchParams.get('menu') === 'kids' ? 'kids' : 'beauty');

/** Beauty / Kids, as links (?menu=kids), so a reload or a shared address keeps the choice. */
export function MenuSwitcher({ menu, label }: { menu: NavMenu; label: string }) {
  return (
    <nav aria-label={label} className="mb-4 inline-flex rounded-md border border-line bg-white p-1">
      {(['beauty', 'kids'] as const).map((m) => (
        <Link
          key={m}
          to={`?menu=${m}`}
          aria-current={m === menu ? 'page' : undefined}
          className={`rounded px-4 py-2 text-sm font-semibold ${m === menu ? 'bg-brand text-white' : 'text-ink hover:bg-neutral-100'}`}
        >
          {MENU_LABELS[m]}
        </Link>
      ))}
    </nav>
  );
}
