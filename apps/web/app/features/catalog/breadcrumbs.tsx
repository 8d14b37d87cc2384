import { Link } from 'react-router';
import type { Crumb } from './seo';
import * as m from '@store/shared/i18n/messages';

/** Home > Department > Category > Product; the last crumb is the page itself. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label={m.breadcrumb()} className="text-xs text-muted">
      <ol className="flex flex-wrap items-center gap-1.5">
        {crumbs.map((c, i) => (
          <li key={c.path} className="flex items-center gap-1.5">
            {i > 0 && (
              <span aria-hidden="true" className="text-neutral-400">
                /
              </span>
            )}
            {i === crumbs.length - 1 ? (
              <span aria-current="page" className="line-clamp-1 text-ink">
                {c.name}
              </span>
            ) : (
              <Link to={c.path} className="hover:text-ink hover:underline">
                {c.name}
              </Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
