import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type {
  AdminBlogPost,
  AdminBlogPostInput,
  AdminBlogPostPatch,
  AdminPage,
  AdminPageInput,
  AdminPagePatch,
  PublishState,
  PublishStatus,
} from '@store/shared/admin-content';
import { contentMessages } from '@store/shared/admin-content';
import * as messages from '@store/shared/messages';
import type { RequestCtx } from '../../lib/context.js';
import { writeContent } from '../../lib/content-changes.js';
import { assertUnchangedSince, nextStamp } from '../../lib/edit-conflict.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { sanitizeBodyHtml } from '../../lib/sanitize.js';
import { recordAudit } from '../staff/index.js';
import { blogPosts, pages } from './content.tables.js';
import { shownBangla, storedBangla } from '../../lib/in-locale.js';

/**
 * Pages and blog posts in the back office (issue 16 item 5): drafts, publishing now or at a later
 * time, and unpublishing. Rich text is sanitised here, on the way in, so what the admin previews is
 * what the storefront shows. Each write is audited in its transaction and, once committed, tells
 * the storefront's caches to forget (lib/content-changes.ts).
 */

/** Where a published item stands at `now`: scheduled until its time comes. */
export function publishState(status: PublishStatus, publishedAt: Date, now: Date): PublishState {
  if (status === 'draft') return 'draft';
  return publishedAt.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/**
 * The time an item goes live: the one asked for, else the time it already went live (an edit of a
 * live item does not move it), else now.
 */
function goesLiveAt(asked: string | null | undefined, before: { status: PublishStatus; publishedAt: Date } | null, now: Date): Date {
  if (asked) return new Date(asked);
  if (asked === undefined && before) return before.publishedAt;
  if (before && before.status === 'published' && before.publishedAt.getTime() <= now.getTime()) return before.publishedAt;
  return now;
}

// Pages

type PageRow = typeof pages.$inferSelect;

function toAdminPage(row: PageRow, now: Date): AdminPage {
  return {
    id: row.id,
    handle: row.handle,
    title: row.title,
    body_html: row.bodyHtml,
    title_bn: shownBangla(row.titleBn),
    body_html_bn: shownBangla(row.bodyHtmlBn),
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    status: row.status,
    publish_at: row.publishedAt.toISOString(),
    state: publishState(row.status, row.publishedAt, now),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What the audit log compares: the fields staff edit. */
const pageAudit = (row: PageRow) => ({
  handle: row.handle,
  title: row.title,
  body_html: row.bodyHtml,
  title_bn: shownBangla(row.titleBn),
  body_html_bn: shownBangla(row.bodyHtmlBn),
  meta_title: row.metaTitle,
  meta_description: row.metaDescription,
  status: row.status,
  publish_at: row.publishedAt.toISOString(),
});

export async function listAdminPages(ctx: RequestCtx): Promise<AdminPage[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db.select().from(pages).orderBy(desc(pages.updatedAt), desc(pages.id));
  return rows.map((row) => toAdminPage(row, now));
}

/** Every page's handle and title, by title: what a brand page may point at (the catalog's brand editor). */
export async function brandPageOptions(ctx: RequestCtx): Promise<{ handle: string; title: string }[]> {
  return ctx.db.select({ handle: pages.handle, title: pages.title }).from(pages).orderBy(asc(pages.title), asc(pages.id));
}

async function findPage(ctx: RequestCtx, id: number, lock = false): Promise<PageRow> {
  const query = ctx.db.select().from(pages).where(eq(pages.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Page not found');
  return row;
}

export async function getAdminPage(ctx: RequestCtx, id: number): Promise<AdminPage> {
  return toAdminPage(await findPage(ctx, id), ctx.clock.now());
}

async function assertHandleFree(ctx: RequestCtx, handle: string, exceptId: number | null) {
  const clash = await ctx.db
    .select({ id: pages.id })
    .from(pages)
    .where(exceptId === null ? eq(pages.handle, handle) : and(eq(pages.handle, handle), ne(pages.id, exceptId)));
  if (clash.length) throw badRequest(messages.badRequest(), { handle: contentMessages.handleTaken });
}

export async function createPage(ctx: RequestCtx, input: AdminPageInput): Promise<AdminPage> {
  return writeContent(ctx, async (tx) => {
    await assertHandleFree(tx, input.handle, null);
    const now = tx.clock.now();
    const [row] = await tx.db
      .insert(pages)
      .values({
        handle: input.handle,
        title: input.title,
        bodyHtml: sanitizeBodyHtml(input.body_html),
        titleBn: storedBangla(input.title_bn),
        bodyHtmlBn: storedBangla(input.body_html_bn && sanitizeBodyHtml(input.body_html_bn)),
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
        status: input.status,
        publishedAt: goesLiveAt(input.publish_at, null, now),
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, { action: 'page.create', entity: 'page', entityId: row!.id, before: null, after: pageAudit(row!) });
    return toAdminPage(row!, now);
  });
}

export async function updatePage(ctx: RequestCtx, id: number, patch: AdminPagePatch): Promise<AdminPage> {
  return writeContent(ctx, async (tx) => {
    const before = await findPage(tx, id, true);
    assertUnchangedSince(patch.updated_at, before.updatedAt, contentMessages.editConflict);
    if (patch.handle !== undefined && patch.handle !== before.handle) await assertHandleFree(tx, patch.handle, id);
    const now = tx.clock.now();
    const status = patch.status ?? before.status;
    const publishAt = patch.status !== undefined && patch.publish_at === undefined ? null : patch.publish_at;
    const [row] = await tx.db
      .update(pages)
      .set({
        handle: patch.handle,
        title: patch.title,
        bodyHtml: patch.body_html === undefined ? undefined : sanitizeBodyHtml(patch.body_html),
        titleBn: storedBangla(patch.title_bn),
        bodyHtmlBn: storedBangla(patch.body_html_bn && sanitizeBodyHtml(patch.body_html_bn)),
        metaTitle: patch.meta_title,
        metaDescription: patch.meta_description,
        status,
        publishedAt: goesLiveAt(publishAt, before, now),
        updatedAt: nextStamp(before.updatedAt, now),
      })
      .where(eq(pages.id, id))
      .returning();
    await recordAudit(tx, { action: 'page.update', entity: 'page', entityId: id, before: pageAudit(before), after: pageAudit(row!) });
    return toAdminPage(row!, now);
  });
}

// Blog posts

type PostRow = typeof blogPosts.$inferSelect;

function toAdminPost(row: PostRow, now: Date): AdminBlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    excerpt_bn: shownBangla(row.excerptBn),
    body_html: row.bodyHtml,
    title_bn: shownBangla(row.titleBn),
    body_html_bn: shownBangla(row.bodyHtmlBn),
    cover: row.image,
    author: row.author,
    meta_title: row.metaTitle,
    meta_description: row.metaDescription,
    status: row.status,
    publish_at: row.publishedAt.toISOString(),
    state: publishState(row.status, row.publishedAt, now),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The cover is named by its file: the audit log needs which picture, not its sizes. */
const postAudit = (row: PostRow) => ({
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  excerpt_bn: shownBangla(row.excerptBn),
  body_html: row.bodyHtml,
  title_bn: shownBangla(row.titleBn),
  body_html_bn: shownBangla(row.bodyHtmlBn),
  cover: row.image?.original ?? null,
  author: row.author,
  meta_title: row.metaTitle,
  meta_description: row.metaDescription,
  status: row.status,
  publish_at: row.publishedAt.toISOString(),
});

export async function listAdminBlogPosts(ctx: RequestCtx): Promise<AdminBlogPost[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db.select().from(blogPosts).orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id));
  return rows.map((row) => toAdminPost(row, now));
}

async function findPost(ctx: RequestCtx, id: number, lock = false): Promise<PostRow> {
  const query = ctx.db.select().from(blogPosts).where(eq(blogPosts.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Post not found');
  return row;
}

export async function getAdminBlogPost(ctx: RequestCtx, id: number): Promise<AdminBlogPost> {
  return toAdminPost(await findPost(ctx, id), ctx.clock.now());
}

async function assertSlugFree(ctx: RequestCtx, slug: string, exceptId: number | null) {
  const clash = await ctx.db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(exceptId === null ? eq(blogPosts.slug, slug) : and(eq(blogPosts.slug, slug), ne(blogPosts.id, exceptId)));
  if (clash.length) throw badRequest(messages.badRequest(), { slug: contentMessages.slugTaken });
}

export async function createBlogPost(ctx: RequestCtx, input: AdminBlogPostInput): Promise<AdminBlogPost> {
  return writeContent(ctx, async (tx) => {
    await assertSlugFree(tx, input.slug, null);
    const now = tx.clock.now();
    const [row] = await tx.db
      .insert(blogPosts)
      .values({
        slug: input.slug,
        title: input.title,
        excerpt: input.excerpt,
        excerptBn: storedBangla(input.excerpt_bn),
        bodyHtml: sanitizeBodyHtml(input.body_html),
        titleBn: storedBangla(input.title_bn),
        bodyHtmlBn: storedBangla(input.body_html_bn && sanitizeBodyHtml(input.body_html_bn)),
        image: input.cover,
        author: input.author,
        metaTitle: input.meta_title,
        metaDescription: input.meta_description,
        status: input.status,
        publishedAt: goesLiveAt(input.publish_at, null, now),
        updatedAt: now,
      })
      .returning();
    await recordAudit(tx, { action: 'blog_post.create', entity: 'blog_post', entityId: row!.id, before: null, after: postAudit(row!) });
    return toAdminPost(row!, now);
  });
}

export async function updateBlogPost(ctx: RequestCtx, id: number, patch: AdminBlogPostPatch): Promise<AdminBlogPost> {
  return writeContent(ctx, async (tx) => {
    const before = await findPost(tx, id, true);
    assertUnchangedSince(patch.updated_at, before.updatedAt, contentMessages.editConflict);
    if (patch.slug !== undefined && patch.slug !== before.slug) await assertSlugFree(tx, patch.slug, id);
    const now = tx.clock.now();
    const publishAt = patch.status !== undefined && patch.publish_at === undefined ? null : patch.publish_at;
    const [row] = await tx.db
      .update(blogPosts)
      .set({
        slug: patch.slug,
        title: patch.title,
        excerpt: patch.excerpt,
        excerptBn: storedBangla(patch.excerpt_bn),
        bodyHtml: patch.body_html === undefined ? undefined : sanitizeBodyHtml(patch.body_html),
        titleBn: storedBangla(patch.title_bn),
        bodyHtmlBn: storedBangla(patch.body_html_bn && sanitizeBodyHtml(patch.body_html_bn)),
        image: patch.cover,
        author: patch.author,
        metaTitle: patch.meta_title,
        metaDescription: patch.meta_description,
        status: patch.status ?? before.status,
        publishedAt: goesLiveAt(publishAt, before, now),
        updatedAt: nextStamp(before.updatedAt, now),
      })
      .where(eq(blogPosts.id, id))
      .returning();
    await recordAudit(tx, {
      action: 'blog_post.update',
      entity: 'blog_post',
      entityId: id,
      before: postAudit(before),
      after: postAudit(row!),
    });
    return toAdminPost(row!, now);
  });
}
