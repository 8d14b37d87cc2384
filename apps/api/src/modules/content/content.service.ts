import { and, asc, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { ProductCard } from '@store/shared/catalog';
import type {
  Banner,
  BasicSettings,
  BlogPost,
  BlogPostSummary,
  FooterGroup,
  HomeResponse,
  NavItem,
  Page,
  PromoteEntry,
  PublicConfig,
  SiteConfig,
  SiteSettings,
  StoreLocation,
} from '@store/shared/content';
import type { Env } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { sanitizeBodyHtml } from '../../lib/sanitize.js';
import { contentChanged, onContentChange } from '../../lib/content-changes.js';
import { SharedCache } from '../../lib/shared-cache.js';
import { collectionProducts, collections, departments } from '../catalog/catalog.tables.js';
import { getCards, getCardsByHandle } from '../catalog/catalog.service.js';
import { banners, blogPosts, footerGroups, footerLinks, navItems, pages, settings, storeLocations } from './content.tables.js';

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  SMS_TIMER: 2,
  OTP_VALIDITY: 5,
  shipping_fees: { same_day: 15000, standard_inside_dhaka: 6000, dhaka_suburb: 10000, outside_dhaka: 13000 },
  site_under_maintenance: false,
  support_phone: '+8809610001010',
  support_email: 'care@glowbazaar.com.bd',
  whatsapp_number: '+8801711000000',
};

export const DEFAULT_BASIC_SETTINGS: BasicSettings = {
  site_under_maintenance: false,
  logo: null,
  logo_logged: null,
  colours: {
    general: { main: '#c2185b', separator: '#f3d1dc', font: '#1f1f1f' },
    registered: { main: '#8e24aa', separator: '#e6d0ee', font: '#1f1f1f' },
  },
};

/** Settings change rarely and are read on every page: a few seconds of staleness buys a lot. */
const cache = new SharedCache<unknown>(5_000, 100);
onContentChange(() => cache.clear());

/** Forgets every cached read in this process (after a seed run, between tests). */
export function clearContentCaches() {
  contentChanged();
}

/** The stored value of a setting (possibly partial, possibly absent); callers merge their own defaults. */
async function readStoredSetting(db: Db, key: string): Promise<Record<string, unknown>> {
  return cache.get(`setting:${key}`, async () => {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    return (row?.value as Record<string, unknown> | undefined) ?? {};
  }) as Promise<Record<string, unknown>>;
}

async function readSetting<T extends object>(db: Db, key: string, fallback: T): Promise<T> {
  return { ...fallback, ...((await readStoredSetting(db, key)) as Partial<T>) };
}

export async function writeSetting(db: Db, key: string, value: object): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  cache.clear();
}

/** Shallow-merges a patch into a stored setting (the development settings endpoint). */
export async function patchSetting(db: Db, key: string, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  cache.clear();
  const value = { ...(await readStoredSetting(db, key)), ...patch };
  await writeSetting(db, key, value);
  contentChanged();
  return value;
}

export const getSiteSettings = (db: Db) => readSetting(db, 'site', DEFAULT_SITE_SETTINGS);

export async function getBasicSettings(db: Db): Promise<BasicSettings> {
  const [basic, site] = await Promise.all([readSetting(db, 'basic', DEFAULT_BASIC_SETTINGS), getSiteSettings(db)]);
  // One switch: the maintenance flag of the site settings is the one that counts.
  return { ...basic, site_under_maintenance: site.site_under_maintenance };
}

type NavRow = typeof navItems.$inferSelect;

async function resolvePromotes(db: Db, rows: NavRow[]): Promise<Map<number, PromoteEntry[]>> {
  const handles = [...new Set(rows.flatMap((r) => r.promote.flatMap((p) => (p.type === 'product' ? p.productHandles : []))))];
  const cards = new Map<string, ProductCard>((await getCardsByHandle(db, handles)).map((c) => [c.handle, c]));
  return new Map(
    rows.map((r) => [
      r.id,
      r.promote.map((p): PromoteEntry =>
        p.type === 'product'
          ? { type: 'product', value: { headline: p.headline, products: p.productHandles.flatMap((h) => cards.get(h) ?? []) } }
          : { type: 'promote_page_for_menu', value: { title: p.title, page: p.page, image: p.image, open_in_new_tab: p.open_in_new_tab } },
      ),
    ]),
  );
}

