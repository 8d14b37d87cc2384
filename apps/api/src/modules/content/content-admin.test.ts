import { eq, inArray } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { contentMessages, type AdminBlogPost, type AdminPage } from '@store/shared/admin-content';
import type { ApiErrorBody } from '@store/shared/api';
import type { BlogPost, BlogPostSummary, Page } from '@store/shared/content';
import { describeOnDatabases } from '../../../test/support/app.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { auditLog } from '../staff/staff.tables.js';
import { clearContentCaches } from './content.service.js';
import { blogPosts, pages } from './content.tables.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;
const MINUTE = 60_000;

const pageInput = (handle: string, overrides: Record<string, unknown> = {}) => ({
  handle,
  title: 'Returns and exchanges',
  body_html: '<h2 id="how">How</h2><p>Within <strong>7 days</strong>.</p>',
  meta_title: 'Returns',
  meta_description: 'How to return an item',
  status: 'published',
  publish_at: null,
  ...overrides,
});

const postInput = (slug: string, overrides: Record<string, unknown> = {}) => ({
  slug,
  title: 'Monsoon skin care',
  excerpt: 'Five habits for humid days',
  body_html: '<p>Drink water.</p>',
  cover: {
    original: '/media/ab/cover.jpg',
    webp: '/media/ab/cover.webp',
    mobile: '/media/ab/cover-mobile.webp',
    alt: 'A bottle of toner',
    width: 1200,
    height: 800,
  },
  author: 'Nadia',
  meta_title: 'Monsoon skin care',
  meta_description: 'Five habits',
  status: 'published',
  publish_at: null,
  ...overrides,
});

