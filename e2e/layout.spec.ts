/// <reference lib="dom" />
import { type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { DESKTOP_ONLY, PHONE_ONLY, expect, test } from './support/test';
import type { BlogPostSummary, FooterGroup, NavItem, Page as ContentPage, PublicConfig, PromoteEntry } from '@store/shared/content';
import { STORAGE_KEYS } from '@store/shared/constants';
import { formatTaka } from '@store/shared/money';

/** Every test also fails on an uncaught page error or a console error (hydration mismatches surface there). */

const desktop = (info: TestInfo) => info.project.name === 'desktop';

/** The demo content is generated: tests read the menus and pages through the API, as a client would. */
async function api<T>(request: APIRequestContext, path: string): Promise<T> {
  const res = await request.get(`/api/v1${path}`);
  expect(res.ok(), path).toBe(true);
  return res.json() as Promise<T>;
}
const navigation = async (request: APIRequestContext, type: 'beauty' | 'kids' = 'beauty') =>
  (await api<{ data: { data: NavItem[]; highlight_message: string | null } }>(request, `/navigation/?type=${type}`)).data;
const publicConfig = async (request: APIRequestContext) => (await api<{ data: PublicConfig }>(request, '/public-config/')).data;

function walk(items: NavItem[]): NavItem[] {
  return items.flatMap((i) => [i, ...walk(i.children)]);
}

/** Waits until React has hydrated the page (the shell marks <html>), so client-only parts have run. */
async function hydrated(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

async function acceptCookies(page: Page) {
  await page.addInitScript(
    (key) => localStorage.setItem(key, JSON.stringify({ accepted: true, timestamp: Date.now() })),
    STORAGE_KEYS.cookieAcceptance,
  );
}

const hexToRgb = (hex: string) => {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

test('the header shows the support number, the two promises, the logo, search, greeting and bag', async ({ page, request }, testInfo) => {
  const config = await publicConfig(request);
  const { highlight_message } = await navigation(request);
  await acceptCookies(page);
  await page.goto('/');
  const header = page.locator('header').first();
  const tel = header.locator(`a[href="tel:${config.support_phone}"]`);
  await expect(tel).toBeVisible();
  await expect(tel).toContainText(/\d{5}-\d{6}/);
  await expect(header.getByText('free shipping*', { exact: true })).toBeVisible();
  await expect(header.getByText('100% authentic', { exact: true })).toBeVisible();
  if (highlight_message) await expect(header.getByText(highlight_message)).toBeVisible();
  await expect(header.getByRole('link', { name: 'Glow Bazaar home' })).toBeVisible();
  await expect(header.locator('input[name="search"]').filter({ visible: true })).toHaveCount(1);
  const bag = header.getByRole('link', { name: 'Shopping bag, 0 items' });
  await expect(bag).toBeVisible();
  await expect(bag).toHaveAttribute('href', '/checkout');
  await expect(bag.getByTestId('bag-count')).toHaveText('0');
  await hydrated(page);

  if (desktop(testInfo)) {
    const login = header.getByTestId('login-button');
    await expect(login.getByTestId('greeting')).toHaveText('Guest');
    await login.click();
  } else {
    await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('button', { name: 'Account' }).click();
  }
  // A visitor's login button opens the login modal.
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('the header sticks once the page scrolls past the navigation, without moving the page', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/');
  await hydrated(page);
  const header = page.locator('header').first();
  await expect(header).not.toHaveAttribute('data-stuck', 'true');
  const mainTop = () => page.evaluate(() => (document.getElementById('main')?.getBoundingClientRect().top ?? 0) + window.scrollY);
  const before = await mainTop();

  await page.evaluate(() => window.scrollTo(0, 1400));
  await expect(header).toHaveAttribute('data-stuck', 'true');
  await expect(header).toBeInViewport();
  // It slides in (a transform, not a layout change) and settles at the top.
  await expect.poll(async () => (await header.boundingBox())?.y).toBe(0);
  await expect(header.locator('input[name="search"]').filter({ visible: true })).toHaveCount(1);
  expect(await mainTop()).toBe(before);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).not.toHaveAttribute('data-stuck', 'true');
  expect(await mainTop()).toBe(before);
});

// Desktop-only UI: phones use the slide-in menu.
test(
  'the mega-menu opens on hover with a mask over the page, and hovering the mask closes it',
  { tag: DESKTOP_ONLY },
  async ({ page, request }) => {
    const nav = (await navigation(request)).data;
    const item = nav.find(
      (i) =>
        !i.disable_url &&
        i.children.length &&
        i.promote.some((p) => p.type === 'product') &&
        i.promote.some((p) => p.type === 'promote_page_for_menu'),
    );
    expect(item, 'the demo menu has an item with products and a promoted page').toBeTruthy();
    if (!item) return;
    await acceptCookies(page);
    await page.goto('/');
    await hydrated(page);

    const main = page.getByRole('navigation', { name: 'Main' });
    const trigger = main.locator(`[data-menu-trigger="${item.id}"]`);
    const panel = main.locator(`[data-menu-panel="${item.id}"]`);
    const mask = page.getByTestId('menu-mask');
    await expect(panel).toBeHidden();

    await trigger.hover();
    await expect(panel).toBeVisible();
    await expect(mask).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    for (const child of item.children) await expect(panel.getByText(child.title, { exact: true })).toBeVisible();
    const products = item.promote.find((p): p is Extract<PromoteEntry, { type: 'product' }> => p.type === 'product');
    const promoted = item.promote.find(
      (p): p is Extract<PromoteEntry, { type: 'promote_page_for_menu' }> => p.type === 'promote_page_for_menu',
    );
    const card = products?.value.products[0];
    if (card) {
      const link = panel.locator(`a[href="${card.url}"]`);
      await expect(link).toContainText(card.name);
      await expect(link).toContainText(formatTaka(card.discounted_price));
    }
    if (promoted) {
      const image = panel.getByRole('img', { name: promoted.value.title });
      await expect(image).toBeVisible();
      await expect(image).toHaveAttribute('width', String(promoted.value.image.custom_width));
      await expect(image).toHaveAttribute('height', String(promoted.value.image.custom_height));
    }

    // Hovering the mask (well below the panel) closes the menu.
    await page.mouse.move(720, 880);
    await expect(panel).toBeHidden();
    await expect(mask).toBeHidden();

    // Keyboard: focus opens, Escape closes and leaves focus on the item.
    await trigger.focus();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  },
);

test(
  'pages carry only the menu bar; a panel whose menu does not come still leads to its page and tries again',
  { tag: DESKTOP_ONLY },
  async ({ page, request }) => {
    const nav = (await navigation(request)).data;
    const item = nav.find((i) => !i.disable_url && !i.visible_only_to_logged_in_users && i.children.some((c) => c.children.length > 0));
    expect(item, 'the demo menu has an item with a panel of groups').toBeTruthy();
    if (!item) return;
    // The page's own data holds the bar (the item, and whether it has a panel), not the panels' groups.
    const html = await (await request.get('/')).text();
    expect(html).toContain(item.title);
    expect(html).toContain('has_panel');
    for (const group of item.children.filter((c) => c.children.length > 0)) expect(html).not.toContain(group.title);

    let menuDown = true;
    await page.route('**/api/v1/site-config/**', (route) => (menuDown ? route.abort('internetdisconnected') : route.fallback()));
    await acceptCookies(page);
    await page.goto('/');
    await hydrated(page);
    const main = page.getByRole('navigation', { name: 'Main' });
    const panel = main.locator(`[data-menu-panel="${item.id}"]`);
    await main.locator(`[data-menu-trigger="${item.id}"]`).hover();
    await expect(panel.getByText('The menu could not be loaded.')).toBeVisible();
    await expect(panel.getByRole('link', { name: `Shop all ${item.title}` })).toBeVisible();

    menuDown = false;
    await panel.getByRole('button', { name: 'Try again' }).click();
    for (const child of item.children) await expect(panel.getByText(child.title, { exact: true })).toBeVisible();
    await expect(panel.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  },
);

test('the mega-menu renders every menu field', { tag: DESKTOP_ONLY }, async ({ page, request }) => {
  const nav = (await navigation(request)).data.filter((i) => !i.visible_only_to_logged_in_users);
  await acceptCookies(page);
  await page.goto('/');
  await hydrated(page);
  const main = page.getByRole('navigation', { name: 'Main' });
  /** Opens the panel holding `match` (or the bar item itself) and returns where to look for it. */
  const reveal = async (match: (i: NavItem) => boolean) => {
    const top = nav.find((t) => match(t) || walk(t.children).some(match));
    expect(top, 'the demo menu has such an item').toBeTruthy();
    const item = match(top!) ? top! : walk(top!.children).find(match)!;
    if (item === top) return { item, scope: main };
    await main.locator(`[data-menu-trigger="${top!.id}"]`).hover();
    const panel = main.locator(`[data-menu-panel="${top!.id}"]`);
    await expect(panel).toBeVisible();
    return { item, scope: panel };
  };

  // disable_url: text, not a link (a top-level heading and a group title inside a panel).
  for (const depth of [0, 1]) {
    const { item, scope } = await reveal((i) => i.disable_url && (depth === 0 ? nav.includes(i) : !nav.includes(i)));
    const label = scope
      .locator('[data-type]')
      .filter({ hasText: new RegExp(`^${item.title}$`, 'i') })
      .first();
    await expect(label).toBeVisible();
    await expect(label).toHaveJSProperty('tagName', 'SPAN');
  }
  // open_in_new_tab: target=_blank with rel=noopener; external_url is the href.
  {
    const { item, scope } = await reveal((i) => i.open_in_new_tab);
    const link = scope.getByRole('link', { name: item.title });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    if (item.external_url) await expect(link).toHaveAttribute('href', item.external_url);
  }
  // redirect_url.relative_url wins over the item's own URL.
  {
    const { item, scope } = await reveal((i) => i.redirect_url !== null && !i.disable_url);
    await expect(scope.getByRole('link', { name: item.title, exact: true })).toHaveAttribute('href', item.redirect_url!.relative_url);
  }
  await page.mouse.move(720, 20);
  // menu_color tints the item; menu_link_icon is its icon.
  const coloured = nav.find((i) => i.menu_color);
  if (coloured?.menu_color)
    await expect(main.locator(`[data-menu-trigger="${coloured.id}"]`)).toHaveCSS('color', hexToRgb(coloured.menu_color));
  const withIcon = nav.find((i) => i.menu_link_icon);
  if (withIcon?.menu_link_icon)
    await expect(main.locator(`[data-menu-trigger="${withIcon.id}"] img`)).toHaveAttribute('src', withIcon.menu_link_icon);
  // type is carried on every entry.
  await expect(main.locator(`[data-menu-trigger="${nav[0]!.id}"]`)).toHaveAttribute('data-type', nav[0]!.type);
});

test('menu items for signed-in shoppers stay hidden unless the stored location is BD', async ({ page, request }, testInfo) => {
  const restricted = walk((await navigation(request)).data).find((i) => i.visible_only_to_logged_in_users);
  expect(restricted, 'the demo menu has an item for signed-in shoppers').toBeTruthy();
  if (!restricted) return;
  await acceptCookies(page);

  const menuLinks = async () => {
    if (desktop(testInfo)) return page.getByRole('navigation', { name: 'Main' }).getByText(restricted.title, { exact: true });
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('dialog', { name: 'Menu' }).getByText(restricted.title, { exact: true });
  };

  // The first page asks the API for the region (once per browser session) and stores its answer:
  // that answer must be in before the test stores BD, or it would clear BD again.
  const regionAsked = page.waitForResponse((r) => r.url().includes('/api/v1/region/'));
  await page.goto('/');
  await hydrated(page);
  await (await regionAsked).finished();
  await expect(await menuLinks()).toHaveCount(0);

  await page.evaluate((key) => localStorage.setItem(key, 'BD'), STORAGE_KEYS.location);
  await page.reload();
  await hydrated(page);
  await expect(await menuLinks()).toBeVisible();
});

test(
  'a phone menu whose levels do not come lists the top level, and the next opening brings them',
  { tag: PHONE_ONLY },
  async ({ page, request }) => {
    const nav = (await navigation(request)).data;
    const parent = nav.find((i) => !i.visible_only_to_logged_in_users && !i.disable_url && i.children.length > 0);
    expect(parent).toBeTruthy();
    if (!parent) return;
    let menuDown = true;
    await page.route('**/api/v1/site-config/**', (route) => (menuDown ? route.abort('internetdisconnected') : route.fallback()));
    await acceptCookies(page);
    await page.goto('/');
    await hydrated(page);

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    // The item still leads to its page, as a plain entry.
    await expect(menu.getByRole('link', { name: parent.title, exact: true })).toBeVisible();
    await expect(menu.getByRole('button', { name: parent.title, exact: true })).toHaveCount(0);
    await expect(menu.getByRole('status')).toHaveText('The menu could not be loaded.');
    await expect(menu.getByRole('button', { name: 'Try again' })).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();

    menuDown = false;
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: parent.title, exact: true }).click();
    await expect(menu.getByText(parent.children[0]!.title, { exact: true }).first()).toBeVisible();
  },
);

test('phones get a bottom bar and a slide-in menu whose levels open and close on tap', { tag: PHONE_ONLY }, async ({ page, request }) => {
  const nav = (await navigation(request)).data;
  const parent = nav.find((i) => !i.visible_only_to_logged_in_users && i.children.some((c) => c.children.length));
  expect(parent).toBeTruthy();
  if (!parent) return;
  const child = parent.children.find((c) => c.children.length)!;
  const leaf = child.children.find((l) => l.relative_url && !l.open_in_new_tab)!;
  await acceptCookies(page);
  await page.goto('/');
  await hydrated(page);

  const bar = page.getByRole('navigation', { name: 'Shortcuts' });
  await expect(bar).toBeVisible();
  for (const label of ['Home', 'Menu', 'Account', 'Customer care']) await expect(bar.getByText(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

  await bar.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(menu.getByTestId('menu-greeting')).toHaveText('Guest');
  // The page behind is locked while the menu is open, and scrolls again once it closes.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

  const level = menu.getByRole('button', { name: parent.title, exact: true });
  await expect(level).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('button', { name: child.title, exact: true })).toBeHidden();
  await level.click();
  await expect(level).toHaveAttribute('aria-expanded', 'true');
  await expect(menu.getByRole('button', { name: child.title, exact: true })).toBeVisible();
  await level.click();
  await expect(level).toHaveAttribute('aria-expanded', 'false');
  await expect(menu.getByRole('button', { name: child.title, exact: true })).toBeHidden();

  // Focus stays inside the open menu.
  for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('[role="dialog"]')?.getAttribute('aria-label'))).toBe('Menu');

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('visible');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  await page.mouse.click(380, 500); // the backdrop, right of the panel
  await expect(menu).toBeHidden();

  await bar.getByRole('button', { name: 'Menu' }).click();
  await menu.getByRole('button', { name: 'Close menu' }).click();
  await expect(menu).toBeHidden();

  // Two levels down, a link navigates and the menu closes.
  await bar.getByRole('button', { name: 'Menu' }).click();
  await menu.getByRole('button', { name: parent.title, exact: true }).click();
  await menu.getByRole('button', { name: child.title, exact: true }).click();
  await menu.getByRole('link', { name: leaf.title, exact: true }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === leaf.relative_url);
  await expect(menu).toBeHidden();
});

test('desktops show the mega-menu and no phone bars', { tag: DESKTOP_ONLY }, async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Shortcuts' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
});

