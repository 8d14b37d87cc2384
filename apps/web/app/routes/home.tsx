import { hrefHere } from '../lib/locale';
import type { HomeResponse } from '@store/shared/content';
import { DEPARTMENT_HOME_PATHS } from '@store/shared/constants';
import { HeroBanners, PromoBanners } from '../features/catalog/banners';
import { departmentLabel, sectionPrefix } from '../features/catalog/departments';
import { ProductSlider } from '../features/catalog/product-slider';
import { pageTitle, requestOrigin } from '../features/catalog/route-helpers';
import { apiGet } from '../lib/api.server';
import { departmentFromPath } from '../lib/department';
import { takaFontLinks } from '../features/catalog/taka-font';
import type { Route } from './+types/home';
import { pagePathname } from '../lib/request-path';
import * as m from '@store/shared/i18n/messages';

export const links: Route.LinksFunction = () => [...takaFontLinks()];

const DESCRIPTIONS: Record<string, () => string> = {
  '': m.meta_home_beauty,
  toys: m.meta_home_toys,
  home: m.meta_home_home,
  sport: m.meta_home_sport,
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const department = departmentFromPath(pagePathname(request));
  const { data } = await apiGet<{ data: HomeResponse }>(context, `/home/?department=${department}`);
  return { home: data, department, canonical: `${requestOrigin(request)}${hrefHere(DEPARTMENT_HOME_PATHS[department])}` };
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return [{ title: pageTitle() }];
  const title =
    data.department === ''
      ? pageTitle(m.meta_home_title())
      : pageTitle(m.meta_department_title({ department: departmentLabel(data.department) }));
  return [
    { title },
    { name: 'description', content: (DESCRIPTIONS[data.department] ?? DESCRIPTIONS['']!)() },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
    { property: 'og:title', content: title },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: data.canonical },
  ];
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { home, department } = loaderData;
  const hero = home.banners.filter((b) => b.placement === 'hero');
  const promos = home.banners.filter((b) => b.placement === 'promo');
  const [first, ...rest] = home.sections;
  const listing = `${sectionPrefix(department)}/all-product/`;
  return (
    <main className="flex flex-col gap-10 pb-16 lg:gap-14">
      <h1 className="sr-only">
        {department === '' ? m.home_heading() : m.home_heading_department({ department: departmentLabel(department) })}
      </h1>
      <HeroBanners banners={hero} />
      {first && (
        <ProductSlider title={first.title} products={first.products} context="home" href={`${listing}?collection=${first.handle}`} eager />
      )}
      <PromoBanners banners={promos} />
      {rest.map((s) => (
        <ProductSlider key={s.id} title={s.title} products={s.products} context="home" href={`${listing}?collection=${s.handle}`} />
      ))}
      {home.sections.length === 0 && hero.length === 0 && (
        <p className="mx-auto max-w-7xl px-4 py-20 text-center text-muted">
          {m.home_empty_before()}{' '}
          <a className="text-brand underline" href={hrefHere(listing)}>
            {m.home_empty_link()}
          </a>
          {m.home_empty_after()}
        </p>
      )}
    </main>
  );
}
