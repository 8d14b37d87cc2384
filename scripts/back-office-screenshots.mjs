// Screenshots of the back office for docs/back-office.md, at a phone's and a desktop's size.
//
//   npm start                                  # the demo shop on http://localhost:3000 (another terminal)
//   node scripts/back-office-screenshots.mjs [base URL] [output folder] [screen…]
//
// Signs in as the demo owner and saves <screen>-phone.png and <screen>-desktop.png for each screen
// named (all of them when none is): settings, menus, footer, locations, pages, banners, audit, staff, account.
// Chromium is Debian's (/usr/bin/chromium) unless CHROMIUM_PATH says otherwise.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', out = 'docs/back-office', ...only] = process.argv.slice(2);
const OWNER = { email: 'owner@example.com', password: 'GlowBazaar-owner-2026' };

/** Each screen: its file name, its address, the heading that says it has loaded, and whether to take the whole page. */
const SCREENS = [
  { name: 'settings', path: '/admin/settings', heading: 'Settings', fullPage: true },
  { name: 'content-menus', path: '/admin/content/menus', heading: 'Menus' },
  { name: 'content-footer', path: '/admin/content/footer', heading: 'Footer' },
  { name: 'content-locations', path: '/admin/content/locations', heading: 'Store locations' },
  { name: 'content-pages', path: '/admin/content/pages', heading: 'Pages' },
  { name: 'content-banners', path: '/admin/content/banners', heading: 'Banners' },
  { name: 'catalog-brands', path: '/admin/catalog/brands', heading: 'Brands' },
  { name: 'catalog-brand-editor', path: '/admin/catalog/brands/1', heading: /^Edit brand: / },
  { name: 'catalog-collections', path: '/admin/catalog/collections', heading: 'Collections' },
  { name: 'catalog-collection-editor', path: '/admin/catalog/collections/1', heading: /^Edit collection: /, fullPage: true },
  {
    name: 'catalog-collection-rule',
    path: '/admin/catalog/collections/new',
    heading: 'New collection',
    check: 'By rule, newest first',
    fullPage: true,
  },
  { name: 'audit', path: '/admin/audit', heading: 'Audit log' },
  { name: 'staff', path: '/admin/staff', heading: 'Staff' },
  { name: 'account', path: '/admin/account', heading: 'My account' },
];
const VIEWPORTS = [
  { suffix: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 },
  { suffix: 'desktop', viewport: { width: 1440, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
];

const wanted = SCREENS.filter((s) => only.length === 0 || only.includes(s.name) || only.includes(s.name.replace(/^content-/, '')));
if (wanted.length === 0) {
  console.error(`No such screen: ${only.join(', ')}. Screens: ${SCREENS.map((s) => s.name).join(', ')}`);
  process.exit(64);
}
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const { suffix, ...device } of VIEWPORTS) {
    const context = await browser.newContext({ ...device, baseURL: base, locale: 'en-GB', timezoneId: 'Asia/Dhaka' });
    const page = await context.newPage();
    await page.goto('/admin/sign-in');
    await page.getByLabel('E-mail').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /: account menu$/ }).waitFor();
    for (const screen of wanted) {
      await page.goto(screen.path);
      await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
      // A screen shown in one of its states: the option ticked first (the collection editor's rule).
      if (screen.check) await page.getByLabel(screen.check).check();
      await page.waitForLoadState('networkidle');
      const file = join(out, `${screen.name}-${suffix}.png`);
      await page.screenshot({ path: file, fullPage: screen.fullPage === true });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
