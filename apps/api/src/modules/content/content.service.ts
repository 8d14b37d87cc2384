import { and, asc, count, desc, eq, inArray, lte } from 'drizzle-orm';
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
import { DEFAULT_CARE_HOURS, DEFAULT_SAME_DAY_CUTOFF_HOUR, DEFAULT_STOCK_WARNING_THRESHOLD } from '@store/shared/admin-settings';
import { DEFAULT_FREE_DELIVERY, freeDeliveryText } from '@store/shared/checkout-rules';
import { careHoursText, cutoffLabel } from '@store/shared/shop-hours';
import { formatTaka } from '@store/shared/money';
import type { Env } from '../../config/env.js';
import { dbKey, type Db } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import { sanitizeBodyHtml } from '../../lib/sanitize.js';
import type { RequestCtx } from '../../lib/context.js';
import { followInvalidations, type CacheTag } from '../../lib/cache/invalidation.js';
import { TaggedCache } from '../../lib/cache/tagged-cache.js';
import { contentChanged } from '../../lib/content-changes.js';
import { departmentId, getCardsByHandle, homeShelves } from '../catalog/index.js';
import { publishState } from './content-admin.js';
import { bannerInWindow } from './content-admin-banners.js';
import { banners, blogPosts, footerGroups, footerLinks, navItems, pages, settings, storeLocations } from './content.tables.js';
import { inRequestLanguage, languageKey } from '../../lib/in-locale.js';

/** Reading and writing settings needs only the database (or the transaction) of the context. */
type DbCtx = Pick<RequestCtx, 'db'>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  SMS_TIMER: 2,
  OTP_VALIDITY: 5,
  shipping_fees: { same_day: 15000, standard_inside_dhaka: 6000, dhaka_suburb: 10000, outside_dhaka: 13000 },
  free_delivery: DEFAULT_FREE_DELIVERY,
  site_under_maintenance: false,
  support_phone: '+8809610001010',
  support_email: 'care@glowbazaar.com.bd',
  whatsapp_number: '+8801711000000',
  care_hours: DEFAULT_CARE_HOURS,
  same_day_cutoff_hour: DEFAULT_SAME_DAY_CUTOFF_HOUR,
  stock_warning_threshold: DEFAULT_STOCK_WARNING_THRESHOLD,
  cod_deposit_high_risk: false,
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

/**
 * Settings change rarely and are read on every page: a few seconds of staleness buys a lot. Keys
 * start with the database's number (keyOf), so two databases in one process (tests) never share one.
 */
const cache = new TaggedCache<unknown>({ ttlMs: 5_000, maxEntries: 100, name: 'content' });
/** Per database and per language: a page's entries hold its language's product names (lib/in-locale.ts). */
const keyOf = (db: Db, key: string) => languageKey(`${dbKey(db)}:${key}`);
/** What each entry is built from: settings, menus and pages are content; the home page shows products too. */
const CONTENT: readonly CacheTag[] = ['content'];
const CONTENT_AND_CATALOG: readonly CacheTag[] = ['content', 'catalog'];
followInvalidations(cache);

/** Forgets every cached read in this process (after a seed run, between tests). */
export function clearContentCaches() {
  contentChanged();
}

/** The stored value of a setting (possibly partial, possibly absent); callers merge their own defaults. */
export async function getStoredSetting({ db }: DbCtx, key: string): Promise<Record<string, unknown>> {
  return cache.getOrLoad(keyOf(db, `setting:${key}`), CONTENT, async () => {
    const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
    return (row?.value as Record<string, unknown> | undefined) ?? {};
  }) as Promise<Record<string, unknown>>;
}

async function readSetting<T extends object>(ctx: DbCtx, key: string, fallback: T): Promise<T> {
  return { ...fallback, ...((await getStoredSetting(ctx, key)) as Partial<T>) };
}

export async function writeSetting({ db }: DbCtx, key: string, value: object): Promise<void> {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  cache.clear();
}

