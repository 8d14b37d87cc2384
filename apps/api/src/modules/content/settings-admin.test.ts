import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import type { AdminSettings } from '@store/shared/admin-settings';
import type { ApiErrorBody } from '@store/shared/api';
import type { BasicSettings, PublicConfig, SiteSettings } from '@store/shared/content';
import { describeOnDatabases } from '../../../test/support/app.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { PageCache } from '../../plugins/page-cache.js';
import { auditLog } from '../staff/staff.tables.js';
import { clearContentCaches } from './content.service.js';
import { settings } from './content.tables.js';
import { PREVIEW_COOKIE, PREVIEW_TTL_MS } from './settings-admin.js';

type SettingsBody = { data: AdminSettings };
const errorOf = (res: { json: <T>() => T }) => res.json<ApiErrorBody>().error;

describeOnDatabases('admin settings', (ctx) => {
  const app = () => ctx().app;
  let owner: { member: { id: number }; client: StaffClient };
  const settingsNow = async () => (await owner.client.get('/settings/')).json<SettingsBody>().data;
  const storefront = async <T>(path: string) => (await app().inject(`/api/v1${path}`)).json<{ data: T }>().data;
  const auditRows = () => ctx().db.select().from(auditLog).where(eq(auditLog.entity, 'settings'));

  beforeEach(async () => {
    clearContentCaches();
    owner ??= await signedInStaff(app(), ctx().env, 'owner');
  });

  it('shows every setting, each at the value the storefront uses when nothing is stored', async () => {
    const res = await owner.client.get('/settings/');
    expect(res.statusCode).toBe(200);
    expect(res.json<SettingsBody>().data).toEqual({
      SMS_TIMER: 2,
      OTP_VALIDITY: 5,
      shipping_fees: { same_day: 15000, standard_inside_dhaka: 6000, dhaka_suburb: 10000, outside_dhaka: 13000 },
      free_delivery: { threshold: 200_000, zones: ['inside_dhaka'] },
      site_under_maintenance: false,
      colours: {
        general: { main: '#c2185b', separator: '#f3d1dc', font: '#1f1f1f' },
        registered: { main: '#8e24aa', separator: '#e6d0ee', font: '#1f1f1f' },
      },
      logo: null,
      logo_logged: null,
      // The environment's contacts, as the public config shows them.
      support_phone: ctx().env.SUPPORT_PHONE,
      whatsapp_number: ctx().env.WHATSAPP_NUMBER,
      support_email: ctx().env.SUPPORT_EMAIL,
      care_hours: { days: ['sun', 'mon', 'tue', 'wed', 'thu'], open_hour: 10, close_hour: 18 },
      search_redirects: { toy_brand_words: [], luxury: null },
      same_day_cutoff_hour: 14,
      stock_warning_threshold: 5,
      cod_deposit_high_risk: false,
    });
  });

  it('changes a subset at once for the storefront, keeps the rest, and audits only what changed', async () => {
    // Read first, so the storefront's caches hold the old values.
    expect((await storefront<SiteSettings>('/settings/')).SMS_TIMER).toBe(2);
    expect((await storefront<PublicConfig>('/public-config/')).support_phone).toBe(ctx().env.SUPPORT_PHONE);
    const before = await settingsNow();

    const res = await owner.client.patch('/settings/', {
      SMS_TIMER: 3,
      shipping_fees: { same_day: 20000 },
      colours: { general: { main: '#123456', separator: '#abcdef', font: '#000000' } },
      support_phone: '+8809610002020',
      care_hours: { days: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'], open_hour: 9, close_hour: 21 },
      search_redirects: { toy_brand_words: [' LEGO ', 'barbie'] },
      same_day_cutoff_hour: 13,
      stock_warning_threshold: 3,
    });
    expect(res.statusCode).toBe(200);
    const after = res.json<SettingsBody>().data;
    expect(after).toEqual({
      ...before,
      SMS_TIMER: 3,
      shipping_fees: { ...before.shipping_fees, same_day: 20000 },
      colours: { ...before.colours, general: { main: '#123456', separator: '#abcdef', font: '#000000' } },
      support_phone: '+8809610002020',
      care_hours: { days: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'], open_hour: 9, close_hour: 21 },
      search_redirects: { toy_brand_words: ['lego', 'barbie'], luxury: null },
      same_day_cutoff_hour: 13,
      stock_warning_threshold: 3,
    });
    expect(await settingsNow()).toEqual(after);

    // The storefront's next request sees it: no cache keeps the old values.
    const site = await storefront<SiteSettings>('/settings/');
    expect(site.SMS_TIMER).toBe(3);
    expect(site.shipping_fees.same_day).toBe(20000);
    expect(site.OTP_VALIDITY).toBe(5);
    expect((await storefront<PublicConfig>('/public-config/')).support_phone).toBe('+8809610002020');
    expect((await storefront<{ data: BasicSettings }>('/basic-settings/')).data.colours.general.main).toBe('#123456');
    const [redirects] = await ctx().db.select().from(settings).where(eq(settings.key, 'search_redirects'));
    expect(redirects?.value).toEqual({ toy_brand_words: ['lego', 'barbie'], luxury: null });
    // A field never patched stays unstored: it keeps following its default (here the environment's).
    const [siteRow] = await ctx().db.select().from(settings).where(eq(settings.key, 'site'));
    expect(siteRow?.value).not.toHaveProperty('whatsapp_number');

    const rows = await auditRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'settings.update', staffId: owner.member.id, entityId: null, ip: owner.client.ip });
    expect(Object.keys(rows[0]!.changes).sort()).toEqual(
      [
        'SMS_TIMER',
        'care_hours',
        'colours',
        'same_day_cutoff_hour',
        'search_redirects',
        'shipping_fees',
        'stock_warning_threshold',
        'support_phone',
      ].sort(),
    );
    expect(rows[0]!.changes.SMS_TIMER).toEqual([2, 3]);

    // Saving the same values again changes nothing and leaves no audit row.
    expect((await owner.client.patch('/settings/', { SMS_TIMER: 3 })).statusCode).toBe(200);
    expect(await auditRows()).toHaveLength(1);
  });

  it('refuses bad values field by field and writes nothing', async () => {
    const before = await settingsNow();
    const audited = (await auditRows()).length;
    const bad = [
      [{ SMS_TIMER: 0 }, 'SMS_TIMER'],
      [{ OTP_VALIDITY: 2.5 }, 'OTP_VALIDITY'],
      [{ shipping_fees: { outside_dhaka: -1 } }, 'shipping_fees.outside_dhaka'],
      [{ shipping_fees: { same_day: 99_999_999 } }, 'shipping_fees.same_day'],
      [{ free_delivery: { threshold: 100, zones: [] } }, 'free_delivery.zones'],
      [{ free_delivery: { threshold: 100, zones: ['mars'] } }, 'free_delivery.zones.0'],
      [{ site_under_maintenance: 'yes' }, 'site_under_maintenance'],
      [{ colours: { registered: { main: 'red', separator: '#ffffff', font: '#000000' } } }, 'colours.registered.main'],
      [{ support_phone: '01711' }, 'support_phone'],
      [{ whatsapp_number: '+8802123456789' }, 'whatsapp_number'],
      [{ support_email: 'not-an-email' }, 'support_email'],
      [{ care_hours: { days: ['sun'], open_hour: 18, close_hour: 10 } }, 'care_hours.close_hour'],
      [{ care_hours: { days: ['sun', 'sun'], open_hour: 9, close_hour: 10 } }, 'care_hours.days'],
      [{ search_redirects: { toy_brand_words: ['lego', 'LEGO'] } }, 'search_redirects.toy_brand_words'],
      [{ search_redirects: { luxury: { word: 'dior', brand: 'Dior House' } } }, 'search_redirects.luxury.brand'],
      [{ same_day_cutoff_hour: 24 }, 'same_day_cutoff_hour'],
      [{ stock_warning_threshold: 0 }, 'stock_warning_threshold'],
    ] as const;
    for (const [payload, field] of bad) {
      const res = await owner.client.patch('/settings/', { SMS_TIMER: 4, ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('validation_failed');
      expect(Object.keys(error.fields ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const unknown = await owner.client.patch('/settings/', { SMS_TIMER: 4, logo_colour: '#000000' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown).code).toBe('validation_failed');
    expect(await settingsNow()).toEqual(before);
    expect(await auditRows()).toHaveLength(audited);
  });

  it('keeps both of two saves made at the same time', async () => {
    const [a, b] = await Promise.all([
      owner.client.patch('/settings/', { SMS_TIMER: 7 }),
      owner.client.patch('/settings/', { OTP_VALIDITY: 11 }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await settingsNow()).toMatchObject({ SMS_TIMER: 7, OTP_VALIDITY: 11 });
  });

  it('is for settings.write only: 403 for other roles, 401 without a staff token or with a shopper’s', async () => {
    const editor = await signedInStaff(app(), ctx().env, 'content_editor');
    for (const res of [await editor.client.get('/settings/'), await editor.client.patch('/settings/', { SMS_TIMER: 9 })]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res).code).toBe('forbidden');
    }
    const manager = await signedInStaff(app(), ctx().env, 'manager');
    expect((await manager.client.get('/settings/')).statusCode).toBe(200);
    const anonymous = await app().inject({ method: 'PATCH', url: '/api/v1/admin/settings/', payload: { SMS_TIMER: 9 } });
    expect(anonymous.statusCode).toBe(401);
    expect(errorOf(anonymous).code).toBe('login_required');
    expect((await settingsNow()).SMS_TIMER).not.toBe(9);
  });

  it('puts the store under maintenance at once, and lets a signed-in staff member preview it by a cookie', async () => {
    const maintenance = async (cookie?: string) => {
      const config = await app().inject({ url: '/api/v1/basic-settings/' });
      const preview = await app().inject({ url: '/api/v1/staff-preview/', ...(cookie ? { cookies: { [PREVIEW_COOKIE]: cookie } } : {}) });
      expect(preview.headers['cache-control']).toBe('private, no-store');
      return {
        on: config.json<{ data: { data: BasicSettings } }>().data.data.site_under_maintenance,
        preview: preview.json<{ data: { preview: boolean } }>().data.preview,
      };
    };
    expect(await maintenance()).toEqual({ on: false, preview: false });
    expect((await owner.client.patch('/settings/', { site_under_maintenance: true })).statusCode).toBe(200);
    expect(await maintenance()).toEqual({ on: true, preview: false });

    // Any staff member may preview; the cookie is httpOnly, Lax, for the whole site, 12 hours at most.
    const packer = await signedInStaff(app(), ctx().env, 'fulfilment');
    const issued = await packer.client.post('/preview/');
    expect(issued.statusCode).toBe(200);
    const cookie = issued.cookies.find((c) => c.name === PREVIEW_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: PREVIEW_TTL_MS / 1000 });
    expect(await maintenance(cookie!.value)).toEqual({ on: true, preview: true });

    // A forged or altered cookie is nothing.
    const [staffId, sessionId, expires, mac] = cookie!.value.split('.');
    expect(await maintenance(`${staffId}.${sessionId}.${Number(expires) + 86_400_000}.${mac}`)).toMatchObject({ preview: false });
    expect(await maintenance(`${Number(staffId) + 1}.${sessionId}.${expires}.${mac}`)).toMatchObject({ preview: false });
    expect(await maintenance('1.1.1.x')).toMatchObject({ preview: false });
    // Without a staff token there is no cookie to be had.
    expect((await app().inject({ method: 'POST', url: '/api/v1/admin/preview/' })).statusCode).toBe(401);

    // The preview ends with the staff session it was issued for.
    expect((await packer.client.post('/auth/logout/')).statusCode).toBe(200);
    expect(await maintenance(cookie!.value)).toMatchObject({ preview: false });

    expect((await owner.client.patch('/settings/', { site_under_maintenance: false })).statusCode).toBe(200);
    expect(await maintenance()).toEqual({ on: false, preview: false });
  });

  it('never shares a page rendered for a staff preview through the page cache', () => {
    const pages = new PageCache(5_000);
    const request = (cookies: Record<string, string>) => ({ method: 'GET', url: '/', headers: {}, cookies }) as unknown as FastifyRequest;
    expect(pages.keyOf(request({}))).not.toBeNull();
    expect(pages.keyOf(request({ [PREVIEW_COOKIE]: 'anything' }))).toBeNull();
  });
});
