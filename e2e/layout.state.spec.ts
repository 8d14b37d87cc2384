/// <reference lib="dom" />
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { PublicConfig } from '@store/shared/content';
import * as messages from '@store/shared/messages';

/*
 * Site-wide switches. These run in the 'site-state' project, alone and after every other spec,
 * because maintenance mode changes every page of the shared e2e server. The switch is flipped
 * through PUT /api/v1/dev/settings/site/, which exists only when NODE_ENV is not production.
 */

async function setMaintenance(request: APIRequestContext, on: boolean) {
  const res = await request.put('/api/v1/dev/settings/site/', { data: { site_under_maintenance: on } });
  expect(res.ok()).toBe(true);
}

test.describe('maintenance mode', () => {
  test.afterEach(async ({ request }) => setMaintenance(request, false));

  test('the maintenance page replaces every page with status 503 while the settings say so', async ({ page, request }) => {
    const config = (await (await request.get('/api/v1/public-config/')).json()).data as PublicConfig;
    await setMaintenance(request, true);

    for (const path of ['/', '/all-product/', '/blog', '/page/about-us', '/no/such/page', '/404']) {
      const res = await request.get(path);
      expect(res.status(), path).toBe(503);
      const html = await res.text();
      expect(html, path).toContain(messages.maintenanceTitle);
      expect(html, path).not.toContain('aria-label="Main"');
    }

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.maintenanceTitle);
    await expect(page.getByText(messages.maintenanceBody)).toBeVisible();
    await expect(page.getByRole('link', { name: config.support_email })).toHaveAttribute('href', `mailto:${config.support_email}`);
    await expect(page.locator(`a[href="tel:${config.support_phone}"]`)).toBeVisible();
    await expect(page.locator('header')).toHaveCount(0);
    await expect(page.locator('footer')).toHaveCount(0);
    await expect(page).toHaveTitle(messages.maintenanceTitle);

    await setMaintenance(request, false);
    expect((await request.get('/')).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

test.describe('the social tracking pixel', () => {
  const pixelId = '1234567890123';
  let server: ChildProcess | undefined;
  let dataDir = '';
  let origin = '';

  // The pixel id is configuration (FACEBOOK_PIXEL_ID): a second server with it set, on an empty database.
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    dataDir = mkdtempSync(join(tmpdir(), 'store-e2e-pixel-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['apps/api/dist/server.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        FACEBOOK_PIXEL_ID: pixelId,
      },
      stdio: 'ignore',
    });
    for (let i = 0; i < 200; i++) {
      const ready = await fetch(`${origin}/readyz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (ready) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error('the pixel server did not start');
  });
  test.afterAll(async () => {
    // Its data folder goes once the server has closed its database, however long that takes.
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('runs in the head of shopping pages and never on payment pages', async ({ page }) => {
    const config = (await (await fetch(`${origin}/api/v1/public-config/`)).json()) as { data: PublicConfig };
    expect(config.data.facebook_pixel_id).toBe(pixelId);

    for (const path of ['/blog', '/page/x', '/no/such/page']) {
      const html = await (await fetch(`${origin}${path}`)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).toContain(`fbq('init',"${pixelId}")`);
      expect(head, path).toContain('connect.facebook.net/en_US/fbevents.js');
    }
    for (const path of ['/checkout', '/payment-success', '/receipt/123', '/order-verify/success/55/']) {
      const html = await (await fetch(`${origin}${path}`)).text();
      expect(html, path).not.toContain('fbq(');
    }

    // In the browser: the pixel queue exists and recorded the page view (the network script is stubbed).
    await page.route('https://connect.facebook.net/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    await page.goto(`${origin}/blog`);
    const queued = await page.evaluate(() =>
      (window as unknown as { fbq?: { queue: unknown[][] } }).fbq?.queue.map((args) => Array.from(args)),
    );
    expect(queued).toEqual([
      ['init', pixelId],
      ['track', 'PageView'],
    ]);
  });
});
