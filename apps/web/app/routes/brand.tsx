import { hrefHere } from '../lib/locale';
import { data } from 'react-router';
import type { BrandSummary, ProductListResponse } from '@store/shared/catalog';
import type { DepartmentKey } from '@store/shared/constants';
import { correctListingQuery, redirectPastLastPage } from '../features/catalog/listing-corrections.server';
import { apiListingQuery, listingHref, readListingState } from '../features/catalog/listing-query';
import { ListingView } from '../features/catalog/listing-view';
import { namesNothing, notFoundResponse, pageTitle, requestOrigin } from '../features/catalog/route-helpers';
import { truncate } from '../features/catalog/seo';
import { apiTry } from '../lib/api.server';
import { sectionDepartment } from '../lib/department';
import { takaFontLinks } from '../features/catalog/taka-font';
import { pageUrl } from '../lib/request-path';
import type { Route } from './+types/brand';
import * as m from '@store/shared/i18n/messages';
import { formatCount } from '../lib/format';

export const links: Route.LinksFunction = () => [...takaFontLinks()];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (sectionDepartment(params.section, request) === null) notFoundResponse();
  const url = pageUrl(request);
  const handle = params.brand.toLowerCase();
  // Filter values the page cannot use are left out or put right here, and said, rather than refused.
  const { search, notices } = correctListingQuery(url.searchParams, { brand: handle });
  const [brand, list] = await Promise.all([
    apiTry<{ data: BrandSummary }>(context, `/brands/${encodeURIComponent(handle)}/`),
    apiTry<ProductListResponse>(context, `/products/?${apiListingQuery(search, { brand: handle })}`),
  ]);
  // An unknown brand, or a handle the API refuses, is a page that does not exist.
  if (!brand.ok) {
    if (namesNothing(brand.error.code)) notFoundResponse();
    throw data(brand.error, { status: 502 });
  }
  if (!list.ok && list.error.code !== 'validation_failed') throw data(list.error, { status: 502 });
  const basePath = `${params.section ? `/${params.section}` : ''}/brand/${handle}`;
  if (list.ok) redirectPastLastPage(basePath, url, list.data);
  return data(
    {
      brand: brand.data.data,
      list: list.ok ? list.data : null,
      error: list.ok ? null : list.error,
      basePath,
      query: search.toString(),
      notices,
      canonical: `${requestOrigin(request)}${hrefHere(listingHref(`/brand/${handle}`, search))}`,
    },
    { status: list.ok ? 200 : 400 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return [{ title: pageTitle(m.brand_not_found()) }];
  const page = readListingState(new URLSearchParams(data.query)).page;
  const { brand } = data;
  return [
    {
      title: pageTitle(
        page > 1
          ? m.meta_page_n({ title: brand.name, page: formatCount(page) })
          : m.meta_brand_title({ brand: brand.name, count: formatCount(brand.product_count) }),
      ),
    },
    {
      name: 'description',
      content: truncate(brand.description || m.meta_brand_description({ brand: brand.name }), 160),
    },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
    ...(data.error ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
};

export default function Brand({ loaderData }: Route.ComponentProps) {
  const { brand, list, error, basePath, query, notices } = loaderData;
  return (
    <ListingView
      basePath={basePath}
      search={new URLSearchParams(query)}
      list={list}
      error={error}
      notices={notices}
      scope={{ brand: brand.handle, department: brand.department as DepartmentKey }}
      heading={
        <>
          <p className="text-xs font-semibold uppercase tracking-[0.12em] text-brand">{m.brand_kicker()}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-ink lg:text-4xl">{brand.name}</h1>
        </>
      }
      intro={brand.description ? <p className="mt-3 max-w-3xl text-sm leading-6 text-muted lg:text-base">{brand.description}</p> : null}
    />
  );
}
