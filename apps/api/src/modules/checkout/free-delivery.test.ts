import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResponse, PayResponse } from '@store/shared/checkout';
import type { Banner, HomeResponse, Page, PublicConfig, SiteConfig } from '@store/shared/content';
import { describeOnDatabases } from '../../../test/support/app.js';
import { patchSetting } from '../content/index.js';
import { createTestCatalog, newCustomer, type TestCatalog } from '../../../test/support/fixtures.js';

/*
 * Free standard delivery is one setting (site.free_delivery: threshold and zones). Checkout, the
 * order, the banner, the highlight message, the header's conditions and the policy page all read it.
 */
describeOnDatabases(
  'free delivery',
  (ctx) => {
    let c: TestCatalog;
    beforeAll(async () => {
      c = await createTestCatalog(ctx().db, 'fd');
    });
    const setRule = (rule: unknown) => patchSetting(ctx(), 'site', { free_delivery: rule });
    const json = async <T>(url: string) => (await ctx().app.inject(`/api/v1${url}`)).json<{ data: T }>().data;
    /** The delivery banner is shown to shoppers in Bangladesh; a signed-in customer counts as one. */
    const homeBanners = async () =>
      (await (await newCustomer(ctx().app)).request('GET', '/home/')).json<{ data: HomeResponse }>().data.banners;

    it('waives standard delivery inside Dhaka once the items reach ৳2,000, and the order keeps it', async () => {
      await setRule({ threshold: 200_000, zones: ['inside_dhaka'] });
      const s = await newCustomer(ctx().app);
      await s.add(c.serum30.id, 2); // ৳1,800: under the threshold
      const inside = await s.address();
      const under = (await s.checkout()).data;
      expect(under.totals).toMatchObject({ subtotal: 180_000, shipping: 6_000, shipping_waived: 0, free_delivery: false, total: 186_000 });
      expect(under.free_delivery).toEqual({ threshold: 200_000, zones: ['inside_dhaka'] });
      await s.add(c.mask1.id); // ৳2,000: exactly the threshold
      const over = (await s.checkout()).data;
      expect(over.shipping_address_id).toBe(inside.id);
      expect(over.totals).toMatchObject({ subtotal: 200_000, shipping: 0, shipping_waived: 6_000, free_delivery: true, total: 200_000 });
      expect(over.shipping_options.find((o) => o.type === 'standard')?.fee).toBe(0);
      const paid = await s.pay({ payment_method: 'cod' }, 'free-delivery-1');
      expect(paid.statusCode, paid.body).toBe(200);
      const order = (await s.request('GET', `/orders/${paid.json<PayResponse>().data.order.number}/`)).json<{
        data: { shipping: number; shipping_waived: number; total: number };
      }>().data;
      expect(order).toMatchObject({ shipping: 0, shipping_waived: 6_000, total: 200_000 });
    });

    it('charges other zones, same-day delivery, and a bag under the threshold', async () => {
      await setRule({ threshold: 200_000, zones: ['inside_dhaka'] });
      const s = await newCustomer(ctx().app);
      await s.add(c.cream50.id, 2); // ৳3,000
      const outside = await s.address({ division: 'Sylhet', location: 'Sylhet', area: 'Jalalabad' });
      const set = async (body: object) => (await s.request('POST', '/checkout/shipping_address/', body)).json<CheckoutResponse>().data;
      expect((await set({ user_address_id: outside.id, delivery_type: 'standard' })).totals).toMatchObject({
        shipping: 13_000,
        free_delivery: false,
      });
      // The same bag outside Dhaka is free once the owner adds the zone.
      await setRule({ threshold: 200_000, zones: ['inside_dhaka', 'outside_dhaka'] });
      expect((await s.checkout()).data.totals).toMatchObject({ shipping: 0, shipping_waived: 13_000, free_delivery: true });
      // Off: nothing is free.
      await setRule(null);
      expect((await s.checkout()).data.totals).toMatchObject({ shipping: 13_000, free_delivery: false });
    });

    it('states the rule in the banner, the highlight message, the header and the policy page, from the same setting', async () => {
      await setRule({ threshold: 200_000, zones: ['inside_dhaka'] });
      const text = 'Free standard delivery inside Dhaka on orders of ৳2,000 or more';
      expect((await json<PublicConfig>('/public-config/')).free_delivery_text).toBe(text);
      expect((await json<SiteConfig>('/site-config/')).highlight_message).toBe(text);
      expect((await homeBanners()).some((b: Banner) => b.subtitle === text)).toBe(true);
      const policy = await json<Page>('/pages/shipping-policy/');
      expect(policy.body_html).toContain(`<h2 id="free-delivery">Free delivery</h2>`);
      expect(policy.body_html).toContain(`<strong>${text}</strong>`);
      expect(policy.body_html).toContain('Order before 2 PM');
      expect(policy.body_html).not.toMatch(/\{\{/);

      await setRule({ threshold: 350_000, zones: ['inside_dhaka', 'dhaka_suburb'] });
      const changed = 'Free standard delivery inside Dhaka and to the Dhaka suburbs on orders of ৳3,500 or more';
      expect((await json<PublicConfig>('/public-config/')).free_delivery_text).toBe(changed);
      expect((await json<SiteConfig>('/site-config/')).highlight_message).toBe(changed);
      expect((await json<Page>('/pages/shipping-policy/')).body_html).toContain(changed);

      await setRule(null);
      expect((await json<PublicConfig>('/public-config/')).free_delivery_text).toBeNull();
      expect((await json<SiteConfig>('/site-config/')).highlight_message).toBeNull();
      const delivery = (await homeBanners()).find((b: Banner) => b.title === 'Cash on delivery, all over Bangladesh');
      expect(delivery).toMatchObject({ subtitle: null });
      await setRule({ threshold: 200_000, zones: ['inside_dhaka'] });
    });
  },
  { seed: true },
);

describe('free delivery words', () => {
  it('reads the rule as a sentence and as the bag’s progress', async () => {
    const { freeDeliveryProgress, freeDeliveryText } = await import('@store/shared/checkout-rules');
    const rule = { threshold: 200_000, zones: ['inside_dhaka' as const] };
    expect(freeDeliveryText({ threshold: 150_000, zones: ['inside_dhaka', 'dhaka_suburb', 'outside_dhaka'] })).toBe(
      'Free standard delivery anywhere in Bangladesh on orders of ৳1,500 or more',
    );
    expect(freeDeliveryProgress(rule, 120_000)).toBe('Add ৳800 more for free standard delivery inside Dhaka');
    expect(freeDeliveryProgress(rule, 200_000)).toBe('Your order qualifies for free standard delivery inside Dhaka');
    expect(freeDeliveryProgress(null, 120_000)).toBeNull();
  });
});
