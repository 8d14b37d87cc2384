import { hrefHere } from '../lib/locale';
import { data, Link, useLocation, type ShouldRevalidateFunctionArgs } from 'react-router';
import type { ProductCard, ProductDetail } from '@store/shared/catalog';
import type { SiteSettings } from '@store/shared/content';
import { Breadcrumbs } from '../features/catalog/breadcrumbs';
import { Gallery } from '../features/catalog/gallery';
import { perfumeTypeLabel } from '../features/catalog/perfume-type';
import { variantPrice } from '../features/catalog/price';
import { PriceLine } from '../features/catalog/price-line';
import { ProductPurchase } from '../features/catalog/product-purchase';
import { HydrateSeparately } from '../preact/hydrate-separately';
import { ProductSlider } from '../features/catalog/product-slider';
import { RatingStars } from '../features/catalog/rating-stars';
import { Reviews } from '../features/catalog/reviews';
import { namesNothing, notFoundResponse, pageTitle, requestOrigin } from '../features/catalog/route-helpers';
import { breadcrumbJsonLd, productCrumbs, productJsonLd, productSeo } from '../features/catalog/seo';
import { hasChoice, selectedVariant, variantGroupLabel } from '../features/catalog/variant-label';
import { VariantPicker } from '../features/catalog/variant-picker';
import { apiTry } from '../lib/api.server';
import { sectionDepartment } from '../lib/department';
import { takaFontLinks } from '../features/catalog/taka-font';
import type { Route } from './+types/product';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatDigits } from '../lib/format';

export const links: Route.LinksFunction = () => [...takaFontLinks()];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (sectionDepartment(params.section, request) === null) notFoundResponse();
  const path = `/products/${encodeURIComponent(params.brand)}/${encodeURIComponent(params.product)}/`;
  const [detail, related, settings] = await Promise.all([
    apiTry<{ data: ProductDetail }>(context, path),
    apiTry<{ data: ProductCard[] }>(context, `${path}related/`),
    apiTry<{ data: SiteSettings }>(context, '/settings/'),
  ]);
  if (!detail.ok) {
    // A handle the API refuses names no product either.
    if (namesNothing(detail.error.code)) notFoundResponse();
    throw data(detail.error, { status: 502 });
  }
  const product = detail.data.data;
  const origin = requestOrigin(request);
  const crumbs = productCrumbs(product);
  return {
    product,
    related: related.ok ? related.data.data : [],
    supportPhone: settings.ok ? settings.data.data.support_phone : '',
    origin,
    crumbs,
    // Built here, so the SEO code stays on the server; `meta` only places it.
    seo: { ...productSeo(product), jsonLd: [productJsonLd(product, origin), breadcrumbJsonLd(crumbs, origin)] },
  };
}

/** Choosing a variant only changes ?variant=: the page already has every variant, so skip the reload. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod === undefined && currentUrl.pathname === nextUrl.pathname) {
    const strip = (u: URL) => {
      const s = new URLSearchParams(u.search);
      s.delete('variant');
      return s.toString();
    };
    if (strip(currentUrl) === strip(nextUrl)) return false;
  }
  return defaultShouldRevalidate;
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  if (!data) return [{ title: pageTitle(m.product_not_found()) }];
  const { product, origin, seo } = data;
  const canonical = `${origin}${hrefHere(product.url)}`;
  const image = product.images[0];
  return [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    { property: 'og:type', content: 'product' },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: canonical },
    ...(image ? [{ property: 'og:image', content: `${origin}${image.original}` }] : []),
    // In `meta`, so React Router removes it when the shopper navigates to another page (SPEC §2).
    ...seo.jsonLd.map((json) => ({ 'script:ld+json': json })),
  ];
};

export default function Product({ loaderData }: Route.ComponentProps) {
  const { product, related, supportPhone, crumbs } = loaderData;
  const search = new URLSearchParams(useLocation().search);
  const variant = selectedVariant(product.product_variants, search.get('variant'));
  const perfume = perfumeTypeLabel(product.tags);
  return (
    <main className="pb-16">
      <div className="mx-auto max-w-7xl px-4 pt-4 lg:px-8 lg:pt-6">
        <Breadcrumbs crumbs={crumbs} />
        <div className="mt-4 grid gap-6 lg:mt-6 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12">
          <Gallery key={product.id} images={product.images} name={product.name} />
          <div className="flex flex-col gap-5 lg:sticky lg:top-36 lg:self-start">
            <div className="flex flex-col gap-2">
              <Link
                to={`/brand/${product.brand_ref.handle}`}
                className="w-fit text-xs font-semibold uppercase tracking-[0.12em] text-brand hover:underline"
              >
                {product.brand}
              </Link>
              <h1 className="text-2xl font-semibold leading-tight tracking-tight text-ink lg:text-3xl">{product.name}</h1>
              <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
                {product.review_count > 0 ? (
                  <a href="#reviews" className="inline-flex items-center gap-1.5 text-sm text-muted hover:text-ink">
                    <RatingStars value={product.rating} className="text-sm" />
                    <span>
                      {(product.review_count === 1 ? m.product_reviews_one : m.product_reviews_other)({
                        rating: formatDigits(product.rating.toFixed(1)),
                        count: formatCount(product.review_count),
                      })}
                    </span>
                  </a>
                ) : (
                  <span className="text-sm text-muted">{m.product_no_reviews()}</span>
                )}
                {perfume && (
                  <span className="rounded-full bg-brand-soft px-2.5 py-1 text-xs font-medium text-brand-dark" data-testid="perfume-type">
                    {perfume}
                  </span>
                )}
              </div>
            </div>
            {variant && (
              <div className="flex flex-wrap items-center gap-3 border-y border-line py-4">
                <PriceLine view={variantPrice(variant, product.max_discount.show_on_detail_page)} className="text-2xl" />
                {product.max_discount.show_on_detail_page && variant.discount > 0 && (
                  <span className="rounded-full bg-brand px-2.5 py-1 text-xs font-semibold text-white" data-testid="discount-badge">
                    -{formatDigits(String(variant.discount))}%
                  </span>
                )}
              </div>
            )}
            {variant && hasChoice(product.product_variants) && (
              <VariantPicker
                variants={product.product_variants}
                selectedId={variant.variant_id}
                label={variantGroupLabel(product.product_variants, product.department)}
                search={search}
              />
            )}
            {variant ? (
              <ProductPurchase key={variant.variant_id} product={product} variant={variant} supportPhone={supportPhone} />
            ) : (
              <p className="text-sm text-muted">{m.product_not_for_sale()}</p>
            )}
            {variant && <p className="text-xs text-muted">{m.product_sku({ sku: variant.sku })}</p>}
          </div>
        </div>
        <div className="mt-12 grid gap-12 lg:mt-16 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-12">
          <section aria-labelledby="description-title">
            <h2 id="description-title" className="text-lg font-semibold tracking-tight text-ink lg:text-2xl">
              {m.product_description()}
            </h2>
            <div
              className="rich-text mt-4"
              // body_html is sanitised by the API (apps/api/src/lib/sanitize.ts) on write and on read.
              dangerouslySetInnerHTML={{ __html: product.body_html }}
            />
          </section>
          {/* Below the fold, and a good share of the page's hydration: in a task of its own. */}
          <HydrateSeparately>
            <Reviews productId={product.id} reviews={product.reviews} rating={product.rating} count={product.review_count} />
          </HydrateSeparately>
        </div>
      </div>
      {related.length > 0 && (
        <div className="mt-14 lg:mt-20">
          <ProductSlider title={m.product_related()} products={related} context="listing" />
        </div>
      )}
    </main>
  );
}