/** Shallow-merges a patch into a stored setting (the development settings endpoint). */
export async function patchSetting(ctx: DbCtx, key: string, patch: Record<string, unknown>): Promise<Record<string, unknown>> {
  cache.clear();
  const value = { ...(await getStoredSetting(ctx, key)), ...patch };
  await writeSetting(ctx, key, value);
  contentChanged();
  return value;
}

export const getSiteSettings = (ctx: DbCtx) => readSetting(ctx, 'site', DEFAULT_SITE_SETTINGS);

/**
 * The shop's rules as words, for content that states them: a page, a banner or the highlight message
 * writes {{free_delivery}}, {{fee_standard_inside_dhaka}}, {{same_day_cutoff}}… and shows what the
 * settings say at the time, so copy and checkout cannot disagree.
 */
function ruleWords(site: SiteSettings): Record<string, string> {
  const fees = site.shipping_fees;
  return {
    free_delivery: freeDeliveryText(site.free_delivery) ?? '',
    fee_same_day: formatTaka(fees.same_day),
    fee_standard_inside_dhaka: formatTaka(fees.standard_inside_dhaka),
    fee_dhaka_suburb: formatTaka(fees.dhaka_suburb),
    fee_outside_dhaka: formatTaka(fees.outside_dhaka),
    same_day_cutoff: cutoffLabel(site.same_day_cutoff_hour),
    service_hours: careHoursText(site.care_hours),
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Replaces each {{rule}} with its words (HTML-escaped for rich text); unknown names stay as written. */
export function fillRules(text: string, site: SiteSettings, html = false): string {
  const words = ruleWords(site);
  return text.replace(/\{\{(\w+)\}\}/g, (match, name: string) => {
    const value = words[name];
    if (value === undefined) return match;
    return html ? value.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c]!) : value;
  });
}

/** A short text with its rules filled in; null when nothing is left (a rule that is off). */
const filledOrNull = (text: string | null, site: SiteSettings) => {
  const filled = text === null ? '' : fillRules(text, site).trim();
  return filled === '' ? null : filled;
};

export async function getBasicSettings(ctx: RequestCtx): Promise<BasicSettings> {
  const [basic, site] = await Promise.all([readSetting(ctx, 'basic', DEFAULT_BASIC_SETTINGS), getSiteSettings(ctx)]);
  // One switch: the maintenance flag of the site settings is the one that counts.
  return { ...basic, site_under_maintenance: site.site_under_maintenance };
}

type NavRow = typeof navItems.$inferSelect;

