import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { AdminBanner, AdminPage } from '@store/shared/admin-content';
import { contentMessages } from '@store/shared/admin-content';
import { ADMIN_API, OWNER, apiToken, bearer, newMember, openNav, signInAs } from './support/admin';
import { expect, test } from './support/test';

/*
 * Pages, blog posts and banners from the back office, seen on the storefront: drafts stay off it,
 * publishing puts them on it, a banner shows only inside its window, and each write is in the audit
 * log. These change what every shopper sees, so they run in the 'site-state' project, alone and
 * after every other spec; what they create is named uniquely and taken off the storefront after.
 */

const created = { pages: [] as number[], posts: [] as number[], banners: [] as number[] };

test.afterAll(async ({ request }) => {
  const token = await apiToken(request, OWNER.email, OWNER.password);
  for (const id of created.pages)
    await request.patch(`${ADMIN_API}/content/pages/${id}/`, { headers: bearer(token), data: { status: 'draft' } });
  for (const id of created.posts)
    await request.patch(`${ADMIN_API}/content/blog-posts/${id}/`, { headers: bearer(token), data: { status: 'draft' } });
  for (const id of created.banners) await request.delete(`${ADMIN_API}/content/banners/${id}/`, { headers: bearer(token) });
});

/** A picture the API accepts: a wide PNG drawn in the page's canvas. */
async function pictureFile(page: Page, label: string) {
  const dataUrl = await page.evaluate((text) => {
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 400;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#c2185b';
    g.fillRect(0, 0, 1200, 400);
    g.fillStyle = '#ffffff';
    g.font = 'bold 90px sans-serif';
    g.textAlign = 'center';
    g.fillText(text, 600, 230);
    return canvas.toDataURL('image/png');
  }, label);
  return { name: 'picture.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64') };
}

async function openScreen(page: Page, name: string) {
  await (await openNav(page)).getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The entries of the audit log for one entity, as the Audit log screen lists them (rows or phone cards). */
async function auditEntries(page: Page, entity: string, id: number) {
  await openScreen(page, 'Audit log');
  const filters = page.getByRole('form', { name: 'Filter the audit log' });
  await filters.getByLabel('Entity').fill(entity);
  await filters.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(new RegExp(`entity=${entity}`));
  return page
    .getByTestId('list-item')
    .filter({ visible: true })
    .filter({ hasText: new RegExp(`${entity} #${id}(?!\\d)`) });
}

const idFromUrl = (page: Page) => Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)?.[1]);

async function shopperPage(browser: Browser) {
  const context = await browser.newContext();
  return context.newPage();
}

