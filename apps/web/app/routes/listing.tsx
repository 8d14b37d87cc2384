import { data, useLocation } from 'react-router';
import type { ProductListResponse } from '@store/shared/catalog';
import { departmentForSection, departmentLabel } from '../features/catalog/departments';
import { apiListingQuery, listingHref, readListingState } from '../features/catalog/listing-query';
import { ListingView } from '../features/catalog/listing-view';
import { notFoundResponse, pageTitle, requestOrigin } from '../features/catalog/route-helpers';
import { apiTry } from '../lib/api.server';
import { takaFontLinks } from '../features/catalog/taka-font';
import type { Route } from './+types/listing';

export const links: Route.LinksFunction = () => [...takaFontLinks()];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const department = departmentForSection(params.section);
  if (department === null) notFoundResponse();
  const url = new URL(request.url);
  const scope = department === undefined ? {} : { department };
  const result = await apiTry<ProductListResponse>(context, `/products/?${apiListingQuery(url.searchParams, scope)}`);
  // A bad link (page=0, sort=cheap) is the shopper's, not ours: a friendly message with a 400 status.
  if (!result.ok && result.status !== 400) throw data(result.error, { status: result.status >= 500 ? 502 : result.status });
  const basePath = params.section ? `/${params.section}/all-product/` : '/all-product/';
  return data(
    {
      list: result.ok ? result.data : null,
      error: result.ok ? null : result.error,
      department,
      basePath,
      canonical: `${requestOrigin(request)}${listingHref(basePath, url.searchParams)}`,
    },
    { status: result.ok ? 200 : 400 },
  );
}

function heading(department: string | undefined, search: URLSearchParams): string {
  const dept =
    department ??
    (search.get('department') ? departmentLabel(search.get('department') === 'beauty' ? '' : (search.get('department') ?? '')) : null);
  return dept ? `All ${dept.toLowerCase()} products` : 'All products';
}

export const meta: Route.MetaFunction = ({ loaderData: data, location }) => {
  const search = new URLSearchParams(location.search);
  const title = heading(data?.department, search);
  const page = readListingState(search).page;
  const count = data?.list?.count;
  return [
    { title: pageTitle(page > 1 ? `${title} – page ${page}` : title) },
    {
      name: 'description',
      content: `${count !== undefined ? `${count} ` : ''}${title.toLowerCase().replace(/^all /, '')} at Glow Bazaar: authentic brands, prices in taka, cash on delivery across Bangladesh.`,
    },
    ...(data ? [{ tagName: 'link', rel: 'canonical', href: data.canonical }] : []),
    ...(data?.error ? [{ name: 'robots', content: 'noindex' }] : []),
  ];
};

export default function Listing({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const { list, error, department, basePath } = loaderData;
  const title = heading(department, search);
  return (
    <ListingView
      basePath={basePath}
      search={search}
      list={list}
      error={error}
      scope={department === undefined ? {} : { department }}
      heading={<h1 className="text-2xl font-semibold tracking-tight text-ink lg:text-3xl">{title}</h1>}
    />
  );
}