test('the footer shows the groups of the footer API, customer care and the stores', async ({ page, request }, testInfo) => {
  const groups = (await api<{ data: { data: FooterGroup[] } }>(request, '/footer/?type=beauty')).data.data;
  const config = await publicConfig(request);
  const stores = (await api<{ data: { name: string }[] }>(request, '/store-locations/')).data;
  expect(groups.length).toBeGreaterThan(0);
  await acceptCookies(page);
  await page.goto('/');
  await hydrated(page);
  const footer = page.locator('footer');
  await expect(footer.getByTestId('footer-group')).toHaveCount(groups.length);
  for (const [i, group] of groups.entries()) {
    const box = footer.getByTestId('footer-group').nth(i);
    await expect(box.locator('summary')).toHaveText(group.title, { ignoreCase: true });
    const first = group.children[0];
    if (!first) continue;
    const link = box.getByRole('link', { name: first.title });
    if (desktop(testInfo)) {
      await expect(link).toBeVisible();
    } else {
      // Collapsed on phones until its title is tapped.
      await expect(link).toBeHidden();
      await box.locator('summary').click();
      await expect(link).toBeVisible();
    }
    await expect(link).toHaveAttribute('href', first.relative_url);
  }
  await expect(footer.locator(`a[href="mailto:${config.support_email}"]`)).toHaveCount(1);
  for (const store of stores) await expect(footer.getByText(store.name)).toBeAttached();
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Glow Bazaar`);
});

test('the cookie banner stays until Accept, which is remembered with its time', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await page.reload();
  await expect(banner).toBeVisible();
  const before = Date.now();
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  const stored = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.cookieAcceptance)) ?? 'null') as {
    accepted: boolean;
    timestamp: number;
  };
  expect(stored.accepted).toBe(true);
  expect(stored.timestamp).toBeGreaterThanOrEqual(before - 1000);
  expect(stored.timestamp).toBeLessThanOrEqual(Date.now());

  await page.reload();
  await hydrated(page);
  await expect(banner).toHaveCount(0);
});

async function openCallWidget(page: Page, testInfo: TestInfo) {
  if (desktop(testInfo)) await page.getByRole('button', { name: 'Call us' }).click();
  else await page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('button', { name: 'Customer care' }).click();
  const panel = page.getByRole('dialog', { name: 'Call us' });
  await expect(panel).toBeVisible();
  return panel;
}

test('a call tried outside the service hours (Dhaka time) shows the warning', async ({ page, request }, testInfo) => {
  const config = await publicConfig(request);
  // Friday 12:00 in Dhaka: customer care is closed all day.
  await page.clock.setFixedTime(new Date('2025-06-06T12:00:00+06:00'));
  await acceptCookies(page);
  await page.goto('/');
  await hydrated(page);
  const panel = await openCallWidget(page, testInfo);
  await expect(panel.getByText('Sunday to Thursday, 10 AM to 6 PM')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Call now' })).toHaveAttribute('href', `tel:${config.support_phone}`);
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await panel.getByRole('link', { name: 'Call now' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'Customer Service Representatives are available between 10am and 6pm Sunday to Thursday, except holidays.',
  );
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
});

test('a call within the service hours dials without a warning', async ({ page }, testInfo) => {
  // Sunday 11:00 in Dhaka, which is Sunday 05:00 UTC.
  await page.clock.setFixedTime(new Date('2025-06-08T05:00:00Z'));
  await acceptCookies(page);
  await page.goto('/');
  await hydrated(page);
  const panel = await openCallWidget(page, testInfo);
  // Record whether the widget let the tel: link through, then stop the browser from leaving the page.
  await page.evaluate(() => {
    window.addEventListener('click', (e) => {
      document.body.dataset.callAllowed = String(!e.defaultPrevented);
      e.preventDefault();
    });
  });
  await panel.getByRole('link', { name: 'Call now' }).click();
  await expect(page.locator('body')).toHaveAttribute('data-call-allowed', 'true');
  await expect(panel.getByRole('alert')).toHaveCount(0);
});

test('the WhatsApp button is on every page but a receipt', async ({ page, request }) => {
  const config = await publicConfig(request);
  await acceptCookies(page);
  await page.goto('/');
  const button = page.getByRole('link', { name: 'Chat with us on WhatsApp' });
  await expect(button).toBeVisible();
  await expect(button).toHaveAttribute('href', `https://wa.me/${config.whatsapp_number.replace(/\D/g, '')}`);
  await expect(button).toHaveAttribute('target', '_blank');
  await page.goto('/blog');
  await expect(button).toBeVisible();
  await page.goto('/receipt/1001');
  await hydrated(page);
  await expect(button).toHaveCount(0);
});

