import { newMember, openNav, signInAs } from './support/admin';
import { expect, test } from './support/test';

/*
 * The Background jobs screen (issue 19 item 2), on a phone and on a desktop: a manager opens it from
 * the menu and reads each job with its interval, the failures (none on a fresh shop) and the
 * messages given up. The e2e server runs no jobs itself (NODE_ENV=test, as JOBS_WORKERS=false): the
 * screen says so. Failing, retrying and dismissing are proven against pg-boss in
 * apps/api/src/modules/jobs/jobs.test.ts; a fulfilment member is not offered the screen.
 */

test('a manager reads the background jobs; a fulfilment member is not offered them', async ({ page, request }) => {
  const manager = await newMember(request, 'manager');
  await signInAs(page, manager.email, manager.password);
  await (await openNav(page)).getByRole('link', { name: 'Background jobs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Background jobs' })).toBeVisible();
  await expect(
    page.getByText("This server does not run jobs itself (JOBS_WORKERS=false): the shop's other servers run them."),
  ).toBeVisible();

  const jobs = page.getByRole(test.info().project.name === 'phone' ? 'list' : 'table', { name: 'Jobs', exact: true });
  for (const [name, every] of [
    ['reconcile-payments', 'Every minute'],
    ['poll-couriers', 'Every 5 minutes'],
    ['publish-scheduled-products', 'Every 15 seconds'],
    ['clean-up', 'Every hour'],
  ] as const) {
    const row = jobs.locator(test.info().project.name === 'phone' ? 'li' : 'tr').filter({ hasText: name });
    await expect(row).toContainText(every);
  }
  await expect(page.getByText('No job has failed.').filter({ visible: true })).toBeVisible();

  const fulfilment = await newMember(request, 'fulfilment');
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await signInAs(page, fulfilment.email, fulfilment.password);
  const nav = await openNav(page);
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Background jobs' })).toHaveCount(0);
});
