import { existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/** A free port on loopback, so the e2e server never collides with a running `npm start`. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// The config is evaluated in every worker: the first evaluation picks the port and the data folder
// and hands them to the workers through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'store-e2e-'));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

// Debian's headless shell (package chromium-headless-shell) where it is installed: the same engine
// without the full browser's window machinery, about 40 % less CPU per journey than /usr/bin/chromium
// in headless mode on a 2-core machine. CHROMIUM_PATH chooses another (e.g. the full browser, to watch a test headed).
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: chromium,
    // Recording a trace costs every journey CPU (a DOM snapshot per action); CI prints the failures' text and screenshots only.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    timezoneId: 'Asia/Dhaka',
    locale: 'en-GB',
    // The storefront's service worker would sit between every journey and the server (and keep pages
    // across a test's own changes); e2e/offline.spec.ts turns it on where it is the subject.
    serviceWorkers: 'block',
  },
  projects: [
    // Customers some journeys sign in as later (e2e/registered.setup.ts).
    { name: 'setup', testMatch: /\.setup\.ts$/ },
    {
      name: 'phone',
      dependencies: ['setup'],
      testIgnore: /\.(state|closed)\.spec\.ts$/,
      grepInvert: /@desktop-only/,
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
    {
      name: 'desktop',
      dependencies: ['setup'],
      // What does not depend on the screen runs on the phone only: journeys tagged ONCE or PHONE_ONLY
      // (e2e/support/test.ts), and whole files about URLs and copy, the address book's rules,
      // taps before hydration and response headers. The desktop's layouts of those screens are in overflow.spec.ts.
      testIgnore: [/\.(state|closed)\.spec\.ts$/, /(listing-edges|before-hydration|account-book|security-headers)\.spec\.ts$/],
      grepInvert: /@once|@phone-only/,
      use: { viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    // Tests that change site-wide settings or content run after the phone and desktop ones.
    {
      name: 'site-state',
      testMatch: /\.state\.spec\.ts$/,
      dependencies: ['phone', 'desktop'],
      fullyParallel: false,
      // Whole back-office journeys (sign in, edit, shop, check the audit log) on a busy 2-core machine.
      timeout: 120_000,
      use: { viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
    // Maintenance mode closes every page: its tests run last, one at a time (the file is serial).
    {
      name: 'closed-store',
      testMatch: /\.closed\.spec\.ts$/,
      dependencies: ['site-state'],
      use: { viewport: { width: 1440, height: 900 }, launchOptions: chromium },
    },
  ],
  webServer: {
    command: 'node apps/api/dist/server.js',
    url: `${baseURL}/readyz`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      // E2E_DATABASE_URL (an empty database; `.ci/run` makes one) runs the store on PostgreSQL as a
      // deployed shop does; without it the store uses the embedded database, as `npm start` does.
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      // The journeys shop the demo shop, on PostgreSQL too (where the seed is otherwise off by default).
      SEED_DEMO: 'true',
      // Every e2e request comes from 127.0.0.1: lift the per-IP sending cap the accounts tests prove.
      SEND_LIMIT_PER_IP_HOUR: '100000',
      SEND_LIMIT_PER_DAY: '100000',
      SEND_LIMIT_PER_HOUR: '100000',
      SEND_LIMIT_PER_PREFIX_HOUR: '100000',
      // Every page load reports its Web Vitals (e2e/rum.spec.ts reads them on the dashboard), all from 127.0.0.1.
      RUM_SAMPLE_RATE: '1',
      RUM_BEACONS_PER_IP_MINUTE: '100000',
      NEW_BAGS_PER_IP_HOUR: '100000',
    },
  },
});
