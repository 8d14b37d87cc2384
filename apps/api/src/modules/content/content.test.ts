import { beforeEach, expect, it } from 'vitest';
import type { BlogPost, BlogPostSummary, Page, PublicConfig } from '@store/shared/content';
import { describeOnDatabases } from '../../../test/support/app.js';
import { blogPosts, pages } from './content.tables.js';
import { clearContentCaches, writeSetting } from './content.service.js';

describeOnDatabases(
  'content',
  (ctx) => {
    beforeEach(() => clearContentCaches());

    it('serves the public config from the environment until a site setting overrides it', async () => {
      const res = await ctx().app.inject('/api/v1/public-config/');
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: PublicConfig }>().data).toEqual({
        support_phone: '+8801999000111',
        support_email: 'help@example.com',
        whatsapp_number: '+8801888000222',
        site_under_maintenance: false,
        free_delivery: { threshold: 200_000, zones: ['inside_dhaka'] },
        free_delivery_text: 'Free standard delivery inside Dhaka on orders of ৳2,000 or more',
        care_hours: { days: ['sun', 'mon', 'tue', 'wed', 'thu'], open_hour: 10, close_hour: 18 },
        stock_warning_threshold: 5,
        facebook_pixel_id: '1234567890',
        locale_prefix: 'en-bd',
        // RUM_SAMPLE_RATE's default: a quarter of page loads report their Web Vitals.
        rum_sample_rate: 0.25,
        error_reporting: null,
      });

      await writeSetting(ctx(), 'site', { support_phone: '+8809610999999', site_under_maintenance: true });
      const after = (await ctx().app.inject('/api/v1/public-config/')).json<{ data: PublicConfig }>().data;
      expect(after.support_phone).toBe('+8809610999999');
      expect(after.support_email).toBe('help@example.com');
      expect(after.site_under_maintenance).toBe(true);
      // The one maintenance switch shows in the basic settings the shell reads too.
      const basic = (await ctx().app.inject('/api/v1/basic-settings/')).json<{ data: { data: { site_under_maintenance: boolean } } }>();
      expect(basic.data.data.site_under_maintenance).toBe(true);
      await writeSetting(ctx(), 'site', { site_under_maintenance: false });
    });

    it('serves a content page with its body sanitised, and 404 for an unknown handle', async () => {
      await ctx().db.insert(pages).values({
        handle: 'test-returns',
        title: 'Returns',
        bodyHtml:
          '<h2>Returns</h2><p onclick="steal()">Within <strong>7 days</strong>.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>',
        metaDescription: 'How returns work',
      });
      const res = await ctx().app.inject('/api/v1/pages/test-returns/');
      expect(res.statusCode).toBe(200);
      const page = res.json<{ data: Page }>().data;
      expect(page).toMatchObject({ handle: 'test-returns', title: 'Returns', meta_title: 'Returns', meta_description: 'How returns work' });
      expect(page.body_html).toBe('<h2>Returns</h2><p>Within <strong>7 days</strong>.</p><a>x</a>');

      const missing = await ctx().app.inject('/api/v1/pages/no-such-page/');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ error: { code: 'not_found', message: 'Page not found' } });
    });

    it('lists blog posts newest first, six a page, and serves an article sanitised', async () => {
      const base = Date.UTC(2025, 0, 1);
      await ctx()
        .db.insert(blogPosts)
        .values(
          Array.from({ length: 8 }, (_, i) => ({
            slug: `test-post-${i + 1}`,
            title: `Post ${i + 1}`,
            excerpt: `Excerpt ${i + 1}`,
            bodyHtml: `<p>Body ${i + 1}</p><iframe src="https://evil.example"></iframe>`,
            author: 'Editor',
            publishedAt: new Date(base + i * 86_400_000),
          })),
        );
      type List = { count: number; page: number; page_size: number; results: BlogPostSummary[] };
      const first = (await ctx().app.inject('/api/v1/blogs/?page=1')).json<List>();
      expect(first.page_size).toBe(6);
      expect(first.count).toBeGreaterThanOrEqual(8);
      const ours = first.results.filter((p) => p.slug.startsWith('test-post-'));
      expect(ours.map((p) => p.slug)).toEqual(
        ours
          .map((p) => p.slug)
          .sort()
          .reverse(),
      );

      const post = (await ctx().app.inject('/api/v1/blogs/test-post-3/')).json<{ data: BlogPost }>().data;
      expect(post).toMatchObject({
        slug: 'test-post-3',
        title: 'Post 3',
        author: 'Editor',
        published_at: new Date(base + 2 * 86_400_000).toISOString(),
      });
      expect(post.body_html).toBe('<p>Body 3</p>');

      const small = (await ctx().app.inject('/api/v1/blogs/?page=2&page_size=3')).json<List>();
      expect(small).toMatchObject({ page: 2, page_size: 3 });
      expect(small.results.map((p) => p.slug)).toEqual(first.results.slice(3, 6).map((p) => p.slug));

      expect((await ctx().app.inject('/api/v1/blogs/?page=0')).statusCode).toBe(400);
      expect((await ctx().app.inject('/api/v1/blogs/?page_size=100')).statusCode).toBe(400);
      expect((await ctx().app.inject('/api/v1/blogs/nope-nope/')).statusCode).toBe(404);
    });

    it('lets development and test switch maintenance on and off through the settings endpoint', async () => {
      const on = await ctx().app.inject({ method: 'PUT', url: '/api/v1/dev/settings/site/', payload: { site_under_maintenance: true } });
      expect(on.statusCode).toBe(200);
      expect(on.json<{ data: Record<string, unknown> }>().data.site_under_maintenance).toBe(true);
      expect((await ctx().app.inject('/api/v1/public-config/')).json<{ data: PublicConfig }>().data.site_under_maintenance).toBe(true);
      await ctx().app.inject({ method: 'PUT', url: '/api/v1/dev/settings/site/', payload: { site_under_maintenance: false } });
      expect((await ctx().app.inject('/api/v1/public-config/')).json<{ data: PublicConfig }>().data.site_under_maintenance).toBe(false);
      expect((await ctx().app.inject({ method: 'PUT', url: '/api/v1/dev/settings/users/', payload: {} })).statusCode).toBe(400);
    });

    it('takes settings changes only from this machine, whatever a forwarded header says', async () => {
      for (const local of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await ctx().app.inject({
          method: 'PUT',
          url: '/api/v1/dev/settings/basic/',
          remoteAddress: local,
          payload: {},
        });
        expect(res.statusCode, local).toBe(200);
      }
      for (const remote of ['192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1']) {
        const res = await ctx().app.inject({
          method: 'PUT',
          url: '/api/v1/dev/settings/site/',
          remoteAddress: remote,
          headers: { 'x-forwarded-for': '127.0.0.1' },
          payload: { site_under_maintenance: true },
        });
        expect(res.statusCode, remote).toBe(404);
        expect(res.json<{ error: { code: string } }>().error.code).toBe('not_found');
      }
      expect((await ctx().app.inject('/api/v1/public-config/')).json<{ data: PublicConfig }>().data.site_under_maintenance).toBe(false);
    });
  },
  {
    env: {
      SUPPORT_PHONE: '+8801999000111',
      SUPPORT_EMAIL: 'help@example.com',
      WHATSAPP_NUMBER: '+8801888000222',
      FACEBOOK_PIXEL_ID: '1234567890',
      LOCALE_PREFIX: 'en-bd',
    },
  },
);

describeOnDatabases(
  'content in production',
  (ctx) => {
    it('has no development settings endpoint', async () => {
      const res = await ctx().app.inject({ method: 'PUT', url: '/api/v1/dev/settings/site/', payload: { site_under_maintenance: true } });
      expect(res.statusCode).toBe(404);
      expect((await ctx().app.inject('/api/v1/public-config/')).json<{ data: PublicConfig }>().data.site_under_maintenance).toBe(false);
    });
  },
  { env: { NODE_ENV: 'production' } },
);
