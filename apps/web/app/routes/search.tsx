import { data, redirect, useLocation } from 'react-router';
import type { SearchResponse } from '@store/shared/search';
import { normalizeSearchTerm, searchResultsPath } from '@store/shared/search-terms';
import { departmentForSection } from '../features/catalog/departments';
import { apiListingQuery } from '../features/catalog/listing-query';
import { ListingView, ProductGrid } from '../features/catalog/listing-view';
import { notFoundResponse, pageTitle } from '../features/catalog/route-helpers';
import { apiTry } from '../lib/api.server';
import type { Route } from './+types/search';

/**
 * /product/?search=… (and /kids/product/, /home/product/, /sports/product/): the search results of
 * the section's department, with the listing's filters, sort and pages. A redirect word answers
 * with an HTTP redirect; a term that matches nothing shows popular products instead.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const section = departmentForSection(params.section);
  if (section === null) notFoundResponse();
  const department = section ?? '';
  const url = new URL(request.url);
  const term = normalizeSearchTerm(url.searchParams.get('search') ?? '');
  const query = new URLSearchParams(apiListingQuery(url.searchParams, { department }));
  query.set('search', term);
  const result = await apiTry<SearchResponse>(context, `/products/?${query}`);
  // A bad filter in a shared link is the shopper's, not ours: a friendly message with a 400 status.
  if (!result.ok && result.status !== 400) throw data(result.error, { status: result.status >= 500 ? 502 : result.status });
  if (result.ok && result.data.redirect) throw redirect(result.data.redirect);
  return data(
    {
      results: result.ok ? result.data : null,
      error: result.ok ? null : result.error,
      department,
      term,
      basePath: searchResultsPath(department),
    },
    { status: result.ok ? 200 : 400 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const term = loaderData?.term ?? '';
  return [
    { title: pageTitle(term ? `Search results for "${term}"` : 'Search') },
    // Result pages are endless and thin: search engines should follow them, not index them.
    { name: 'robots', content: 'noindex, follow' },
  ];
};

function Heading({ term }: { term: string }) {
  return (
    <div>
      <p className="text-xs font-semibold tracking-[0.08em] text-muted uppercase">Search results</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-ink lg:text-3xl">{term ? `“${term}”` : 'Search'}</h1>
    </div>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const { results, error, department, term, basePath } = loaderData;

  // Nothing matched the term at all (not merely the filters): say so and offer popular products.
  if (results && results.count === 0 && results.message) {
    return (
      <div className="mx-auto max-w-7xl px-4 pt-5 pb-16 lg:px-8 lg:pt-8">
        <Heading term={term} />
        <p role="status" className="mt-6 rounded-2xl bg-brand-soft px-5 py-4 text-sm text-ink" data-testid="search-no-results">
          {results.message}
        </p>
        {results.search_no_response_products.length > 0 && (
          <section aria-labelledby="popular-heading" className="mt-8">
            <h2 id="popular-heading" className="mb-4 text-lg font-semibold text-ink">
              Popular right now
            </h2>
            <ProductGrid products={results.search_no_response_products} />
          </section>
        )}
      </div>
    );
  }

  return (
    <ListingView
      basePath={basePath}
      search={search}
      list={results}
      error={error}
      scope={{ department }}
      heading={<Heading term={term} />}
    />
  );
}