describeOnDatabases('admin content: pages and blog posts', (ctx) => {
  const app = () => ctx().app;
  let editor: { client: StaffClient };
  let seq = 0;
  const nextHandle = (base: string) => `${base}-${(seq += 1)}`;
  const storefront = (path: string) => app().inject(`/api/v1${path}`);
  const auditFor = (entity: string, id: number) =>
    ctx()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(id)))
      .orderBy(auditLog.id)
      .then((rows) => rows.filter((r) => r.entity === entity));

  beforeEach(async () => {
    clearContentCaches();
    // A fresh sign-in each time: a test that moves the clock must not leave an idle session behind.
    editor = await signedInStaff(app(), ctx().env, 'content_editor');
  });

  it('creates a page published now: sanitised, on the storefront at once, audited', async () => {
    const handle = nextHandle('returns');
    // The storefront asked first, so a cached "not found" would be wrong.
    expect((await storefront(`/pages/${handle}/`)).statusCode).toBe(404);
    const res = await editor.client.post(
      '/content/pages/',
      pageInput(handle, { body_html: '<p onclick="steal()">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)>' }),
    );
    expect(res.statusCode).toBe(201);
    const page = res.json<{ data: AdminPage }>().data;
    expect(page).toMatchObject({ handle, status: 'published', state: 'published' });
    expect(page.body_html).toBe('<p>Hi</p>');

    const shown = await storefront(`/pages/${handle}/`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json<{ data: Page }>().data).toMatchObject({ handle, body_html: '<p>Hi</p>', meta_title: 'Returns' });
    expect((await storefront('/pages/')).json<{ data: { handle: string }[] }>().data.map((p) => p.handle)).toContain(handle);

    const [entry] = await auditFor('page', page.id);
    expect(entry).toMatchObject({ action: 'page.create', ip: editor.client.ip });
    expect(entry!.changes).toMatchObject({ handle: [null, handle], status: [null, 'published'] });
  });

  it('keeps a draft off the storefront, publishes it, unpublishes it, each audited', async () => {
    const handle = nextHandle('draft');
    const created = (await editor.client.post('/content/pages/', pageInput(handle, { status: 'draft' }))).json<{ data: AdminPage }>().data;
    expect(created.state).toBe('draft');
    expect((await storefront(`/pages/${handle}/`)).statusCode).toBe(404);
    expect((await storefront('/pages/')).json<{ data: { handle: string }[] }>().data.map((p) => p.handle)).not.toContain(handle);
    // The admin reads the draft (its preview).
    const draft = await editor.client.get(`/content/pages/${created.id}/`);
    expect(draft.json<{ data: AdminPage }>().data.body_html).toContain('<strong>7 days</strong>');

    const published = await editor.client.patch(`/content/pages/${created.id}/`, { status: 'published' });
    expect(published.json<{ data: AdminPage }>().data.state).toBe('published');
    expect((await storefront(`/pages/${handle}/`)).statusCode).toBe(200);

    const unpublished = await editor.client.patch(`/content/pages/${created.id}/`, { status: 'draft' });
    expect(unpublished.json<{ data: AdminPage }>().data.state).toBe('draft');
    expect((await storefront(`/pages/${handle}/`)).statusCode).toBe(404);

    const actions = (await auditFor('page', created.id)).map((e) => [e.action, e.changes.status]);
    expect(actions).toEqual([
      ['page.create', [null, 'draft']],
      ['page.update', ['draft', 'published']],
      ['page.update', ['published', 'draft']],
    ]);
  });

  it('refuses a save made from a copy someone else has saved since (409 edit_conflict), changing nothing', async () => {
    const created = (await editor.client.post('/content/pages/', pageInput(nextHandle('two-editors')))).json<{ data: AdminPage }>().data;
    // Two editors open the page; the first saves a new body at once (the same millisecond, as like as not).
    const first = await editor.client.patch(`/content/pages/${created.id}/`, { body_html: '<p>First</p>', updated_at: created.updated_at });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = first.json<{ data: AdminPage }>().data;
    expect(afterFirst.updated_at).not.toBe(created.updated_at);
    // The second still holds the copy they opened: their title change would put the old body back.
    const second = await editor.client.patch(`/content/pages/${created.id}/`, {
      title: 'Second',
      body_html: created.body_html,
      updated_at: created.updated_at,
    });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toMatchObject({ code: 'edit_conflict', message: contentMessages.editConflict });
    const stored = (await editor.client.get(`/content/pages/${created.id}/`)).json<{ data: AdminPage }>().data;
    expect(stored).toMatchObject({ title: created.title, body_html: '<p>First</p>', updated_at: afterFirst.updated_at });
    // Reloaded, the save goes through; a client that sends no time is not checked.
    expect(
      (await editor.client.patch(`/content/pages/${created.id}/`, { title: 'Second', updated_at: stored.updated_at })).statusCode,
    ).toBe(200);
    expect((await editor.client.patch(`/content/pages/${created.id}/`, { title: 'Third' })).statusCode).toBe(200);
  });

  it('shows a scheduled page only from its time on, even with the storefront cache warm', async () => {
    const handle = nextHandle('sale');
    const at = new Date(app().clock.nowMs() + 5 * MINUTE).toISOString();
    const created = (await editor.client.post('/content/pages/', pageInput(handle, { publish_at: at }))).json<{ data: AdminPage }>().data;
    expect(created).toMatchObject({ state: 'scheduled', publish_at: at });
    expect((await storefront(`/pages/${handle}/`)).statusCode).toBe(404);
    app().clock.advance(6 * MINUTE);
    expect((await storefront(`/pages/${handle}/`)).statusCode).toBe(200);
  });

  it('answers bad input with field messages and changes nothing', async () => {
    const taken = nextHandle('taken');
    await editor.client.post('/content/pages/', pageInput(taken));
    const count = async () => (await ctx().db.select().from(pages)).length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [pageInput('Not A Handle!'), 'handle'],
      [pageInput(nextHandle('x'), { title: '  ' }), 'title'],
      [pageInput(nextHandle('x'), { status: 'live' }), 'status'],
      [pageInput(nextHandle('x'), { publish_at: 'tomorrow' }), 'publish_at'],
      [pageInput(nextHandle('x'), { meta_title: 'x'.repeat(71) }), 'meta_title'],
      [pageInput(taken), 'handle'],
    ];
    for (const [payload, field] of cases) {
      const res = await editor.client.post('/content/pages/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).code).toBe('validation_failed');
      expect(Object.keys(errorOf(res).fields ?? {})).toContain(field);
    }
    const [page] = await ctx().db.select().from(pages).where(eq(pages.handle, taken));
    const clash = await editor.client.patch(`/content/pages/${page!.id}/`, { title: 'New', handle: 'Bad Handle' });
    expect(clash.statusCode).toBe(400);
    expect((await ctx().db.select().from(pages).where(eq(pages.id, page!.id)))[0]!.title).toBe('Returns and exchanges');
    expect(await count()).toBe(before);
    expect((await editor.client.patch('/content/pages/999999/', { title: 'x' })).statusCode).toBe(404);
  });

  it('publishes, schedules and unpublishes blog posts for the storefront list and article, audited', async () => {
    const live = nextHandle('monsoon');
    const later = nextHandle('winter');
    const draft = nextHandle('draft-post');
    const created = (await editor.client.post('/content/blog-posts/', postInput(live))).json<{ data: AdminBlogPost }>().data;
    expect(created).toMatchObject({ slug: live, state: 'published', cover: { original: '/media/ab/cover.jpg' } });
    const at = new Date(app().clock.nowMs() + 5 * MINUTE).toISOString();
    const scheduled = await editor.client.post('/content/blog-posts/', postInput(later, { publish_at: at }));
    expect(scheduled.json<{ data: AdminBlogPost }>().data.state).toBe('scheduled');
    await editor.client.post('/content/blog-posts/', postInput(draft, { status: 'draft' }));

    const listed = async () =>
      (await storefront('/blogs/?page=1&page_size=24')).json<{ results: BlogPostSummary[] }>().results.map((p) => p.slug);
    expect(await listed()).toContain(live);
    expect(await listed()).not.toContain(later);
    expect(await listed()).not.toContain(draft);
    expect((await storefront(`/blogs/${live}/`)).json<{ data: BlogPost }>().data.body_html).toBe('<p>Drink water.</p>');
    expect((await storefront(`/blogs/${later}/`)).statusCode).toBe(404);
    expect((await storefront(`/blogs/${draft}/`)).statusCode).toBe(404);

    app().clock.advance(6 * MINUTE);
    expect(await listed()).toContain(later);
    expect((await storefront(`/blogs/${later}/`)).statusCode).toBe(200);

    const off = await editor.client.patch(`/content/blog-posts/${created.id}/`, { status: 'draft' });
    expect(off.json<{ data: AdminBlogPost }>().data.state).toBe('draft');
    expect((await storefront(`/blogs/${live}/`)).statusCode).toBe(404);

    const entries = await auditFor('blog_post', created.id);
    expect(entries.map((e) => e.action)).toEqual(['blog_post.create', 'blog_post.update']);
    expect(entries[1]!.changes).toEqual({ status: ['published', 'draft'] });

    const bad = await editor.client.post('/content/blog-posts/', postInput(nextHandle('x'), { cover: { original: 1 }, excerpt: '' }));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(errorOf(bad).fields ?? {})).toEqual(expect.arrayContaining(['excerpt']));
    const dup = await editor.client.post('/content/blog-posts/', postInput(live));
    expect(errorOf(dup).fields).toEqual({ slug: expect.any(String) });
    expect(
      await ctx()
        .db.select()
        .from(blogPosts)
        .where(inArray(blogPosts.slug, [live, later, draft])),
    ).toHaveLength(3);
  });

  it('is for content.write: 403 for a fulfilment staffer, 401 without a staff token', async () => {
    const packer = await signedInStaff(app(), ctx().env, 'fulfilment');
    for (const res of [
      await packer.client.get('/content/pages/'),
      await packer.client.post('/content/pages/', pageInput(nextHandle('no'))),
      await packer.client.post('/content/blog-posts/', postInput(nextHandle('no'))),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
    }
    expect((await app().inject('/api/v1/admin/content/blog-posts/')).statusCode).toBe(401);
  });
});
