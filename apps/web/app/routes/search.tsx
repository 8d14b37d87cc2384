import { data, redirect } from 'react-router';
import type { SearchResponse } from '@store/shared/search';
import { normalizeSearchTerm, searchResultsPath } from '@store/shared/search-terms';
import { correctListingQuery, redirectPastLastPage } from '../features/catalog/listing-corrections.server';
import { apiListingQuery } from '../features/catalog/listing-query';
import { ListingView, ProductGrid } from '../features/catalog/listing-view';
import { notFoundResponse, pageTitle } from '../features/catalog/route-helpers';
import { apiTry } from '../lib/api.server';
import { sectionDepartment } from '../lib/department';
import { pageUrl } from '../lib/request-path';
import type { Route } from './+types/search';
import * as m from '@store/shared/i18n/messages';

/**
 * /product/?search=… (and /kids/product/, /home/product/, /sports/product/): the search results of
 * the section's department, with the listing's filters, sort and pages. A redirect word answers
 * with an HTTP redirect; a term that matches nothing shows popular products instead.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const section = sectionDepartment(params.section, request);
  if (section === null) notFoundResponse();
  const department = section ?? '';
  const url = pageUrl(request);
  const term = normalizeSearchTerm(url.searchParams.get('search') ?? '');
  // Filter values the results cannot use are left out or put right here, and said, rather than refused.
  const { search, notices } = correctListingQuery(url.searchParams, { department });
  const query = new URLSearchParams(apiListingQuery(search, { department }));
  query.set('search', term);
  const result = await apiTry<SearchResponse>(context, `/products/?${query}`);
  // Still refused after the corrections would be a bug of ours, shown to the shopper as plain words.
  if (!result.ok && result.error.code !== 'validation_failed')
    throw data(result.error, { status: result.status >= 500 ? 502 : result.status });
  if (result.ok && result.data.redirect) throw redirect(result.data.redirect);
  const basePath = searchResultsPath(department);
  if (result.ok) redirectPastLastPage(basePath, url, result.data);
  return data(
    {
      results: result.ok ? result.data : null,
      error: result.ok ? null : result.error,
      department,
      term,
      basePath,
      query: search.toString(),
      notices,
    },
    { status: result.ok ? 200 : 400 },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const term = loaderData?.term ?? '';
  return [
    { title: pageTitle(term ? m.search_results_for({ term }) : m.search_title()) },
    // Result pages are endless and thin: search engines should follow them, not index them.
    { name: 'robots', content: 'noindex, follow' },
  ];
};

function Heading({ term }: { term: string }) {
  return (
    <div>
      <p className="text-xs font-semibold tracking-[0.08em] text-muted uppercase">{m.search_results()}</p>
      <h1 className="mt-1 text-2xl font-semibold tracking-tight wrap-anywhere text-ink lg:text-3xl">
        {term ? `“${term}”` : m.search_title()}
      </h1>
    </div>
  );
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { results, error, department, term, basePath, query, notices } = loaderData;

  // Nothing matched the term at all (not merely the filters): say so and offer popular products.
  if (results && results.count === 0 && results.message) {
    return (
      <main className="mx-auto max-w-7xl px-4 pt-5 pb-16 lg:px-8 lg:pt-8">
        <Heading term={term} />
        <p
          role="status"
          className="mt-6 rounded-2xl bg-brand-soft px-5 py-4 text-sm wrap-anywhere text-ink"
          data-testid="search-no-results"
        >
          {results.message}
        </p>
        {results.search_no_response_products.length > 0 && (
          <section aria-labelledby="popular-heading" className="mt-8">
            <h2 id="popular-heading" className="mb-4 text-lg font-semibold text-ink">
              {m.search_popular_now()}
            </h2>
            <ProductGrid products={results.search_no_response_products} />
          </section>
        )}
      </main>
    );
  }

  return (
    <ListingView
      basePath={basePath}
      search={new URLSearchParams(query)}
      list={results}
      error={error}
      notices={notices}
      scope={{ department }}
      heading={<Heading term={term} />}
    />
  );
}
