/// <reference lib="dom" />
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { PublicConfig } from '@store/shared/content';

/*
 * The tracking pixel is configuration, so it runs against a second server of its own. It sits in the
 * 'site-state' project with the other specs that start or change whole servers.
 */

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
