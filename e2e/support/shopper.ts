import type { Page } from '@playwright/test';
import { latestCode } from './api';
import { expect } from './test';

/** Opens a storefront page once it has hydrated, accepting the cookie banner when it shows. */
export async function visitStore(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  await page
    .getByRole('button', { name: 'Accept' })
    .click({ timeout: 1500 })
    .catch(() => undefined);
}

/** A guest with a bag verifies a new phone at checkout, chooses store pickup and reaches the payment step. */
export async function guestPickupToPayment(page: Page) {
  await visitStore(page, '/checkout');
  const local = `017${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  await page.getByLabel('Mobile number').fill(local);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await latestCode(page.request, `+88${local}`);
  await page.getByRole('group', { name: 'Verification code' }).getByRole('textbox').first().fill(code);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await page.getByRole('radio', { name: /Store pickup/ }).click();
  await page.getByTestId('store-choice').first().click();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/step=payment/);
}