export async function getNavigation(db: Db, menu: 'beauty' | 'kids'): Promise<NavItem[]> {
  return cache.get(`nav:${menu}`, async () => {
    const rows = await db.select().from(navItems).where(eq(navItems.menu, menu)).orderBy(asc(navItems.position), asc(navItems.id));
    const promotes = await resolvePromotes(db, rows);
    const toItem = (r: NavRow): NavItem => ({
      id: r.id,
      title: r.title,
      children: rows.filter((c) => c.parentId === r.id).map(toItem),
      relative_url: r.relativeUrl,
      external_url: r.externalUrl,
      redirect_url: r.redirectUrl ? { relative_url: r.redirectUrl } : null,
      menu_color: r.menuColor,
      menu_link_icon: r.menuLinkIcon,
      disable_url: r.disableUrl,
      type: r.type as NavItem['type'],
      visible_only_to_logged_in_users: r.visibleOnlyToLoggedInUsers,
      open_in_new_tab: r.openInNewTab,
      page: r.page,
      products: r.productsHeadline ? { headline: r.productsHeadline } : null,
      promote: promotes.get(r.id) ?? [],
    });
    return rows.filter((r) => r.parentId === null).map(toItem);
  }) as Promise<NavItem[]>;
}

export async function getFooter(db: Db, menu: 'beauty' | 'kids'): Promise<FooterGroup[]> {
  return cache.get(`footer:${menu}`, async () => {
    const groups = await db.select().from(footerGroups).where(eq(footerGroups.menu, menu)).orderBy(asc(footerGroups.position));
    const links = groups.length
      ? await db
          .select()
          .from(footerLinks)
          .where(
            inArray(
              footerLinks.groupId,
              groups.map((g) => g.id),
            ),
          )
          .orderBy(asc(footerLinks.position))
      : [];
    return groups.map((g) => ({
      id: g.id,
      title: g.title,
      children: links
        .filter((l) => l.groupId === g.id)
        .map((l) => ({ id: l.id, title: l.title, relative_url: l.relativeUrl, menu_icon: l.menuIcon })),
    }));
  }) as Promise<FooterGroup[]>;
}

export async function getSiteConfig(db: Db, menu: 'beauty' | 'kids'): Promise<SiteConfig> {
  const [nav, footer, basicSettings, highlight] = await Promise.all([
    getNavigation(db, menu),
    getFooter(db, menu),
    getBasicSettings(db),
    readSetting(db, 'highlight', { message: null as string | null }),
  ]);
  return { logo: basicSettings.logo, nav, highlight_message: highlight.message, footer, basicSettings };
}

/** Banners and product sliders of a department home. Banners are filtered by who is looking (SPEC §5). */
export async function getHome(db: Db, departmentKey: string, viewer: { loggedIn: boolean; bd: boolean }): Promise<HomeResponse> {
  const [dept] = await db.select({ id: departments.id }).from(departments).where(eq(departments.key, departmentKey));
  if (!dept) throw notFound('Department not found');
  const sections = (await cache.get(`home:${departmentKey}`, async () => {
    const [bannerRows, collectionRows] = await Promise.all([
      db.select().from(banners).where(eq(banners.departmentId, dept.id)).orderBy(asc(banners.position)),
      db
        .select({ id: collections.id, title: collections.title, handle: collections.handle })
        .from(collections)
        .where(and(eq(collections.departmentId, dept.id), isNotNull(collections.homePosition)))
        .orderBy(asc(collections.homePosition)),
    ]);
    const withProducts = await Promise.all(
      collectionRows.map(async (c) => {
        const ids = await db
          .select({ id: collectionProducts.productId })
          .from(collectionProducts)
          .where(eq(collectionProducts.collectionId, c.id))
          .orderBy(asc(collectionProducts.position))
          .limit(12);
        return {
          ...c,
          products: await getCards(
            db,
            ids.map((r) => r.id),
          ),
        };
      }),
    );
    return { bannerRows, withProducts };
  })) as { bannerRows: (typeof banners.$inferSelect)[]; withProducts: HomeResponse['sections'] };
  const visible = sections.bannerRows.filter(
    (b) =>
      b.audience === 'all' || (b.audience === 'logged_in' && viewer.loggedIn) || (b.audience === 'bd' && (viewer.bd || viewer.loggedIn)),
  );
  const toBanner = (b: (typeof visible)[number]): Banner & { device: string } => ({
    id: b.id,
    title: b.title,
    subtitle: b.subtitle,
    link_url: b.linkUrl,
    image: b.image,
    placement: b.placement as Banner['placement'],
    device: b.device,
  });
  return { department: departmentKey, banners: visible.map(toBanner), sections: sections.withProducts };
}

