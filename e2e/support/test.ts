import { test as base, expect } from '@playwright/test';

/**
 * Every journey fails on an uncaught page error or a console error, so a page that "looks right"
 * while throwing never passes. (Failed resource loads are left to the assertions of each test.)
 */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
      });
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The tag of a journey whose outcome does not depend on the screen (a wrong code refused, a link
 * that signs in, a redirect): it runs on the phone, the shop's main screen, and not again on the
 * desktop (playwright.config.ts). Journeys whose layout differs run on both.
 */
export const ONCE = '@once';

/**
 * Tags of a journey about one screen's own UI (the desktop's mega-menu, the phone's bottom bar, a
 * layout sweep that sets its own viewports): it runs only in that screen's project.
 */
export const PHONE_ONLY = '@phone-only';
export const DESKTOP_ONLY = '@desktop-only';

export { expect };
