import { hrefHere } from '../lib/locale';
import { data } from 'react-router';
import type { ProductListResponse } from '@store/shared/catalog';
import { correctListingQuery, redirectPastLastPage } from '../features/catalog/listing-corrections.server';
import { apiListingQuery, listingHeading, listingHref, readListingState } from '../features/catalog/listing-query';
import { ListingView } from '../features/catalog/listing-view';
import { notFoundResponse, pageTitle, requestOrigin } from '../features/catalog/route-helpers';
import { apiTry } from '../lib/api.server';
import { sectionDepartment } from '../lib/department';
import { takaFontLinks } from '../features/catalog/taka-font';
import { pageUrl } from '../lib/request-path';
import type { Route } from './+types/listing';
import * as m from '@store/shared/i18n/messages';
import { formatCount } from '../lib/format';

export const links: Route.LinksFunction = () => [...takaFontLinks()];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const department = sectionDepartment(params.section, request);
  if (department === null) notFoundResponse();
  const url = pageUrl(request);
  const scope = department === undefined ? {} : { department };
  const basePath = params.section ? `/${params.section}/all-product/` : '/all-product/';
  // Values the listing cannot use are left out or put right here, and said, rather than refused.
  const { search, notices } = correctListingQuery(url.searchParams, scope);
  const result = await apiTry<ProductListResponse>(context, `/products/?${apiListingQuery(search, scope)}`);
  // Still refused after the corrections would be a bug of ours, shown to the shopper as plain words.
  if (!result.ok && result.error.code !== 'validation_failed')
    throw data(result.error, { status: result.status >= 500 ? 502 : result.status });
  if (result.ok) redirectPastLastPage(basePath, url, result.data);
  return data(
    {
      list: result.ok ? result.data : null,
      error: result.ok ? null : result.error,
      department,
      basePath,
      query: search.toString(),
      notices,
      heading: listingHeading(department, search, result.ok ? result.data.collection : null),
      canonical: `${requestOrigin(request)}${hrefHere(listingHref(basePath, search))}`,
    },
    { status: result.ok ? 200 : 400 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return [{ title: pageTitle(m.listing_all_products()) }];
  const title = data.heading;
  const page = readListingState(new URLSearchParams(data.query)).page;
  const count = data.list?.count;
  return [
    { title: pageTitle(page > 1 ? m.meta_page_n({ title, page: formatCount(page) }) : title) },
    {
      name: 'description',
      content: m.meta_listing_description({
        count: count !== undefined ? `${formatCount(count)} ` : '',
        what: title.toLowerCase().replace(/^all /, ''),
      }),
    },
    { tagName: 'link', rel: 'canonical', href: data.canonical },
    ...(data.error ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
};

export default function Listing({ loaderData }: Route.ComponentProps) {
  const { list, error, department, basePath, query, notices, heading } = loaderData;
  return (
    <ListingView
      basePath={basePath}
      search={new URLSearchParams(query)}
      list={list}
      error={error}
      notices={notices}
      scope={department === undefined ? {} : { department }}
      heading={<h1 className="text-2xl font-semibold tracking-tight text-ink lg:text-3xl">{heading}</h1>}
    />
  );
}
