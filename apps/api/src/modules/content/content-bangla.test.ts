import { expect, it } from 'vitest';
import type { AdminPage } from '@store/shared/admin-content';
import type { Banner, BlogPost, FooterGroup, HomeResponse, NavItem, Page } from '@store/shared/content';
import type { BrandSummary, ProductListResponse } from '@store/shared/catalog';
import { describeOnDatabases } from '../../../test/support/app.js';
import { signedInStaff } from '../../../test/support/staff.js';
import { BANNERS_BN, COLLECTION_TITLES_BN, PAGES_BN, TITLES_BN } from '../../db/seed/content-bangla.js';

/**
 * Issue 21 item 4 on the demo shop: menus, footer, banners, pages, articles, brands and categories
 * answer a Bangla page in Bangla and an English page in English (each answer kept per language),
 * and a Bangla field left empty shows the English.
 */
describeOnDatabases(
  'content in Bangla and English',
  (ctx) => {
    const get = async <T>(url: string, locale: 'en' | 'bn') => {
      const res = await ctx().app.inject({ url: `/api/v1${url}`, headers: { 'x-store-locale': locale } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };

    it('words the menu, the footer and the home banners in the page’s language', async () => {
      for (const locale of ['en', 'bn', 'en'] as const) {
        const nav = (await get<{ data: { data: NavItem[] } }>('/navigation/?type=beauty', locale)).data.data;
        const footer = (await get<{ data: { data: FooterGroup[] } }>('/footer/?type=beauty', locale)).data.data;
        const home = (await get<{ data: HomeResponse }>('/home/?department=', locale)).data;
        const skincare = nav.find((n) => n.title === 'Skincare' || n.title === TITLES_BN.Skincare);
        expect(skincare?.title).toBe(locale === 'bn' ? TITLES_BN.Skincare : 'Skincare');
        const group = footer[0]!;
        expect(Object.values(TITLES_BN).includes(group.title)).toBe(locale === 'bn');
        const banner: Banner = home.banners[0]!;
        const english = Object.keys(BANNERS_BN);
        expect(english.includes(banner.title)).toBe(locale === 'en');
        if (locale === 'bn') expect(Object.values(BANNERS_BN).map((b) => b.title)).toContain(banner.title);
        // The home sliders' headings are the collections' titles.
        expect(home.sections.map((section) => section.title)).toContain(
          locale === 'bn' ? COLLECTION_TITLES_BN['new-arrivals'] : 'New arrivals',
        );
      }
    });

    it('gives pages, articles, a brand and the category filter in Bangla, English on English pages', async () => {
      const about = (locale: 'en' | 'bn') => get<{ data: Page }>('/pages/about-us/', locale).then((r) => r.data);
      expect((await about('bn')).title).toBe(PAGES_BN['about-us']!.title);
      expect((await about('bn')).body_html).toContain('গ্লো বাজারের যাত্রা শুরু');
      expect((await about('en')).title).not.toBe(PAGES_BN['about-us']!.title);
      expect((await about('en')).body_html).not.toMatch(/[\u0980-\u09FF]/);

      const slug = 'skincare-routine-for-humid-dhaka-weather';
      const post = (locale: 'en' | 'bn') => get<{ data: BlogPost }>(`/blogs/${slug}/`, locale).then((r) => r.data);
      expect((await post('bn')).title).toMatch(/[\u0980-\u09FF]/);
      expect((await post('bn')).body_html).toMatch(/[\u0980-\u09FF]/);
      expect((await post('en')).title).not.toMatch(/[\u0980-\u09FF]/);

      const brand = (locale: 'en' | 'bn') => get<{ data: BrandSummary }>('/brands/cerave/', locale).then((r) => r.data);
      expect((await brand('bn')).description).toMatch(/[\u0980-\u09FF]/);
      expect((await brand('en')).description).not.toMatch(/[\u0980-\u09FF]/);

      const facets = (locale: 'en' | 'bn') =>
        get<ProductListResponse>('/products/?department=&page_size=1', locale).then((r) => r.facets.categories.map((c) => c.label));
      const bangla = await facets('bn');
      expect(bangla.every((label) => /[\u0980-\u09FF]/.test(label))).toBe(true);
      // In Bangla's alphabetical order, not their English names'.
      expect(bangla).toEqual([...bangla].sort(new Intl.Collator('bn').compare));
      const english = await facets('en');
      expect(english).toEqual([...english].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
      expect(english.some((label) => /[\u0980-\u09FF]/.test(label))).toBe(false);
    });

    it('edits a page’s Bangla beside its English in the back office; emptied, the Bangla page shows the English', async () => {
      const { client } = await signedInStaff(ctx().app, ctx().env, 'content_editor');
      const list = await client.get('/content/pages/');
      expect(list.statusCode, list.body).toBe(200);
      const pageId = list.json<{ data: { id: number; handle: string }[] }>().data.find((p) => p.handle === 'return-policy')!.id;
      const loaded = (await client.get(`/content/pages/${pageId}/`)).json<{ data: AdminPage }>().data;
      expect(loaded.title_bn).toBe(PAGES_BN['return-policy']!.title);

      const saved = await client.patch(`/content/pages/${pageId}/`, {
        title_bn: 'ফেরতের নিয়ম (নতুন)',
        body_html_bn: '<p onclick="x()">নতুন <strong>নিয়ম</strong></p>',
        updated_at: loaded.updated_at,
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const page = (locale: 'en' | 'bn') => get<{ data: Page }>('/pages/return-policy/', locale).then((r) => r.data);
      expect(await page('bn')).toMatchObject({ title: 'ফেরতের নিয়ম (নতুন)', body_html: '<p>নতুন <strong>নিয়ম</strong></p>' });
      expect((await page('en')).title).toBe(loaded.title);

      const emptied = await client.patch(`/content/pages/${pageId}/`, {
        title_bn: ' ',
        body_html_bn: '',
        updated_at: saved.json<{ data: AdminPage }>().data.updated_at,
      });
      expect(emptied.statusCode, emptied.body).toBe(200);
      expect(emptied.json<{ data: AdminPage }>().data).toMatchObject({ title_bn: '', body_html_bn: '' });
      expect((await page('bn')).title).toBe(loaded.title);
      expect((await page('bn')).body_html).toBe((await page('en')).body_html);
    });
  },
  { seed: true },
);
