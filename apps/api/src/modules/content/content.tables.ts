import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { ProductImage } from '@store/shared/catalog';
import type { Banner } from '@store/shared/content';
import { departments } from '../catalog/catalog.tables.js';

/** Stored promote entries: product ids are resolved to cards when the menu is served. */
export type StoredPromote =
  | { type: 'product'; headline: string; productHandles: string[] }
  | {
      type: 'promote_page_for_menu';
      title: string;
      page: string;
      image: { url: string; custom_width: number; custom_height: number };
      open_in_new_tab: boolean;
    };

export const navItems = pgTable(
  'nav_items',
  {
    id: serial().primaryKey(),
    /** 'beauty' or 'kids' (SPEC §7 navigation type). */
    menu: text().notNull(),
    parentId: integer(),
    position: smallint().notNull().default(0),
    title: text().notNull(),
    /** In Bangla (issue 21); null: Bangla pages show the English. */
    titleBn: text(),
    relativeUrl: text(),
    externalUrl: text(),
    redirectUrl: text(),
    menuColor: text(),
    menuLinkIcon: text(),
    disableUrl: boolean().notNull().default(false),
    type: text().notNull().default('Link'),
    visibleOnlyToLoggedInUsers: boolean().notNull().default(false),
    openInNewTab: boolean().notNull().default(false),
    page: text(),
    productsHeadline: text(),
    promote: jsonb().$type<StoredPromote[]>().notNull().default([]),
  },
  (t) => [index('nav_items_menu_idx').on(t.menu, t.parentId, t.position)],
);

export const footerGroups = pgTable('footer_groups', {
  id: serial().primaryKey(),
  menu: text().notNull().default('beauty'),
  title: text().notNull(),
  /** In Bangla (issue 21); null: Bangla pages show the English. */
  titleBn: text(),
  position: smallint().notNull().default(0),
});

export const footerLinks = pgTable('footer_links', {
  id: serial().primaryKey(),
  groupId: integer()
    .notNull()
    .references(() => footerGroups.id, { onDelete: 'cascade' }),
  title: text().notNull(),
  /** In Bangla (issue 21); null: Bangla pages show the English. */
  titleBn: text(),
  relativeUrl: text().notNull(),
  menuIcon: text(),
  position: smallint().notNull().default(0),
});

/** 'draft' or 'published'; a published item shows on the storefront from its publishedAt on (a later one is scheduled). */
export type PublishStatus = 'draft' | 'published';

export const pages = pgTable('pages', {
  id: serial().primaryKey(),
  handle: text().notNull().unique(),
  title: text().notNull(),
  bodyHtml: text().notNull(),
  /** In Bangla (issue 21); null: Bangla pages show the English. */
  titleBn: text(),
  bodyHtmlBn: text(),
  metaTitle: text().notNull().default(''),
  metaDescription: text().notNull().default(''),
  // Rows written before the back office were live: they stay published.
  status: text().$type<PublishStatus>().notNull().default('published'),
  publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: serial().primaryKey(),
    slug: text().notNull().unique(),
    title: text().notNull(),
    excerpt: text().notNull(),
    bodyHtml: text().notNull(),
    /** In Bangla (issue 21); null: Bangla pages show the English. */
    titleBn: text(),
    excerptBn: text(),
    bodyHtmlBn: text(),
    image: jsonb().$type<ProductImage>(),
    author: text().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: text().$type<PublishStatus>().notNull().default('published'),
    metaTitle: text().notNull().default(''),
    metaDescription: text().notNull().default(''),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('blog_posts_published_idx').on(t.publishedAt.desc())],
);

export const banners = pgTable(
  'banners',
  {
    id: serial().primaryKey(),
    departmentId: integer()
      .notNull()
      .references(() => departments.id),
    placement: text().$type<Banner['placement']>().notNull().default('hero'),
    title: text().notNull(),
    subtitle: text(),
    /** In Bangla (issue 21); null: Bangla pages show the English. */
    titleBn: text(),
    subtitleBn: text(),
    linkUrl: text().notNull(),
    image: jsonb().$type<ProductImage>().notNull(),
    /** 'all', 'logged_in' or 'bd': who sees it (SPEC §5). */
    audience: text().notNull().default('all'),
    /** 'all', 'mobile' or 'desktop'. */
    device: text().$type<Banner['device']>().notNull().default('all'),
    position: smallint().notNull().default(0),
    /** The window the storefront shows it in; null means no limit on that side. */
    startsAt: timestamp({ withTimezone: true }),
    endsAt: timestamp({ withTimezone: true }),
    /** The last save: an editor's patch names the one it loaded, so two saves never undo each other. */
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('banners_department_idx').on(t.departmentId, t.placement, t.position)],
);

export const storeLocations = pgTable('store_locations', {
  id: serial().primaryKey(),
  name: text().notNull(),
  address: text().notNull(),
  area: text().notNull(),
  city: text().notNull(),
  phone: text().notNull(),
  hours: text().notNull(),
  /** A link to the shop on a map (Google Maps), shown beside the address. */
  mapUrl: text(),
  position: smallint().notNull().default(0),
});

/** Site and basic settings as keyed JSON values; the content service gives them their types. */
export const settings = pgTable('settings', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
