import type { ReactNode } from 'react';
import { Link } from 'react-router';
import * as m from '@store/shared/i18n/messages';

/** A content page's frame: breadcrumb, title and the (API-sanitised) rich text. */
export function ContentArticle({
  title,
  bodyHtml,
  crumbs = [],
  aside,
  children,
}: {
  title: string;
  bodyHtml: string;
  crumbs?: { href: string; label: string }[];
  aside?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-6 lg:px-6 lg:py-10">
      <nav aria-label={m.breadcrumb()} className="text-xs text-muted">
        <ol className="flex flex-wrap items-center gap-1.5">
          <li>
            <Link to="/" className="hover:text-brand">
              Home
            </Link>
          </li>
          {crumbs.map((c) => (
            <li key={c.href} className="flex items-center gap-1.5">
              <span aria-hidden="true">/</span>
              <Link to={c.href} className="hover:text-brand">
                {c.label}
              </Link>
            </li>
          ))}
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true">/</span>
            <span aria-current="page" className="text-ink">
              {title}
            </span>
          </li>
        </ol>
      </nav>
      <div className={`mt-6 ${aside ? 'lg:grid lg:grid-cols-[14rem_1fr] lg:gap-12' : ''}`}>
        {aside}
        <article className="min-w-0 max-w-3xl">
          <h1 className="font-serif text-3xl font-semibold tracking-tight text-ink lg:text-4xl">{title}</h1>
          {children}
          <div className="rich-text mt-6" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
        </article>
      </div>
    </main>
  );
}