/**
 * What the storefront shell needs besides the menus: support contacts (a stored 'site' setting wins,
 * else the environment), the tracking pixel id and the locale prefix of the not-found page.
 */
export async function getPublicConfig(
  db: Db,
  env: Pick<Env, 'SUPPORT_PHONE' | 'SUPPORT_EMAIL' | 'WHATSAPP_NUMBER' | 'FACEBOOK_PIXEL_ID' | 'LOCALE_PREFIX'>,
): Promise<PublicConfig> {
  const site = await readSetting(db, 'site', {
    ...DEFAULT_SITE_SETTINGS,
    support_phone: env.SUPPORT_PHONE,
    support_email: env.SUPPORT_EMAIL,
    whatsapp_number: env.WHATSAPP_NUMBER,
  });
  return {
    support_phone: site.support_phone,
    support_email: site.support_email,
    whatsapp_number: site.whatsapp_number,
    site_under_maintenance: site.site_under_maintenance,
    facebook_pixel_id: env.FACEBOOK_PIXEL_ID ?? null,
    locale_prefix: env.LOCALE_PREFIX ?? null,
  };
}

/** Rich text is sanitised once per cache period, not on every request: pages are read far more than written. */
export async function getPage(db: Db, handle: string): Promise<Page> {
  return cache.get(`page:${handle}`, async () => {
    const [row] = await db.select().from(pages).where(eq(pages.handle, handle));
    if (!row) throw notFound('Page not found');
    return {
      handle: row.handle,
      title: row.title,
      body_html: sanitizeBodyHtml(row.bodyHtml),
      meta_title: row.metaTitle || row.title,
      meta_description: row.metaDescription,
    };
  }) as Promise<Page>;
}

export async function listPages(db: Db): Promise<{ handle: string; title: string }[]> {
  return db.select({ handle: pages.handle, title: pages.title }).from(pages).orderBy(asc(pages.title));
}

const toSummary = (r: typeof blogPosts.$inferSelect): BlogPostSummary => ({
  slug: r.slug,
  title: r.title,
  excerpt: r.excerpt,
  image: r.image,
  author: r.author,
  published_at: r.publishedAt.toISOString(),
});

export async function listBlogPosts(
  db: Db,
  page: number,
  pageSize = 6,
): Promise<{ count: number; page: number; page_size: number; results: BlogPostSummary[] }> {
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(blogPosts),
  ]);
  return { count: Number(totals[0]?.n ?? 0), page, page_size: pageSize, results: rows.map(toSummary) };
}

export async function getBlogPost(db: Db, slug: string): Promise<BlogPost> {
  return cache.get(`blog:${slug}`, async () => {
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
    if (!row) throw notFound('Article not found');
    return { ...toSummary(row), body_html: sanitizeBodyHtml(row.bodyHtml) };
  }) as Promise<BlogPost>;
}

export async function listStoreLocations(db: Db): Promise<StoreLocation[]> {
  return db
    .select({
      id: storeLocations.id,
      name: storeLocations.name,
      address: storeLocations.address,
      area: storeLocations.area,
      city: storeLocations.city,
      phone: storeLocations.phone,
      hours: storeLocations.hours,
    })
    .from(storeLocations)
    .orderBy(asc(storeLocations.id));
}