async function resolvePromotes(db: Db, rows: NavRow[]): Promise<Map<number, PromoteEntry[]>> {
  const handles = [...new Set(rows.flatMap((r) => r.promote.flatMap((p) => (p.type === 'product' ? p.productHandles : []))))];
  const cards = new Map<string, ProductCard>((await getCardsByHandle({ db }, handles)).map((c) => [c.handle, c]));
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

export async function getNavigation(ctx: RequestCtx, menu: 'beauty' | 'kids'): Promise<NavItem[]> {
  const { db } = ctx;
  return cache.getOrLoad(keyOf(db, `nav:${menu}`), CONTENT, async () => {
    const rows = await db.select().from(navItems).where(eq(navItems.menu, menu)).orderBy(asc(navItems.position), asc(navItems.id));
    const promotes = await resolvePromotes(db, rows);
    const toItem = (r: NavRow): NavItem => ({
      id: r.id,
      title: inRequestLanguage(r.title, r.titleBn),
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

export async function getFooter(ctx: RequestCtx, menu: 'beauty' | 'kids'): Promise<FooterGroup[]> {
  const { db } = ctx;
  return cache.getOrLoad(keyOf(db, `footer:${menu}`), CONTENT, async () => {
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
      title: inRequestLanguage(g.title, g.titleBn),
      children: links
        .filter((l) => l.groupId === g.id)
        .map((l) => ({ id: l.id, title: inRequestLanguage(l.title, l.titleBn), relative_url: l.relativeUrl, menu_icon: l.menuIcon })),
    }));
  }) as Promise<FooterGroup[]>;
}

export async function getSiteConfig(ctx: RequestCtx, menu: 'beauty' | 'kids'): Promise<SiteConfig> {
  const [nav, footer, basicSettings, highlight, site] = await Promise.all([
    getNavigation(ctx, menu),
    getFooter(ctx, menu),
    getBasicSettings(ctx),
    readSetting(ctx, 'highlight', { message: null as string | null }),
    getSiteSettings(ctx),
  ]);
  return { logo: basicSettings.logo, nav, highlight_message: filledOrNull(highlight.message, site), footer, basicSettings };
}

/** Products on each home-page slider. */
const HOME_SHELF_SIZE = 12;

/** Banners and product sliders of a department home. Banners are filtered by who is looking (SPEC §5). */
export async function getHome(ctx: RequestCtx, departmentKey: string, viewer: { loggedIn: boolean; bd: boolean }): Promise<HomeResponse> {
  const { db } = ctx;
  const deptId = await departmentId({ db }, departmentKey);
  if (deptId === null) throw notFound('Department not found');
  const sections = (await cache.getOrLoad(keyOf(db, `home:${departmentKey}`), CONTENT_AND_CATALOG, async () => {
    const [bannerRows, withProducts] = await Promise.all([
      db.select().from(banners).where(eq(banners.departmentId, deptId)).orderBy(asc(banners.position), asc(banners.id)),
      homeShelves({ db }, deptId, HOME_SHELF_SIZE),
    ]);
    return { bannerRows, withProducts };
  })) as { bannerRows: (typeof banners.$inferSelect)[]; withProducts: HomeResponse['sections'] };
  const site = await getSiteSettings(ctx);
  // The cached rows keep every banner with its window: the time of this request decides which show.
  const now = ctx.clock.now();
  const visible = sections.bannerRows.filter(
    (b) =>
      bannerInWindow(b, now) &&
      (b.audience === 'all' || (b.audience === 'logged_in' && viewer.loggedIn) || (b.audience === 'bd' && (viewer.bd || viewer.loggedIn))),
  );
  const toBanner = (b: (typeof visible)[number]): Banner => ({
    id: b.id,
    title: fillRules(inRequestLanguage(b.title, b.titleBn), site),
    subtitle: filledOrNull(inRequestLanguage(b.subtitle ?? '', b.subtitleBn) || null, site),
    link_url: b.linkUrl,
    image: b.image,
    placement: b.placement,
    device: b.device,
  });
  return { department: departmentKey, banners: visible.map(toBanner), sections: sections.withProducts };
}

/**
 * What the storefront shell needs besides the menus: support contacts (a stored 'site' setting wins,
 * else the environment), the tracking pixel id and the locale prefix of the not-found page.
 */
export async function getPublicConfig(
  ctx: DbCtx,
  env: Pick<
    Env,
    | 'SUPPORT_PHONE'
    | 'SUPPORT_EMAIL'
    | 'WHATSAPP_NUMBER'
    | 'FACEBOOK_PIXEL_ID'
    | 'LOCALE_PREFIX'
    | 'RUM_SAMPLE_RATE'
    | 'SENTRY_DSN'
    | 'SENTRY_ENVIRONMENT'
    | 'NODE_ENV'
  >,
): Promise<PublicConfig> {
  const site = await readSetting(ctx, 'site', {
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
    free_delivery: site.free_delivery,
    free_delivery_text: freeDeliveryText(site.free_delivery),
    care_hours: site.care_hours,
    stock_warning_threshold: site.stock_warning_threshold,
    facebook_pixel_id: env.FACEBOOK_PIXEL_ID ?? null,
    locale_prefix: env.LOCALE_PREFIX ?? null,
    rum_sample_rate: env.RUM_SAMPLE_RATE,
    error_reporting: env.SENTRY_DSN ? { dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV } : null,
  };
}

/**
 * Whether a page or post shows on the storefront at `now` (a draft or a scheduled one does not).
 * Cached entries keep the publish state and are checked on every read, so a scheduled item
 * appears at its time whatever the cache holds.
 */
const isLive = (row: { status: 'draft' | 'published'; publishedAt: Date }, now: Date) =>
  publishState(row.status, row.publishedAt, now) === 'published';
const liveWhere = <T extends typeof pages | typeof blogPosts>(table: T, now: Date) =>
  and(eq(table.status, 'published'), lte(table.publishedAt, now));

/** Rich text is sanitised once per cache period, not on every request: pages are read far more than written. */
export async function getPage(ctx: RequestCtx, handle: string): Promise<Page> {
  const { db } = ctx;
  const [stored, site] = await Promise.all([getStoredPage(db, handle), getSiteSettings(ctx)]);
  if (!isLive(stored, ctx.clock.now())) throw notFound('Page not found');
  const { page } = stored;
  return { ...page, body_html: fillRules(page.body_html, site, true), meta_description: fillRules(page.meta_description, site) };
}

type StoredPage = { page: Page; status: 'draft' | 'published'; publishedAt: Date };

async function getStoredPage(db: Db, handle: string): Promise<StoredPage> {
  return cache.getOrLoad(keyOf(db, `page:${handle}`), CONTENT, async () => {
    const [row] = await db.select().from(pages).where(eq(pages.handle, handle));
    if (!row) throw notFound('Page not found');
    const page: Page = {
      handle: row.handle,
      title: inRequestLanguage(row.title, row.titleBn),
      body_html: sanitizeBodyHtml(inRequestLanguage(row.bodyHtml, row.bodyHtmlBn)),
      // The SEO title staff wrote is English; a Bangla page with a Bangla title is named by it.
      meta_title: inRequestLanguage(row.metaTitle || row.title, row.titleBn),
      meta_description: row.metaDescription,
    };
    return { page, status: row.status, publishedAt: row.publishedAt };
  }) as Promise<StoredPage>;
}

export async function listPages(ctx: RequestCtx): Promise<{ handle: string; title: string }[]> {
  const { db } = ctx;
  return db
    .select({ handle: pages.handle, title: pages.title })
    .from(pages)
    .where(liveWhere(pages, ctx.clock.now()))
    .orderBy(asc(pages.title));
}

const toSummary = (r: typeof blogPosts.$inferSelect): BlogPostSummary => ({
  slug: r.slug,
  title: inRequestLanguage(r.title, r.titleBn),
  excerpt: inRequestLanguage(r.excerpt, r.excerptBn),
  image: r.image,
  author: r.author,
  published_at: r.publishedAt.toISOString(),
});

export async function listBlogPosts(
  ctx: RequestCtx,
  page: number,
  pageSize = 6,
): Promise<{ count: number; page: number; page_size: number; results: BlogPostSummary[] }> {
  const { db } = ctx;
  const live = liveWhere(blogPosts, ctx.clock.now());
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(blogPosts)
      .where(live)
      .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(blogPosts).where(live),
  ]);
  return { count: Number(totals[0]?.n ?? 0), page, page_size: pageSize, results: rows.map(toSummary) };
}

export async function getBlogPost(ctx: RequestCtx, slug: string): Promise<BlogPost> {
  const { db } = ctx;
  const stored = (await cache.getOrLoad(keyOf(db, `blog:${slug}`), CONTENT, async () => {
    const [row] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slug));
    if (!row) throw notFound('Article not found');
    return {
      post: { ...toSummary(row), body_html: sanitizeBodyHtml(inRequestLanguage(row.bodyHtml, row.bodyHtmlBn)) },
      status: row.status,
      publishedAt: row.publishedAt,
    };
  })) as { post: BlogPost; status: 'draft' | 'published'; publishedAt: Date };
  if (!isLive(stored, ctx.clock.now())) throw notFound('Article not found');
  return stored.post;
}

export async function listStoreLocations({ db }: DbCtx): Promise<StoreLocation[]> {
  return (
    db
      .select({
        id: storeLocations.id,
        name: storeLocations.name,
        address: storeLocations.address,
        area: storeLocations.area,
        city: storeLocations.city,
        phone: storeLocations.phone,
        hours: storeLocations.hours,
        map_url: storeLocations.mapUrl,
      })
      .from(storeLocations)
      // The order the back office set (Store locations), then the oldest first.
      .orderBy(asc(storeLocations.position), asc(storeLocations.id))
  );
}
