import { beforeAll, beforeEach, expect, it } from 'vitest';
import type { AdminBanner } from '@store/shared/admin-content';
import type { HomeResponse } from '@store/shared/content';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { clearContentCaches } from './content.service.js';

const MINUTE = 60_000;
const image = { original: '/media/t/1.jpg', webp: '/media/t/1.webp', mobile: '/media/t/1-m.webp', alt: '', width: 1600, height: 600 };
const bannerInput = (title: string, overrides: Record<string, unknown> = {}) => ({
  department: '',
  placement: 'hero',
  title,
  subtitle: null,
  link_url: '/all-product',
  image,
  audience: 'all',
  device: 'all',
  starts_at: null,
  ends_at: null,
  position: 0,
  ...overrides,
});

/*
 * What the storefront's home answer shows of the banners staff schedule and target (issue 16 item 5):
 * the audience decides on the server, the device travels with each banner for the page to lay out
 * (a phone-only banner is hidden from 1024 px by CSS), and the window is read at each request.
 */
describeOnDatabases('storefront home: banner targeting', (ctx) => {
  const app = () => ctx().app;
  let editor: { client: StaffClient };
  const home = async (headers: Record<string, string> = {}) =>
    (await app().inject({ url: '/api/v1/home/?department=', headers })).json<{ data: HomeResponse }>().data.banners;

  beforeAll(async () => {
    await createTestCatalog(ctx().db, 'tg');
  });
  beforeEach(async () => {
    clearContentCaches();
    editor = await signedInStaff(app(), ctx().env, 'content_editor');
  });

  it('shows a Bangladesh-only banner to shoppers whose location is BD and to no one else anonymous', async () => {
    expect((await editor.client.post('/content/banners/', bannerInput('Cash on delivery', { audience: 'bd' }))).statusCode).toBe(201);
    expect((await home()).map((b) => b.title)).not.toContain('Cash on delivery');
    expect((await home({ 'my-location': 'INT' })).map((b) => b.title)).not.toContain('Cash on delivery');
    expect((await home({ 'my-location': 'BD' })).map((b) => b.title)).toContain('Cash on delivery');
  });

  it('gives each banner its device for the page to lay out, and drops one whose end came while the answer was cached', async () => {
    const end = new Date(app().clock.nowMs() + 5 * MINUTE).toISOString();
    const phone = (await editor.client.post('/content/banners/', bannerInput('Phone only', { device: 'mobile', ends_at: end }))).json<{
      data: AdminBanner;
    }>().data;
    await editor.client.post('/content/banners/', bannerInput('Desktop only', { device: 'desktop' }));
    const shown = await home();
    expect(shown.find((b) => b.title === 'Phone only')).toMatchObject({ id: phone.id, device: 'mobile' });
    expect(shown.find((b) => b.title === 'Desktop only')?.device).toBe('desktop');

    app().clock.advance(6 * MINUTE);
    const later = (await home()).map((b) => b.title);
    expect(later).not.toContain('Phone only');
    expect(later).toContain('Desktop only');
  });
});
