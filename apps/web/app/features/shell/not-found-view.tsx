import { Link } from 'react-router';
import { SearchBox } from '../search/search-box';
import * as m from '@store/shared/i18n/messages';
import * as messages from '@store/shared/messages';

const POPULAR = [
  { href: '/all-product/?on_sale=true', label: m.notfound_on_sale },
  { href: '/all-product/?sort=newest', label: m.notfound_new },
  { href: '/all-product/?sort=top_rated', label: m.notfound_top_rated },
  { href: '/toys', label: m.shell_dept_toys },
  { href: '/home', label: m.notfound_home_living },
  { href: '/sport', label: m.shell_dept_sport },
  { href: '/blog', label: m.blog_title },
];

/** The branded not-found page: /404, unknown paths and every thrown 404. */
export function NotFoundView() {
  return (
    <main className="mx-auto max-w-2xl px-5 py-14 text-center lg:py-24">
      {/* A watermark, drawn by CSS: it is decoration (the heading says it), so it is not text to read or contrast-check. */}
      <p
        aria-hidden="true"
        className="font-serif text-[5.5rem] font-semibold leading-none text-brand/15 before:content-['404'] lg:text-[8rem]"
      />
      <h1 className="-mt-4 text-2xl font-bold tracking-tight text-ink lg:-mt-6 lg:text-3xl">{m.notfound_title()}</h1>
      <p className="mx-auto mt-3 max-w-md text-neutral-600">{m.notfound_text()}</p>
      <div className="mx-auto mt-8 max-w-md text-left">
        <SearchBox variant="desktop" label={m.notfound_search_label()} />
      </div>
      <ul className="mt-8 flex flex-wrap justify-center gap-2" aria-label={m.notfound_popular()}>
        {POPULAR.map((p) => (
          <li key={p.href}>
            <Link
              to={p.href}
              className="inline-block rounded-full border border-line px-4 py-2 text-sm font-medium text-ink hover:border-brand hover:text-brand"
            >
              {p.label()}
            </Link>
          </li>
        ))}
      </ul>
      <Link
        to="/"
        className="mt-10 inline-flex items-center justify-center rounded-full bg-brand px-8 py-3 font-semibold text-white hover:bg-brand-dark"
      >
        {messages.continueShopping()}
      </Link>
    </main>
  );
}
