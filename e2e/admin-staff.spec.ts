import { generate } from 'otplib';
import { staffMessages } from '@store/shared/admin';
import { ADMIN_API, OWNER, bearer, latestLink, newMember, openNav, signInAs, uniqueEmail } from './support/admin';
import { expect, test } from './support/test';

/**
 * The back office's staff journeys (issue 16), on a phone and on a desktop: the owner invites a
 * fulfilment staffer who joins from the e-mailed link and finds no settings (hidden in the menu,
 * refused by the API); a member turns on two-factor sign-in and signs in with the app's code.
 */

test('the owner invites a fulfilment staffer, who joins from the link and can neither see nor open the settings', async ({
  page,
  browser,
  request,
}) => {
  const email = uniqueEmail('packer');
  await signInAs(page, OWNER.email, OWNER.password);
  const ownerNav = await openNav(page);
  await expect(ownerNav.getByRole('link', { name: 'Settings' })).toBeVisible();
  await ownerNav.getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();

  await page.getByRole('button', { name: 'Invite a staff member' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a staff member' });
  // The shared schema answers bad input before anything is sent.
  await invite.getByLabel('E-mail').fill('not-an-email');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(invite.getByText(staffMessages.emailInvalid)).toBeVisible();
  await expect(invite.getByText(staffMessages.nameRequired)).toBeVisible();
  await invite.getByLabel('E-mail').fill(email);
  await invite.getByLabel('Name').fill('Karim Packer');
  await invite.getByLabel('Role').selectOption('fulfilment');
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `An invitation is on its way to ${email}` })).toBeVisible();
  // A table row on a desktop, a card on a phone: whichever this screen shows.
  const row = page.getByTestId('list-item').filter({ hasText: email, visible: true });
  await expect(row).toContainText('Fulfilment');
  await expect(row).toContainText('Invited');

  // The staffer, in a browser of their own, opens the link from their inbox.
  const link = await latestLink(request, email, '/admin/invitation/');
  const staffer = await browser.newPage();
  await staffer.goto(link);
  await expect(staffer.getByRole('heading', { name: 'Join the back office' })).toBeVisible();
  await expect(staffer.getByText(email)).toBeVisible();
  await staffer.getByLabel('Your name').fill('Karim Packer');
  await staffer.getByLabel('Password').fill('short');
  await staffer.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(staffer.getByText(staffMessages.passwordTooShort)).toBeVisible();
  const password = 'Packing-boxes-2026';
  await staffer.getByLabel('Password').fill(password);
  await staffer.getByRole('button', { name: 'Join and sign in' }).click();
  await expect(staffer.getByRole('button', { name: 'Karim Packer, Fulfilment: account menu' })).toBeVisible();

  // Signed in afresh: the menu offers no Settings, the address shows no access, and the API says 403.
  await staffer.evaluate(() => sessionStorage.clear());
  await signInAs(staffer, email, password);
  const nav = await openNav(staffer);
  await expect(nav.getByRole('link', { name: 'My account' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await staffer.goto('/admin/settings');
  await expect(staffer.getByRole('heading', { name: 'No access' })).toBeVisible();
  const token = await staffer.evaluate(() => sessionStorage.getItem('admin-token'));
  expect(token).toBeTruthy();
  const settings = await request.get(`${ADMIN_API}/settings/`, { headers: bearer(token ?? '') });
  expect(settings.status()).toBe(403);
  expect(((await settings.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  await staffer.close();

  // The owner's list shows the staffer active now.
  await page.reload();
  await expect(page.getByTestId('list-item').filter({ hasText: email, visible: true })).toContainText('Active');
});

test('a member turns on two-factor sign-in and then signs in with the code from the app', async ({ page, request }) => {
  const member = await newMember(request, 'content_editor', 'Nadia Editor');
  await signInAs(page, member.email, member.password);
  await (await openNav(page)).getByRole('link', { name: 'My account' }).click();
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await page.getByLabel('6-digit code from the app').fill('000000');
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText(staffMessages.otpInvalid)).toBeVisible();
  const now = Math.floor(Date.now() / 1000);
  await page.getByLabel('6-digit code from the app').fill(await generate({ secret, epoch: now }));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByText('Two-factor sign-in is on', { exact: false }).first()).toBeVisible();

  // Sign out, then in: the password alone is not enough.
  await page.getByRole('button', { name: /: account menu$/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByLabel('Password').fill('Wrong-password-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(staffMessages.loginFailed);
  await page.getByLabel('Password').fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  // A code is good once: the next time step's code (within the server's one-step tolerance) signs in.
  await page.getByLabel('Code').fill(await generate({ secret, epoch: now + 30 }));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('button', { name: 'Nadia Editor, Content editor: account menu' })).toBeVisible();
  await page.goto('/admin/account');
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();

  // The API agrees: without the code the password gets 401 two_factor_required.
  const res = await request.post(`${ADMIN_API}/auth/login/`, { data: { email: member.email, password: member.password } });
  expect(res.status()).toBe(401);
  expect(((await res.json()) as { error: { code: string } }).error.code).toBe('two_factor_required');
});

test('a member who forgot the password sets a new one from the e-mailed link and signs in with it', async ({ page, request }) => {
  const member = await newMember(request, 'customer_care', 'Shirin Care');
  await page.goto('/admin/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  // The sign-in form has an E-mail field too: fill the reset form's, once it is shown.
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('status')).toContainText(staffMessages.passwordResetSent);

  await page.goto(await latestLink(request, member.email, '/admin/reset-password/'));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password').fill('aaaaaaaaaaaaaaaa');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByText(staffMessages.passwordWeak)).toBeVisible();
  const password = 'Fresh-start-2026';
  await page.getByLabel('New password').fill(password);
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password is changed');

  // The link works once; the new password signs in, the old one does not.
  await page.reload();
  await page.getByLabel('New password').fill('Another-start-2026');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toContainText(staffMessages.linkInvalid);
  const old = await request.post(`${ADMIN_API}/auth/login/`, { data: { email: member.email, password: member.password } });
  expect(((await old.json()) as { error: { code: string } }).error.code).toBe('login_failed');
  await signInAs(page, member.email, password);
  await expect(page.getByRole('button', { name: 'Shirin Care, Customer care: account menu' })).toBeVisible();
});
