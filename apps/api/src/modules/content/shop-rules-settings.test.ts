import { afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { DEFAULT_CARE_HOURS, DEFAULT_SAME_DAY_CUTOFF_HOUR, DEFAULT_STOCK_WARNING_THRESHOLD } from '@store/shared/admin-settings';
import type { CheckoutResponse } from '@store/shared/checkout';
import type { Page, PublicConfig } from '@store/shared/content';
import * as messages from '@store/shared/messages';
import { describeOnDatabases } from '../../../test/support/app.js';
import { createTestCatalog, newCustomer, type TestCatalog } from '../../../test/support/fixtures.js';
import { signedInStaff, type StaffClient } from '../../../test/support/staff.js';
import { clearContentCaches } from './content.service.js';
import { pages } from './content.tables.js';

/*
 * The three rules that were constants (issue 16 item 4): customer-care hours, the same-day cut-off
 * and the stock warning threshold. Each is changed through the admin API and seen on the
 * storefront's next request: the public config, a page's filled copy and the checkout's offer.
 */

/** Milliseconds until the next given hour and minute in Dhaka (UTC+6, no daylight saving). */
function untilDhakaTime(hour: number, minute: number, nowMs: number): number {
  const dhaka = new Date(nowMs + 6 * 3600_000);
  const target = Date.UTC(dhaka.getUTCFullYear(), dhaka.getUTCMonth(), dhaka.getUTCDate(), hour, minute) - 6 * 3600_000;
  return target > nowMs ? target - nowMs : target + 24 * 3600_000 - nowMs;
}

describeOnDatabases('the shop rules of the settings, on the storefront', (ctx) => {
  let owner: { email: string; client: StaffClient };
  let c: TestCatalog;
  const storefront = async <T>(path: string) => (await ctx().app.inject(`/api/v1${path}`)).json<{ data: T }>().data;
  const patch = async (body: object) => {
    // A fresh sign-in: the tests move the clock past a staff session's idle timeout.
    await owner.client.login(owner.email);
    const res = await owner.client.patch('/settings/', body);
    expect(res.statusCode, res.body).toBe(200);
  };

  beforeAll(async () => {
    owner = await signedInStaff(ctx().app, ctx().env, 'owner');
    c = await createTestCatalog(ctx().db, 'rules');
    await ctx()
      .db.insert(pages)
      .values({
        handle: 'rules-copy',
        title: 'Delivery',
        bodyHtml: '<p>Order before {{same_day_cutoff}}. Call us {{service_hours}}.</p>',
        metaDescription: 'Same day before {{same_day_cutoff}}',
        publishedAt: new Date('2020-01-01T00:00:00Z'),
      });
  });
  beforeEach(() => clearContentCaches());
  afterEach(async () => {
    await patch({
      care_hours: DEFAULT_CARE_HOURS,
      same_day_cutoff_hour: DEFAULT_SAME_DAY_CUTOFF_HOUR,
      stock_warning_threshold: DEFAULT_STOCK_WARNING_THRESHOLD,
    });
  });

  it('gives the public config the care hours and stock warning as set, on the next request', async () => {
    // Read first, so the storefront's cache holds the defaults.
    expect(await storefront<PublicConfig>('/public-config/')).toMatchObject({
      care_hours: DEFAULT_CARE_HOURS,
      stock_warning_threshold: DEFAULT_STOCK_WARNING_THRESHOLD,
    });
    const hours = { days: ['sat', 'sun', 'mon', 'tue', 'wed', 'thu'], open_hour: 9, close_hour: 21 };
    await patch({ care_hours: hours, stock_warning_threshold: 12 });
    expect(await storefront<PublicConfig>('/public-config/')).toMatchObject({ care_hours: hours, stock_warning_threshold: 12 });
  });

  it("fills a page's {{same_day_cutoff}} and {{service_hours}} with the settings of the moment", async () => {
    const before = await storefront<Page>('/pages/rules-copy/');
    expect(before.body_html).toBe(`<p>Order before 2 PM. Call us Sunday to Thursday, 10 AM to 6 PM.</p>`);
    expect(before.meta_description).toBe('Same day before 2 PM');

    await patch({ same_day_cutoff_hour: 16, care_hours: { days: ['fri', 'sat'], open_hour: 8, close_hour: 20 } });
    const after = await storefront<Page>('/pages/rules-copy/');
    expect(after.body_html).toBe('<p>Order before 4 PM. Call us Friday and Saturday, 8 AM to 8 PM.</p>');
    expect(after.meta_description).toBe('Same day before 4 PM');
  });

  it('offers same day before the cut-off as set: the summary, the choice and the fee follow a change', async () => {
    const s = await newCustomer(ctx().app);
    await s.add(c.cream50.id);
    const inside = await s.address();
    const chooseSameDay = async () =>
      (
        await s.request('POST', '/checkout/shipping_address/', { user_address_id: inside.id, delivery_type: 'same_day' })
      ).json<CheckoutResponse>();
    const sameDayOption = (r: CheckoutResponse) => r.data.shipping_options.find((o) => o.type === 'same_day')!;

    ctx().app.clock.advance(untilDhakaTime(13, 30, ctx().app.clock.nowMs()));
    // 13:30 in Dhaka, before the default cut-off of 2 PM.
    const open = await chooseSameDay();
    expect(open.message).toBeUndefined();
    expect(open.data).toMatchObject({ delivery_type: 'same_day', same_day_cutoff: '2 PM', totals: { shipping: 15_000 } });
    expect(sameDayOption(open)).toMatchObject({ available: true, reason: null });

    // The cut-off moves to 1 PM: the draft already on same day is priced as standard, and the choice falls back.
    await patch({ same_day_cutoff_hour: 13 });
    const shown = await s.checkout();
    expect(shown.data.same_day_cutoff).toBe('1 PM');
    expect(sameDayOption(shown)).toMatchObject({ available: false, reason: messages.sameDayUnavailable('1 PM') });
    expect(shown.data.totals.shipping).toBe(6_000);
    const closed = await chooseSameDay();
    expect(closed.message?.shipping).toBe(messages.sameDayUnavailable('1 PM'));
    expect(closed.data.delivery_type).toBe('standard');

    // Later in the day, a cut-off of 6 PM still offers it at 17:59…
    await patch({ same_day_cutoff_hour: 18 });
    ctx().app.clock.advance(untilDhakaTime(17, 59, ctx().app.clock.nowMs()));
    const evening = await chooseSameDay();
    expect(evening.message).toBeUndefined();
    expect(evening.data).toMatchObject({ delivery_type: 'same_day', same_day_cutoff: '6 PM', totals: { shipping: 15_000 } });
    // …and placing the order at 18:00 is refused with the cut-off as set.
    ctx().app.clock.advance(60_000);
    const late = await s.pay({ payment_method: 'cod', delivery_type: 'same_day', address_id: inside.id });
    expect(late.statusCode).toBe(400);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(messages.sameDayUnavailable('6 PM'));
  });
});
