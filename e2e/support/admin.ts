import { type APIRequestContext, type Page } from '@playwright/test';
import type { StaffLoginResponse, StaffRole } from '@store/shared/admin';
import { expect } from './test';

/**
 * The back office from the outside: the demo owner (seeded by the e2e server), sign-in through the
 * pages, the admin API with a staff token, and invitation links read from the development outbox
 * as a new member reads their inbox.
 */

export const OWNER = { email: 'owner@example.com', password: 'GlowBazaar-owner-2026' } as const;
export const ADMIN_API = '/api/v1/admin';

let counter = 0;
/** An e-mail no other test (or project, or run) uses. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
}

/** Signs in through the sign-in page (no two-factor step) and waits for the back office. */
export async function signInAs(page: Page, email: string, password: string) {
  await page.goto('/admin/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: /: account menu$/ })).toBeVisible();
}

/** The navigation of the back office: the sidebar on a desktop, the drawer (opened here) on a phone. */
export async function openNav(page: Page) {
  const menu = page.getByRole('button', { name: 'Open the menu' });
  if (await menu.isVisible()) await menu.click();
  const nav = page.getByRole('navigation', { name: 'Back office' }).filter({ visible: true });
  await expect(nav).toBeVisible();
  return nav;
}

export async function apiToken(request: APIRequestContext, email: string, password: string, otp?: string): Promise<string> {
  const res = await request.post(`${ADMIN_API}/auth/login/`, { data: { email, password, ...(otp ? { otp } : {}) } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as StaffLoginResponse).data.token;
}

export const bearer = (token: string) => ({ authorization: `Token ${token}` });

type OutboxRow = { channel: 'sms' | 'email'; to: string; subject: string | null; body: string };

/** The path (/admin/…) of the newest link sent to `to` that starts with `prefix`, waiting for it to arrive. */
export async function latestLink(request: APIRequestContext, to: string, prefix: string): Promise<string> {
  let path = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
      for (const row of ((await res.json()) as { data: OutboxRow[] }).data) {
        const match = new RegExp(`https?://[^/\\s]+(${prefix}[^\\s"<]*)`).exec(row.body);
        if (match?.[1]) {
          path = match[1];
          return true;
        }
      }
      return false;
    })
    .toBe(true);
  return path;
}

/** A new active member of `role`, invited by the owner and joined through the API (for tests about something else). */
export async function newMember(request: APIRequestContext, role: StaffRole, name = 'Test Member') {
  const owner = await apiToken(request, OWNER.email, OWNER.password);
  const email = uniqueEmail(role);
  const password = `Joined-${Date.now()}-pass`;
  const invited = await request.post(`${ADMIN_API}/staff/`, { headers: bearer(owner), data: { email, name, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = (await latestLink(request, email, '/admin/invitation/')).split('/').pop() ?? '';
  const joined = await request.post(`${ADMIN_API}/auth/invitation/accept/`, { data: { token, name, password } });
  expect(joined.status(), await joined.text()).toBe(200);
  return { email, password, name };
}
