import { LOCALE, hrefHere } from '../../lib/locale';
import { CURRENCY, DEPARTMENT_HOME_PATHS, type DepartmentKey } from '@store/shared/constants';
import { departmentLabel, sectionPrefix } from './departments';
import type { ProductDetail } from '@store/shared/catalog';
import * as m from '@store/shared/i18n/messages';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of trusted, sanitised HTML: tags dropped, common entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  return (
    html
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
      // Block boundaries become spaces; inline tags (<b>, <a>) vanish so 'rose</b>.' stays 'rose.'.
      .replace(/<\/?(p|div|br|li|ul|ol|h[1-6]|tr|td|th|table|section|article|blockquote|hr)\b[^>]*>/gi, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/&(#\d+|#x[\da-f]+|[a-z]+\d*);/gi, (m, name: string) => {
        if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
        if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
        return ENTITIES[name.toLowerCase()] ?? m;
      })
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** At most `max` characters, cut at a word boundary when one is near, with an ellipsis when cut. */
export function truncate(text: string, max = 160): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function metafield(p: Pick<ProductDetail, 'metafields'>, key: string): string | null {
  const value = p.metafields.find((m) => m.key === key)?.value.trim();
  return value ? value : null;
}

/**
 * The page title and meta description of a product: its title_tag and description_tag metafields
 * first. Staff write those in English, so a Bangla page builds its own from the name and the
 * description, which the API sends in Bangla where the product has them.
 */
export function productSeo(p: Pick<ProductDetail, 'metafields' | 'name' | 'brand' | 'body_html'>): { title: string; description: string } {
  const tag = (key: string) => (LOCALE === 'en' ? metafield(p, key) : null);
  return {
    title: tag('title_tag') ?? `${p.name} | ${p.brand}`,
    description: tag('description_tag') ?? truncate(htmlToText(p.body_html), 160),
  };
}

export type Crumb = { name: string; path: string };

const absolute = (origin: string, path: string) => new URL(path, origin).toString();
/** A page of the shop in this build's language (media and the API have no language). */
const pageAt = (origin: string, path: string) => absolute(origin, hrefHere(path));
const taka = (poisha: number) => Math.round(poisha / 100);

/** schema.org BreadcrumbList for the crumbs shown on the page. */
export function breadcrumbJsonLd(crumbs: readonly Crumb[], origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: pageAt(origin, c.path) })),
  };
}

/**
 * schema.org Product: one Offer per variant in BDT (price in whole taka, after discount), new
 * condition, in or out of stock; AggregateRating only when the product has reviews (SPEC §9).
 */
export function productJsonLd(p: ProductDetail, origin: string) {
  const url = pageAt(origin, p.url);
  const offers = p.product_variants.map((v) => ({
    '@type': 'Offer',
    sku: v.sku,
    name: v.title,
    price: taka(v.discounted_price),
    priceCurrency: CURRENCY,
    availability: v.in_stock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
    url: p.product_variants.length > 1 ? `${url}?variant=${v.variant_id}` : url,
  }));
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    image: p.images.map((i) => absolute(origin, i.original)),
    description: metafield(p, 'description_tag') ?? truncate(htmlToText(p.body_html), 5000),
    sku: p.product_variants[0]?.sku,
    brand: { '@type': 'Brand', name: p.brand },
    url,
    offers: offers.length === 1 ? offers[0] : offers,
    ...(p.review_count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: p.rating,
            reviewCount: p.review_count,
            bestRating: 5,
            worstRating: 1,
          },
          // The approved reviews the page shows (the API returns no other), newest first.
          review: p.reviews.slice(0, 10).map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.name },
            datePublished: r.created_at.slice(0, 10),
            reviewBody: r.text,
            reviewRating: { '@type': 'Rating', ratingValue: r.star, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}

/** Home > Department > Category > Product. Beauty's department crumb is its listing, since its home is Home. */
export function productCrumbs(p: Pick<ProductDetail, 'department' | 'category' | 'name' | 'url'>): Crumb[] {
  const dept = p.department as DepartmentKey;
  const crumbs: Crumb[] = [{ name: m.shell_home(), path: '/' }];
  crumbs.push({
    name: departmentLabel(dept),
    path: dept === '' ? '/all-product/?department=beauty' : (DEPARTMENT_HOME_PATHS[dept] ?? '/'),
  });
  if (p.category)
    crumbs.push({ name: p.category.name, path: `${sectionPrefix(dept)}/all-product/?category=${encodeURIComponent(p.category.handle)}` });
  crumbs.push({ name: p.name, path: p.url });
  return crumbs;
}
