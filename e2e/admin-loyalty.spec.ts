import type { APIRequestContext } from '@playwright/test';
import { DEFAULT_LOYALTY_RULES, loyaltyMessages, type AdminLoyaltySettings } from '@store/shared/loyalty';
import { ADMIN_API, OWNER, apiToken, bearer, newMember, openNav, signInAs } from './support/admin';
import { signedInShopper } from './support/shopper';
import { ONCE, expect, test } from './support/test';

/*
 * The loyalty programme in the back office (issue 22). The programme's rules are the whole shop's:
 * that journey runs once (on the phone) so two projects never edit them at the same time, and it puts
 * the default rules back at its end. A points adjustment touches one new customer only, so it runs
 * on both screens.
 */

async function programme(request: APIRequestContext, token: string): Promise<AdminLoyaltySettings> {
  const res = await request.get(`${ADMIN_API}/loyalty/settings/`, { headers: bearer(token) });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: AdminLoyaltySettings }).data;
}

/** Saves the default rules over whatever is there now (as someone else in another tab would). */
async function saveDefaults(request: APIRequestContext, token: string) {
  const { updated_at } = await programme(request, token);
  const res = await request.put(`${ADMIN_API}/loyalty/settings/`, {
    headers: bearer(token),
    data: { rules: DEFAULT_LOYALTY_RULES, loaded_at: updated_at },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test(
  'the programme refuses tiers out of order, keeps a good save, and says when someone else saved first',
  { tag: ONCE },
  async ({ page, request }) => {
    test.setTimeout(90_000);
    const token = await apiToken(request, OWNER.email, OWNER.password);
    const before = await programme(request, token);
    try {
      await signInAs(page, OWNER.email, OWNER.password);
      await (await openNav(page)).getByRole('link', { name: 'Programme' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Loyalty programme' })).toBeVisible();
      const form = page.getByRole('form', { name: 'Loyalty programme' });
      const threshold = (tier: number) => form.getByRole('group', { name: `Tier ${tier}` }).getByLabel('From a spend of (৳)');
      await expect(threshold(2)).toHaveValue('10000');
      await expect(threshold(3)).toHaveValue('25000');

      // Silver above Gold: Gold's spend is refused with the shared schema's message, and nothing is saved.
      await threshold(2).fill('30000');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByRole('group', { name: 'Tier 3' }).getByText(loyaltyMessages.tiersAscending)).toBeVisible();
      expect(await programme(request, token)).toEqual(before);

      // A good save: Silver back in its place, a longer warning, Platinum's coupons earlier.
      await threshold(2).fill('10000');
      await form.getByLabel('Warn shoppers (days before)').fill('21');
      await form.getByRole('group', { name: 'Tier 4' }).getByLabel('Early access (hours)').fill('72');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByRole('status')).toContainText('Saved. Shoppers earn and spend points by these rules from now on.');
      await expect(threshold(3)).not.toHaveAttribute('aria-invalid');

      await page.reload();
      await expect(form.getByLabel('Warn shoppers (days before)')).toHaveValue('21');
      await expect(form.getByRole('group', { name: 'Tier 4' }).getByLabel('Early access (hours)')).toHaveValue('72');
      await expect(threshold(2)).toHaveValue('10000');
      const saved = await programme(request, token);
      expect(saved.rules.expiry_warning_days).toBe(21);
      expect(saved.rules.tiers[3]?.early_access_hours).toBe(72);

      // Someone else saves (the defaults) while this screen is open: this screen's save is refused, and Reload shows theirs.
      await saveDefaults(request, token);
      await form.getByLabel('Warn shoppers (days before)').fill('30');
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByRole('alert')).toHaveText(loyaltyMessages.editConflict);
      await form.getByRole('button', { name: 'Reload the programme' }).click();
      await expect(form.getByLabel('Warn shoppers (days before)')).toHaveValue('14');
      await expect(form.getByRole('group', { name: 'Tier 4' }).getByLabel('Early access (hours)')).toHaveValue('48');
      expect((await programme(request, token)).rules).toEqual(DEFAULT_LOYALTY_RULES);
    } finally {
      // Other journeys (checkout, the account page) read the programme: leave it as a new shop has it.
      await saveDefaults(request, token);
    }
  },
);

test('customer care adjusts a customer’s points: the ledger shows the reason, who did it and the new balance', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const shopper = await signedInShopper(request, 'Nusrat', 'Jahan');
  const member = await newMember(request, 'customer_care', 'Lima Care');
  await signInAs(page, member.email, member.password);

  // Customer care sees the programme's members and referrals, not its rules.
  const nav = await openNav(page);
  await expect(nav.getByRole('link', { name: 'Members' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Referrals' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Programme' })).toHaveCount(0);

  await page.goto(`/admin/customers/${shopper.customerId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Nusrat Jahan' })).toBeVisible();
  const summary = page.getByTestId('loyalty-summary');
  await expect(summary.getByRole('group', { name: 'Balance' })).toHaveText(/0 points/);
  const adjust = page.getByRole('form', { name: 'Adjust points' });

  // Nothing to add and no reason: both refused with the shared schema's messages.
  await adjust.getByLabel('Points').fill('0');
  await adjust.getByLabel('Reason').fill('ok');
  await adjust.getByRole('button', { name: 'Adjust points' }).click();
  await expect(adjust.getByText(loyaltyMessages.adjustmentZero)).toBeVisible();
  await expect(adjust.getByText(loyaltyMessages.reason)).toBeVisible();

  await adjust.getByLabel('Points').fill('120');
  await adjust.getByLabel('Reason').fill('Goodwill for a late delivery');
  await adjust.getByRole('button', { name: 'Adjust points' }).click();
  await expect(adjust.getByRole('status')).toHaveText('Added 120 points. The balance is now 120 points.');
  await expect(summary.getByRole('group', { name: 'Balance' })).toHaveText(/120 points/);
  const ledger = page.getByRole('list', { name: 'Points history' });
  await expect(ledger.getByTestId('ledger-entry').first()).toContainText('Adjusted: Goodwill for a late delivery');
  await expect(ledger.getByTestId('ledger-entry').first()).toContainText('+120');
  await expect(ledger.getByTestId('ledger-entry').first()).toContainText('by Lima Care');

  await adjust.getByLabel('Points').fill('-20');
  await adjust.getByLabel('Reason').fill('Given twice by mistake');
  await adjust.getByRole('button', { name: 'Adjust points' }).click();
  await expect(adjust.getByRole('status')).toHaveText('Took off 20 points. The balance is now 100 points.');
  await expect(ledger.getByTestId('ledger-entry')).toHaveCount(2);
  await expect(ledger.getByTestId('ledger-entry').first()).toContainText('Adjusted: Given twice by mistake');
  await expect(ledger.getByTestId('ledger-entry').first()).toContainText('−20');

  // Kept: a fresh load shows the same balance and history.
  await page.reload();
  await expect(summary.getByRole('group', { name: 'Balance' })).toHaveText(/100 points/);
  await expect(ledger.getByTestId('ledger-entry')).toHaveCount(2);
  await expect(ledger).toContainText('Goodwill for a late delivery');
});