async function pageJourney(page: Page, browser: Browser, request: APIRequestContext, suffix: string) {
  const handle = `e2e-page-${suffix}`;
  const title = `Care guide ${suffix}`;
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const existing = ((await (await request.get(`${ADMIN_API}/content/pages/`, { headers: bearer(token) })).json()) as { data: AdminPage[] })
    .data[0];

  await openScreen(page, 'Pages');
  await page.getByRole('link', { name: 'New page' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New page' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Page' });
  await form.getByLabel('Title', { exact: true }).fill(title);
  // Bad input: the shared schema's message under the field, nothing sent.
  await form.getByLabel('Address').fill('Care Guide!');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText(contentMessages.handle)).toBeVisible();
  // An address another page has: the API's message under the field.
  if (existing) {
    await form.getByLabel('Address').fill(existing.handle);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByText(contentMessages.handleTaken)).toBeVisible();
  }
  await form.getByLabel('Address').fill(handle);
  const body = form.getByRole('textbox', { name: 'Body' });
  // The English text's toolbar: the Bangla text beside it has its own.
  const tools = form.getByRole('toolbar', { name: 'Body: formatting' });
  await body.click();
  await tools.getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type('How we pack');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Every parcel is sealed. ');
  await tools.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('Always.');
  await expect(tools.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
  await tools.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.press('Enter');
  // A link on the word just typed: the address is checked before it is applied.
  await page.keyboard.type('Ask about delivery.');
  await page.keyboard.press('ArrowLeft');
  for (let i = 0; i < 'delivery'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await tools.getByRole('button', { name: 'Link' }).click();
  await form.getByLabel('Link address').fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Apply' }).click();
  await expect(form.getByText('Start with / (a page of this shop), https://, mailto: or tel:')).toBeVisible();
  await form.getByLabel('Link address').fill('/page/shipping-policy');
  await form.getByLabel('Link address').press('Enter');
  await expect(form.getByLabel('Link address')).toBeHidden();
  await form.getByLabel('SEO title').fill('Care guide');
  await expect(form.getByText('10 / 70 characters')).toBeVisible();
  await expect(form.getByLabel('Status')).toHaveValue('draft');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved as a draft. Shoppers do not see it.');
  await expect(page).toHaveURL(/\/admin\/content\/pages\/\d+$/);
  const id = idFromUrl(page);
  created.pages.push(id);
  // The preview is the API's sanitised body, as the storefront will render it.
  const preview = page.getByTestId('content-preview');
  await expect(preview.getByRole('heading', { level: 2, name: 'How we pack' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('Always.');
  await expect(preview.getByRole('link', { name: 'delivery' })).toHaveAttribute('href', '/page/shipping-policy');
  await expect(page.getByRole('link', { name: 'View on store' })).toHaveCount(0);
  // Unsaved edits are not lost by a stray tap: leaving asks first.
  await form.getByLabel('Title', { exact: true }).fill(`${title} (edited)`);
  await page.getByRole('link', { name: 'All pages' }).click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(leave).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/admin/content/pages/${id}$`));
  await form.getByLabel('Title', { exact: true }).fill(title);

  const shopper = await shopperPage(browser);
  expect((await shopper.goto(`/page/${handle}`))?.status()).toBe(404);

  await form.getByLabel('Status').selectOption('published');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Published. Shoppers see it now.');
  await expect(page.getByRole('link', { name: 'View on store' })).toHaveAttribute('href', `/page/${handle}`);
  expect((await shopper.goto(`/page/${handle}`))?.status()).toBe(200);
  await expect(shopper.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(shopper.getByRole('heading', { level: 2, name: 'How we pack' })).toBeVisible();
  await shopper.context().close();

  await openScreen(page, 'Pages');
  const row = page.getByTestId('list-item').filter({ visible: true }).filter({ hasText: title });
  await expect(row).toContainText(`/page/${handle}`);
  await expect(row).toContainText('Published');

  const entries = await auditEntries(page, 'page', id);
  await expect(entries.filter({ hasText: 'page.create' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'page.update' })).toHaveCount(1);
}

async function blogJourney(page: Page, browser: Browser, suffix: string) {
  const slug = `e2e-post-${suffix}`;
  const title = `Winter skin notes ${suffix}`;
  await openScreen(page, 'Blog');
  await page.getByRole('link', { name: 'New post' }).click();
  const form = page.getByRole('form', { name: 'Blog post' });
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Address').fill(slug);
  // A new post is signed by the member writing it.
  await expect(form.getByLabel('Author')).toHaveValue('Demo Owner');
  await form.getByLabel('Author').fill('Glow Bazaar team');
  await form.getByLabel('Excerpt').fill('What dry air does to skin, and what helps.');
  await form.getByLabel('Cover picture: choose a file').setInputFiles(await pictureFile(page, 'Winter'));
  await expect(form.getByTestId('image-preview').getByRole('img')).toBeVisible();
  await form.getByRole('textbox', { name: 'Body' }).click();
  await page.keyboard.type('Drink water and moisturise.');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Saved as a draft. Shoppers do not see it.');
  await expect(page).toHaveURL(/\/admin\/content\/blog\/\d+$/);
  const id = idFromUrl(page);
  created.posts.push(id);
  await expect(page.getByTestId('content-preview')).toContainText('Drink water and moisturise.');

  const shopper = await shopperPage(browser);
  await shopper.goto('/blogs');
  await expect(shopper.getByRole('heading', { level: 1, name: 'Beauty blog' })).toBeVisible();
  await expect(shopper.getByText(title)).toHaveCount(0);
  expect((await shopper.goto(`/blog/${slug}`))?.status()).toBe(404);

  await form.getByLabel('Status').selectOption('published');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('status')).toHaveText('Published. Shoppers see it now.');
  await shopper.goto('/blogs');
  await expect(shopper.getByRole('link', { name: `Read more: ${title}` })).toBeVisible();
  expect((await shopper.goto(`/blog/${slug}`))?.status()).toBe(200);
  await shopper.context().close();

  const entries = await auditEntries(page, 'blog_post', id);
  await expect(entries.filter({ hasText: 'blog_post.create' })).toHaveCount(1);
  await expect(entries.filter({ hasText: 'blog_post.update' })).toHaveCount(1);
}

async function bannerJourney(page: Page, browser: Browser, request: APIRequestContext, suffix: string) {
  const title = `Sports week ${suffix}`;
  await openScreen(page, 'Banners');
  await page.getByLabel('Department').selectOption('sport');
  await expect(page).toHaveURL(/department=sport/);
  await page.getByRole('link', { name: 'New banner' }).click();
  const form = page.getByRole('form', { name: 'Banner' });
  await expect(form.getByLabel('Department')).toHaveValue('sport');
  // Nothing filled: each required field says so, and no picture is asked for in plain words.
  await form.getByRole('button', { name: 'Save banner' }).click();
  await expect(form.getByText('Upload the banner’s picture')).toBeVisible();
  await form.getByLabel('Picture: choose a file').setInputFiles(await pictureFile(page, 'Sports'));
  await expect(form.getByTestId('image-preview').getByRole('img')).toBeVisible();
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Link').fill('/sport');
  await form.getByLabel('Position').fill('0');
  await form.getByLabel('Starts', { exact: true }).fill('2031-01-01T10:00');
  await form.getByLabel('Ends', { exact: true }).fill('2030-12-31T10:00');
  await form.getByRole('button', { name: 'Save banner' }).click();
  await expect(form.getByText('The end must come after the start')).toBeVisible();
  await form.getByRole('button', { name: 'Clear Ends' }).click();
  await form.getByRole('button', { name: 'Save banner' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Banners' })).toBeVisible();
  await expect(page.getByText('It is scheduled and shows from its start.')).toBeVisible();
  const row = page.getByTestId('list-item').filter({ visible: true }).filter({ hasText: title });
  await expect(row).toContainText('Scheduled');
  const token = await apiToken(request, OWNER.email, OWNER.password);
  const listed = (
    (await (await request.get(`${ADMIN_API}/content/banners/?department=sport`, { headers: bearer(token) })).json()) as {
      data: AdminBanner[];
    }
  ).data.find((b) => b.title === title);
  expect(listed?.state).toBe('scheduled');
  const id = listed!.id;
  created.banners.push(id);

  const shopper = await shopperPage(browser);
  await shopper.goto('/sport');
  await expect(shopper.getByRole('main')).toBeVisible();
  await expect(shopper.getByRole('img', { name: title })).toHaveCount(0);

  // Moved to now: the start cleared.
  await row.getByRole('link', { name: `Edit ${title}` }).click();
  await form.getByRole('button', { name: 'Clear Starts' }).click();
  await form.getByRole('button', { name: 'Save banner' }).click();
  await expect(page.getByText('It shows on the Sports home page now.')).toBeVisible();
  await expect(row).toContainText('Live');
  // Asked again while a render that began before the save may still answer (the storefront's caches live a few seconds).
  await expect
    .poll(
      async () => {
        await shopper.goto('/sport');
        return shopper.getByRole('img', { name: title }).isVisible();
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toBe(true);

  await row.getByRole('button', { name: `Delete ${title}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this banner?' });
  await confirm.getByRole('button', { name: 'Delete the banner' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText(`The banner “${title}” is deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  created.banners.splice(created.banners.indexOf(id), 1);
  await shopper.goto('/sport');
  await expect(shopper.getByRole('main')).toBeVisible();
  await expect(shopper.getByRole('img', { name: title })).toHaveCount(0);
  await shopper.context().close();

  const entries = await auditEntries(page, 'banner', id);
  for (const action of ['banner.create', 'banner.update', 'banner.delete'])
    await expect(entries.filter({ hasText: action })).toHaveCount(1);
}

const suffix = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test.describe('content from the back office on a desktop', () => {
  test.describe.configure({ timeout: 240_000 });

  test('a page and a blog post go from draft to published, a banner from scheduled to live, each audited', async ({
    page,
    browser,
    request,
  }) => {
    const s = suffix();
    await signInAs(page, OWNER.email, OWNER.password);
    await pageJourney(page, browser, request, s);
    await blogJourney(page, browser, s);
    await bannerJourney(page, browser, request, s);
  });
});

test.describe('content from the back office on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test.describe.configure({ timeout: 240_000 });

  test('the same journey works at 390×844', async ({ page, browser, request }) => {
    const s = suffix();
    await signInAs(page, OWNER.email, OWNER.password);
    await pageJourney(page, browser, request, s);
    await blogJourney(page, browser, s);
    await bannerJourney(page, browser, request, s);
  });
});

test.describe('who may edit content', () => {
  test('a content editor has Pages, Blog and Banners but not Settings; a fulfilment member has none of them', async ({ page, request }) => {
    const editor = await newMember(request, 'content_editor', 'Nadia Content');
    await signInAs(page, editor.email, editor.password);
    let nav = await openNav(page);
    for (const name of ['Pages', 'Blog', 'Banners']) await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Settings' })).toHaveCount(0);
    await nav.getByRole('link', { name: 'Banners' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Banners' })).toBeVisible();

    await page.evaluate(() => sessionStorage.clear());
    const packer = await newMember(request, 'fulfilment', 'Karim Content-less');
    await signInAs(page, packer.email, packer.password);
    nav = await openNav(page);
    await expect(nav.getByRole('link', { name: 'My account' })).toBeVisible();
    for (const name of ['Pages', 'Blog', 'Banners']) await expect(nav.getByRole('link', { name })).toHaveCount(0);
    await page.goto('/admin/content/pages');
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  });
});
