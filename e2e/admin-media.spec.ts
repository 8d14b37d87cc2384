import { mkdir, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AdminSettings } from '@store/shared/admin-settings';
import { mediaMessages } from '@store/shared/media';
import { ADMIN_API, OWNER, apiToken, bearer, openNav, signInAs } from './support/admin';
import { expect, test } from './support/test';

/*
 * A logo uploaded in Settings, seen on the storefront's header. The logo is one for the whole
 * shop, so the phone and the desktop run take turns (a lock folder beside the e2e server's data)
 * and each puts the shop's logo back when it is done.
 */

const LOCK = join(process.env.E2E_DATA_DIR ?? tmpdir(), 'logo-test.lock');

async function takeTurn(): Promise<() => Promise<void>> {
  for (;;) {
    try {
      await mkdir(LOCK);
      return () => rmdir(LOCK);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** A transparent PNG logo of its own colour per run, drawn by the browser, so the header can only show the one this test uploaded. */
async function logoFile(page: Page, hue: string) {
  const dataUrl = await page.evaluate((fill) => {
    const canvas = document.createElement('canvas');
    canvas.width = 880;
    canvas.height = 240;
    const g = canvas.getContext('2d')!;
    g.fillStyle = fill;
    g.beginPath();
    g.roundRect(0, 0, 880, 240, 40);
    g.fill();
    g.fillStyle = '#ffffff';
    g.font = 'bold 110px sans-serif';
    g.textAlign = 'center';
    g.fillText('Glow', 440, 160);
    return canvas.toDataURL('image/png');
  }, hue);
  return { name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(dataUrl.split(',')[1] ?? '', 'base64') };
}

async function openSettings(page: Page) {
  await signInAs(page, OWNER.email, OWNER.password);
  await (await openNav(page)).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

test.describe('the logo', () => {
  let release: (() => Promise<void>) | undefined;
  let original: Pick<AdminSettings, 'logo' | 'logo_logged'> | undefined;

  test.beforeEach(async ({ request }) => {
    release = await takeTurn();
    const token = await apiToken(request, OWNER.email, OWNER.password);
    const { data } = (await (await request.get(`${ADMIN_API}/settings/`, { headers: bearer(token) })).json()) as { data: AdminSettings };
    original = { logo: data.logo, logo_logged: data.logo_logged };
  });

  test.afterEach(async ({ request }) => {
    try {
      if (original) {
        const token = await apiToken(request, OWNER.email, OWNER.password);
        const res = await request.patch(`${ADMIN_API}/settings/`, { headers: bearer(token), data: original });
        expect(res.ok()).toBe(true);
      }
    } finally {
      await release?.();
    }
  });

  test('an SVG is refused under the field; an uploaded PNG saved in Settings is the storefront header logo at once', async ({
    page,
    browser,
  }, testInfo) => {
    await openSettings(page);
    const logos = page.getByRole('form', { name: 'Logos' });
    await logos.scrollIntoViewIfNeeded();
    const visitors = logos.getByRole('group', { name: 'Logo for visitors' });

    // An SVG renamed .png: the API reads the bytes and says so under the field.
    await visitors.getByLabel('Logo for visitors: choose a file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script></svg>'),
    });
    await expect(visitors.getByRole('alert')).toHaveText(mediaMessages.notAnImage);

    const hue = testInfo.project.name === 'phone' ? '#00897b' : '#5e35b1';
    await visitors.getByLabel('Logo for visitors: choose a file').setInputFiles(await logoFile(page, hue));
    const preview = visitors.getByTestId('image-preview').locator('img');
    await expect(preview).toHaveAttribute('src', /^\/media\/uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.webp$/);
    const src = (await preview.getAttribute('src')) ?? '';
    await expect(visitors.getByRole('alert')).toHaveCount(0);
    // The picture really is there, and is a picture.
    expect((await page.request.get(src)).headers()['content-type']).toBe('image/webp');

    await logos.getByRole('button', { name: 'Save' }).click();
    await expect(logos.getByRole('status')).toContainText('Saved');

    const shopper = await browser.newPage({ viewport: page.viewportSize() ?? { width: 1440, height: 900 } });
    await shopper.goto('/');
    const home = shopper.locator('header').first().getByRole('link', { name: 'Glow Bazaar home' }).filter({ visible: true });
    await expect(home.locator('img')).toHaveAttribute('src', src);
    await expect(home.locator('img')).toHaveJSProperty('complete', true);
    expect(await home.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(880);
    await shopper.close();

    // Removed, and saved: the shop goes back to no logo of its own (the name in type).
    await visitors.getByRole('button', { name: 'Remove' }).click();
    await expect(visitors.getByTestId('image-preview').locator('img')).toHaveCount(0);
  });
});
