import * as messages from '@store/shared/messages';
import { acceptCookies } from './support/cookies';
import { expect, test } from './support/test';

/**
 * When the SMS gateway fails, the sign-in code cannot go: the shopper is told so and offered the
 * e-mail link. The e2e server's SMS go to the outbox, so the API's 503 (proved against a failing
 * gateway in apps/api/src/modules/accounts/abuse.test.ts) is played back here for the code request only.
 */
test('a shopper whose code cannot be sent by SMS is offered the e-mail link, which arrives', async ({ page, request }) => {
  const n = `${Date.now() % 1_000_000}`.padStart(6, '0');
  const email = `sms.down.${n}.${test.info().project.name}@gmail.com`;
  const phone = `0191${test.info().project.name === 'phone' ? '1' : '2'}${n}`;
  const csrf = ((await (await request.get('/api/v1/csrf/')).json()) as { csrfToken: string }).csrfToken;
  const reg = await request.post('/api/v1/accounts/register/', {
    headers: { 'x-csrftoken': csrf },
    data: {
      customer: {
        email,
        phone,
        first_name: 'Shila',
        last_name: 'Das',
        note: {},
        newsletter_email: false,
        newsletter_sms: false,
        online_customer: true,
      },
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);

  await page.route('**/api/v1/accounts/login-otp/', (route) =>
    route.fulfill({
      status: 503,
      headers: { 'retry-after': '30' },
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'delivery_unavailable', message: messages.smsUnavailableTryEmail(), retry_after: 30, offer: 'email_link' },
      }),
    }),
  );
  await acceptCookies(page);
  await page.goto('/');
  const phoneView = (page.viewportSize()?.width ?? 0) < 1024;
  if (phoneView) await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('button', { name: 'Account' }).click();
  else await page.getByTestId('login-button').click();
  const dialog = page.getByRole('dialog', { name: 'SIGN IN' });
  await dialog.getByLabel('Email or phone').fill(phone);
  await dialog.getByRole('button', { name: /send code/i }).click();
  await expect(dialog.getByText(messages.smsUnavailableTryEmail())).toBeVisible();
  await expect(dialog.getByTestId('cooldown')).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('sms-down.png') });

  await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(dialog.getByRole('heading', { name: messages.passwordlessSent() })).toBeVisible();
  await expect
    .poll(async () => {
      const rows = ((await (await request.get(`/dev/outbox.json?to=${encodeURIComponent(email)}`)).json()) as { data: { body: string }[] })
        .data;
      return rows.some((r) => r.body.includes('/passwordless-login/'));
    })
    .toBe(true);
});
