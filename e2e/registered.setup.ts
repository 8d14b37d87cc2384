import { writeFileSync } from 'node:fs';
import { REGISTERED_AHEAD_FOR, registeredAheadFile, signedInShopper } from './support/shopper';
import { test } from './support/test';

/**
 * Customers registered at the start of the run, one per browser project, for journeys that then
 * sign in by SMS code: a registration's own code blocks another one for SMS_TIMER (2 minutes in the
 * demo shop), which has passed by the time those journeys run.
 */
test('customers are registered ahead of the journeys that sign in by code', async ({ playwright, baseURL }) => {
  for (const project of ['phone', 'desktop']) {
    for (const journey of REGISTERED_AHEAD_FOR) {
      const api = await playwright.request.newContext({ baseURL });
      const { phone } = await signedInShopper(api, 'Tahmina', 'Akter');
      writeFileSync(registeredAheadFile(project, journey), JSON.stringify({ phone }));
      await api.dispose();
    }
  }
});
