import { type Page } from '@playwright/test';
import { STORAGE_KEYS } from '@store/shared/constants';

/**
 * The shopper accepted cookies on an earlier visit: no banner comes up after load. Call before the
 * first navigation. (Clicking Accept "if it shows within 2 s" raced the banner, which waits for load.)
 */
export async function acceptCookies(page: Page) {
  await page.addInitScript(
    (key) => localStorage.setItem(key, JSON.stringify({ accepted: true, timestamp: Date.now() })),
    STORAGE_KEYS.cookieAcceptance,
  );
}
