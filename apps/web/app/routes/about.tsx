import { NavLink } from 'react-router';
import type { Page } from '@store/shared/content';
import { ContentArticle } from '../components/layout/content-article';
import { apiGet } from '../lib/api.server';
import { pagePathname } from '../lib/request-path';
import { pageTitle } from '../lib/seo';
import type { Route } from './+types/about';
import * as m from '@store/shared/i18n/messages';

/** /about-us/terms-conditions and /about-us/privacy-policy show the pages of the same handles. */
const ABOUT_PAGES = [
  { path: '/about-us/terms-conditions', handle: 'terms-conditions', label: m.footer_terms },
  { path: '/about-us/privacy-policy', handle: 'privacy-policy', label: m.footer_privacy },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const pathname = pagePathname(request).replace(/\/$/, '');
  const handle = ABOUT_PAGES.find((p) => pathname === p.path)?.handle ?? 'terms-conditions';
  const { data: page } = await apiGet<{ data: Page }>(context, `/pages/${handle}/`);
  return page;
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? [{ title: pageTitle(loaderData.meta_title) }, { name: 'description', content: loaderData.meta_description }] : [];

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const aside = (
    <nav aria-label={m.about_us()} className="mb-8 lg:mb-0">
      <p className="mb-3 text-xs font-bold uppercase tracking-wider text-muted">{m.about_us()}</p>
      <ul className="flex gap-2 lg:flex-col lg:gap-1">
        {ABOUT_PAGES.map((p) => (
          <li key={p.path}>
            <NavLink
              to={p.path}
              className={({ isActive }) =>
                `block rounded-full px-4 py-2 text-sm lg:rounded-lg ${isActive ? 'bg-brand-soft font-semibold text-brand-dark' : 'text-neutral-700 hover:bg-neutral-100'}`
              }
            >
              {p.label()}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
  return <ContentArticle title={loaderData.title} bodyHtml={loaderData.body_html} aside={aside} />;
}
