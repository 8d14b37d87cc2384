// Screenshots of the back office for docs/back-office.md, at a phone's and a desktop's size.
//
//   npm start                                  # the demo shop on http://localhost:3000 (another terminal)
//   node scripts/back-office-screenshots.mjs [base URL] [output folder] [screen…]
//
// Signs in as the demo owner and saves <screen>-phone.png and <screen>-desktop.png for each screen
// named (all of them when none is): dashboard, orders, order-detail, customers, customer-detail, settings, menus, footer, locations, pages, banners, catalog-products,
// catalog-product-editor, catalog-bulk, catalog-import, catalog-brands, catalog-brand-editor, catalog-collections,
// catalog-collection-editor, catalog-collection-rule, reviews, inventory, inventory-adjust, offers-coupons, offers-coupon-editor, offers-cards,
// offers-card-editor, offers-gifts, offers-gift-editor, audit, staff, account, orders-bulk, couriers-payouts.
// Chromium is Debian's (/usr/bin/chromium) unless CHROMIUM_PATH says otherwise.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3000', out = 'docs/back-office', ...only] = process.argv.slice(2);
const OWNER = { email: 'owner@example.com', password: 'GlowBazaar-owner-2026' };

/** Each screen: its file name, its address, the heading that says it has loaded, and whether to take the whole page. */
const SCREENS = [
  // 30 days, so every chart has something to draw.
  { name: 'dashboard', path: '/admin/dashboard?period=30d', heading: 'Dashboard', fullPage: true },
  { name: 'orders', path: '/admin/orders', heading: 'Orders' },
  // The oldest demo order, delivered, with its whole timeline.
  { name: 'order-detail', path: '/admin/orders/1', heading: /^Order GB-/, fullPage: true },
  // The confirmed orders, every one ticked: the bar to book them with a courier shows.
  { name: 'orders-bulk', path: '/admin/orders?status=confirmed', heading: 'Orders', check: /orders here ready to book$/ },
  // The cash each courier holds (delivered parcels not paid out) and the payouts recorded.
  { name: 'couriers-payouts', path: '/admin/couriers/payouts', heading: 'Courier payouts', fullPage: true },
  { name: 'customers', path: '/admin/customers', heading: 'Customers' },
  // A demo customer with three orders (blocked from COD and noted on first, by hand or by the docs' run).
  { name: 'customer-detail', path: '/admin/customers/12', heading: 'Jubayer Alam', fullPage: true },
  { name: 'settings', path: '/admin/settings', heading: 'Settings', fullPage: true },
  { name: 'content-menus', path: '/admin/content/menus', heading: 'Menus' },
  { name: 'content-footer', path: '/admin/content/footer', heading: 'Footer' },
  { name: 'content-locations', path: '/admin/content/locations', heading: 'Store locations' },
  { name: 'content-pages', path: '/admin/content/pages', heading: 'Pages' },
  { name: 'content-banners', path: '/admin/content/banners', heading: 'Banners' },
  { name: 'catalog-products', path: '/admin/catalog/products', heading: 'Products' },
  // The demo shop's first product, open in the editor (its heading is its name).
  { name: 'catalog-product-editor', path: '/admin/catalog/products/1', heading: null, fullPage: true },
  { name: 'catalog-bulk', path: '/admin/catalog/variants', heading: 'Bulk editor' },
  { name: 'catalog-import', path: '/admin/catalog/products/import', heading: 'Import and export products' },
  { name: 'reviews', path: '/admin/reviews?state=pending', heading: 'Reviews' },
  { name: 'inventory', path: '/admin/inventory?low=true', heading: 'Inventory' },
  // The Adjust dialog of the first variant, with a change typed in (the count it will leave shows).
  {
    name: 'inventory-adjust',
    path: '/admin/inventory?low=true',
    heading: 'Inventory',
    dialog: { button: /^Adjust the stock of/, fill: ['Quantity (+/−)', '12'] },
  },
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
  { name: 'offers-coupons', path: '/admin/offers/coupons', heading: 'Coupons' },
  { name: 'offers-coupon-editor', path: '/admin/offers/coupons/1', heading: /^Coupon /, fullPage: true },
  { name: 'offers-cards', path: '/admin/offers/cards', heading: 'Privilege cards' },
  { name: 'offers-card-editor', path: '/admin/offers/cards/1', heading: /^Card /, fullPage: true },
  { name: 'offers-gifts', path: '/admin/offers/gifts', heading: 'Gift rules' },
  // The demo shop's first gift rule, open in the editor (its heading is its title), with the bag's boxes previewed.
  { name: 'offers-gift-editor', path: '/admin/offers/gifts/1', heading: null, fullPage: true },
  { name: 'audit', path: '/admin/audit', heading: 'Audit log' },
  // Failed jobs and undelivered messages (with a failure made for the docs' run), and each job's counts.
  { name: 'jobs', path: '/admin/jobs', heading: 'Background jobs', fullPage: true },
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
      if (screen.heading) await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
      else await page.getByRole('form').first().waitFor();
      // A screen shown in one of its states: the option ticked first (the collection editor's rule).
      if (screen.check) await page.getByLabel(screen.check).check();
      await page.waitForLoadState('networkidle');
      if (screen.dialog) {
        await page.getByRole('button', { name: screen.dialog.button }).filter({ visible: true }).first().click();
        await page.getByRole('dialog').getByLabel(screen.dialog.fill[0]).fill(screen.dialog.fill[1]);
        await page.waitForTimeout(400); // the dialog's fade-in
      }
      const file = join(out, `${screen.name}-${suffix}.png`);
      await page.screenshot({ path: file, fullPage: screen.fullPage === true });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
