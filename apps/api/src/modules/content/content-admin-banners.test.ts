import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { AdminBanner } from '@store/shared/admin-content';
import type { ApiErrorBody } from '@store/shared/api';
import type { HomeResponse } from '@store/shared/content';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { auditLog } from '../staff/staff.tables.js';
import { clearContentCaches } from './content.service.js';
import { banners } from './content.tables.js';

const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;
const MINUTE = 60_000;
const image = { original: '/media/b/1.jpg', webp: '/media/b/1.webp', mobile: '/media/b/1-m.webp', alt: 'Sale', width: 1600, height: 600 };

const bannerInput = (title: string, overrides: Record<string, unknown> = {}) => ({
  department: '',
  placement: 'hero',
  title,
  subtitle: null,
  link_url: '/collections/sale',
  image,
  audience: 'all',
  device: 'all',
  starts_at: null,
  ends_at: null,
  position: 0,
  ...overrides,
});

describeOnDatabases('admin content: banners', (ctx) => {
  const app = () => ctx().app;
  let editor: { client: StaffClient };
  const homeTitles = async () =>
    (await app().inject('/api/v1/home/?department=')).json<{ data: HomeResponse }>().data.banners.map((b) => b.title);

  beforeAll(async () => {
    await createTestCatalog(ctx().db, 'bn');
  });
  beforeEach(async () => {
    clearContentCaches();
    editor = await signedInStaff(app(), ctx().env, 'content_editor');
  });

  it('schedules a banner: off the home page until its start, on it inside its window, gone after its end, audited', async () => {
    const start = new Date(app().clock.nowMs() + 10 * MINUTE);
    const end = new Date(start.getTime() + 60 * MINUTE);
    // The home answer is cached before the banner exists and while it waits: the window still decides.
    expect(await homeTitles()).not.toContain('Eid sale');
    const res = await editor.client.post(
      '/content/banners/',
      bannerInput('Eid sale', { starts_at: start.toISOString(), ends_at: end.toISOString(), device: 'mobile', audience: 'all' }),
    );
    expect(res.statusCode).toBe(201);
    const banner = res.json<{ data: AdminBanner }>().data;
    expect(banner).toMatchObject({ department: '', device: 'mobile', state: 'scheduled', starts_at: start.toISOString() });
    expect(await homeTitles()).not.toContain('Eid sale');

    app().clock.advance(11 * MINUTE);
    expect(await homeTitles()).toContain('Eid sale');
    app().clock.advance(60 * MINUTE);
    expect(await homeTitles()).not.toContain('Eid sale');
    // Over an hour later the morning's session has idled out: the editor signs in again.
    editor = await signedInStaff(app(), ctx().env, 'content_editor');
    const listed = (await editor.client.get('/content/banners/?department=')).json<{ data: AdminBanner[] }>().data;
    expect(listed.find((b) => b.id === banner.id)?.state).toBe('ended');

    const [entry] = await ctx()
      .db.select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(banner.id)));
    expect(entry).toMatchObject({ action: 'banner.create', entity: 'banner' });
    expect(entry!.changes).toMatchObject({ title: [null, 'Eid sale'], starts_at: [null, start.toISOString()] });
  });

  it('orders banners by position, shows a logged-in-only banner to no anonymous shopper, and deletes one, audited', async () => {
    const first = (await editor.client.post('/content/banners/', bannerInput('First', { position: 1 }))).json<{ data: AdminBanner }>().data;
    await editor.client.post('/content/banners/', bannerInput('Second', { position: 2 }));
    await editor.client.post('/content/banners/', bannerInput('Members', { audience: 'logged_in' }));
    let titles = await homeTitles();
    expect(titles.indexOf('First')).toBeLessThan(titles.indexOf('Second'));
    expect(titles).not.toContain('Members');

    const moved = await editor.client.patch(`/content/banners/${first.id}/`, { position: 3, updated_at: first.updated_at });
    expect(moved.json<{ data: AdminBanner }>().data.position).toBe(3);
    // A second editor saving from the copy loaded before that move is refused, and the move stays.
    const stale = await editor.client.patch(`/content/banners/${first.id}/`, { position: 0, updated_at: first.updated_at });
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ error: { code: string } }>().error.code).toBe('edit_conflict');
    titles = await homeTitles();
    expect(titles.indexOf('Second')).toBeLessThan(titles.indexOf('First'));

    expect((await editor.client.delete(`/content/banners/${first.id}/`)).statusCode).toBe(200);
    expect(await homeTitles()).not.toContain('First');
    const actions = (
      await ctx()
        .db.select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(first.id)))
        .orderBy(auditLog.id)
    ).map((e) => e.action);
    expect(actions).toEqual(['banner.create', 'banner.update', 'banner.delete']);
    expect((await editor.client.delete(`/content/banners/${first.id}/`)).statusCode).toBe(404);
  });

  it('answers bad input with field messages and changes nothing', async () => {
    const created = (await editor.client.post('/content/banners/', bannerInput('Keep'))).json<{ data: AdminBanner }>().data;
    const count = async () => (await ctx().db.select().from(banners)).length;
    const before = await count();
    const soon = new Date(app().clock.nowMs() + MINUTE).toISOString();
    const earlier = new Date(app().clock.nowMs()).toISOString();
    const cases: [Record<string, unknown>, string][] = [
      [bannerInput('x', { department: 'garden' }), 'department'],
      [bannerInput('x', { audience: 'vip' }), 'audience'],
      [bannerInput('x', { device: 'tv' }), 'device'],
      [bannerInput('x', { link_url: 'javascript:alert(1)' }), 'link_url'],
      [bannerInput('x', { link_url: '/\\evil.example' }), 'link_url'],
      [bannerInput('x', { image: { ...image, original: 'https://tracker.example/p.gif' } }), 'image.original'],
      [bannerInput('x', { starts_at: soon, ends_at: earlier }), 'ends_at'],
      [bannerInput(''), 'title'],
      [bannerInput('x', { image: { original: '/a.jpg' } }), 'image.webp'],
      [bannerInput('x', { department: 'toys' }), 'department'],
    ];
    for (const [payload, field] of cases) {
      const res = await editor.client.post('/content/banners/', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(errorOf(res).fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    // A patch is checked against the stored start too.
    await editor.client.patch(`/content/banners/${created.id}/`, { starts_at: soon });
    const clash = await editor.client.patch(`/content/banners/${created.id}/`, { ends_at: earlier, title: 'Changed' });
    expect(clash.statusCode, clash.body).toBe(400);
    expect(errorOf(clash).fields, clash.body).toEqual({ ends_at: expect.any(String) });
    const [row] = await ctx().db.select().from(banners).where(eq(banners.id, created.id));
    expect(row!.title).toBe('Keep');
    expect(await count()).toBe(before);
  });

  it('is for content.write: 403 for customer care', async () => {
    const care = await signedInStaff(app(), ctx().env, 'customer_care');
    expect((await care.client.post('/content/banners/', bannerInput('No'))).statusCode).toBe(403);
    expect((await care.client.get('/content/banners/')).statusCode).toBe(403);
  });
});
