import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { csrf, latestCode } from './api';
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

let shopperSeq = 0;

/** Registers a customer by phone through the API (the SMS code from the development outbox) and signs in the context that owns `request`. */
export async function signedInShopper(request: APIRequestContext, firstName = 'Tahmina', lastName = 'Haque') {
  const phone = `019${`${Date.now() % 1e6}`.padStart(6, '0')}${String(shopperSeq++ % 100).padStart(2, '0')}`;
  const headers = await csrf(request);
  const reg = await request.post('/api/v1/accounts/register/', {
    headers,
    data: { customer: { phone, first_name: firstName, last_name: lastName, note: {}, online_customer: true } },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const customerId = ((await reg.json()) as { data: { customer_id: number } }).data.customer_id;
  const done = await request.post('/api/v1/accounts/verify/', {
    headers,
    data: { customer_id: customerId, password: 'shopper-pass-2026', otp: await latestCode(request, phone), login: true },
  });
  expect(done.ok(), await done.text()).toBe(true);
  return { phone, headers, customerId };
}

/**
 * The journeys that sign in by SMS code as a customer registered ahead: one customer each, so no
 * journey waits out another's resend block.
 */
export const REGISTERED_AHEAD_FOR = ['no-javascript', 'bangla'] as const;
export type RegisteredAheadFor = (typeof REGISTERED_AHEAD_FOR)[number];

/** Where e2e/registered.setup.ts leaves the phone of the customer it registered for a browser project and a journey. */
export const registeredAheadFile = (project: string, journey: RegisteredAheadFor) =>
  join(process.env.E2E_DATA_DIR!, `registered-${project}-${journey}.json`);

/** The customer registered for this browser project and journey at the start of the run (e2e/registered.setup.ts), signed in nowhere. */
export function registeredAhead(project: string, journey: RegisteredAheadFor): { phone: string } {
  return JSON.parse(readFileSync(registeredAheadFile(project, journey), 'utf8')) as { phone: string };
}