test('/404, a locale-prefixed /404 and unknown paths answer 404 with the branded page', async ({ page, request }) => {
  for (const path of ['/404', '/en-bd/404', '/xx/404', '/no/such/path', '/page/no-such-page', '/blog/no-such-article', '/blog?page=999']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    const html = await res.text();
    expect(html, path).toContain('Page not found');
    expect(html, path).toContain('Continue shopping');
  }
  await acceptCookies(page);
  await page.goto('/definitely-not-a-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found | Glow Bazaar');
  await expect(page.locator('main input[name="search"]')).toBeVisible();
  await page.getByRole('link', { name: 'Continue shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('content pages and the about-us pages render their sanitised body, title and description', async ({ page, request }) => {
  const pages = (await api<{ data: { handle: string }[] }>(request, '/pages/')).data;
  const handle = pages.find((p) => !['terms-conditions', 'privacy-policy'].includes(p.handle))?.handle;
  expect(handle).toBeTruthy();
  await acceptCookies(page);
  for (const [path, apiHandle] of [
    [`/page/${handle}`, handle],
    ['/about-us/terms-conditions', 'terms-conditions'],
    ['/about-us/privacy-policy', 'privacy-policy'],
  ] as const) {
    const content = (await api<{ data: ContentPage }>(request, `/pages/${apiHandle}/`)).data;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(content.title);
    // The title template adds the shop's name once.
    await expect(page).toHaveTitle(content.meta_title.endsWith('Glow Bazaar') ? content.meta_title : `${content.meta_title} | Glow Bazaar`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', content.meta_description);
    const firstText = content.body_html
      .replace(/<[^>]+>/g, '\n')
      .split('\n')
      .map((s) => s.trim())
      .find((s) => s.length > 20 && !s.includes('&'));
    if (firstText) await expect(page.locator('.rich-text')).toContainText(firstText.slice(0, 40));
    await expect(page.locator('.rich-text script')).toHaveCount(0);
  }
});

test('the blog lists articles with pagination under /blog and /blogs, and an article opens', async ({ page, request }) => {
  const all = (await api<{ count: number; results: BlogPostSummary[] }>(request, '/blogs/?page_size=24')).results;
  expect(all.length).toBeGreaterThan(4);
  await acceptCookies(page);
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Beauty blog' })).toBeVisible();
  for (const post of all.slice(0, 4)) await expect(page.getByRole('heading', { name: post.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: all[4]!.title })).toHaveCount(0);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog$/);

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/\/blog\?page=2$/);
  await expect(page.getByRole('heading', { name: all[4]!.title })).toBeVisible();

  await page.goto('/blogs?page=2');
  await expect(page.getByRole('heading', { name: all[4]!.title })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/blog\?page=2$/);

  await page.getByRole('link', { name: all[4]!.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${all[4]!.slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(all[4]!.title);
  await expect(page.locator(`time[datetime="${all[4]!.published_at}"]`)).toBeVisible();
  await expect(page).toHaveTitle(`${all[4]!.title} | Glow Bazaar`);
});

test('the department follows the URL: <html data-department> and the kids menu for toys', async ({ page, request }, testInfo) => {
  const kids = (await navigation(request, 'kids')).data.filter((i) => !i.visible_only_to_logged_in_users);
  const beauty = (await navigation(request, 'beauty')).data.filter((i) => !i.visible_only_to_logged_in_users);
  await acceptCookies(page);
  for (const [path, key] of [
    ['/', ''],
    ['/toys', 'toys'],
    ['/kids/all-product/', 'toys'],
    ['/home', 'home'],
    ['/sports/all-product/', 'sport'],
    ['/blog', ''],
  ] as const) {
    await page.goto(path);
    await expect(page.locator('html'), path).toHaveAttribute('data-department', key);
  }
  const firstTitle = async () => {
    if (desktop(testInfo)) return page.getByRole('navigation', { name: 'Main' }).locator('[data-menu-trigger]').first();
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Categories' }).locator('li > :first-child').first();
  };
  await page.goto('/');
  await hydrated(page);
  await expect(await firstTitle()).toHaveText(beauty[0]!.title);
  // A client-side move to the toys home switches to the kids menu.
  if (desktop(testInfo)) await page.getByRole('list', { name: 'Departments' }).getByRole('link', { name: 'Toys' }).click();
  else
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('list', { name: 'Departments' }).getByRole('link', { name: 'Toys' }).click();
  await expect(page).toHaveURL(/\/toys$/);
  await expect(page.locator('html')).toHaveAttribute('data-department', 'toys');
  if (!desktop(testInfo)) await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
  await expect(await firstTitle()).toHaveText(kids[0]!.title);
});

test('the store registration page hides the navigation, the footer and the help widgets', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/store/register');
  await hydrated(page);
  await expect(page.getByRole('link', { name: 'Glow Bazaar home' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Shortcuts' })).toHaveCount(0);
  await expect(page.locator('footer')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Call us' })).toHaveCount(0);
});

test('pages carry the title template, description, theme colour and icon, and no tracking pixel unless configured', async ({ request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<title>[^<]*Glow Bazaar[^<]*<\/title>/);
  expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
  expect(html).toContain('<meta name="theme-color" content="#c2185b"/>');
  expect(html).toContain('rel="icon" href="/favicon.svg"');
  expect(html).not.toContain('fbq(');
  expect((await request.get('/favicon.svg')).status()).toBe(200);
});
