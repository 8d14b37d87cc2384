import { type APIRequestContext, expect } from '@playwright/test';

/** What the journeys read of the shop through its API and its development doors, as a client would. */

/** The CSRF header for a state-changing API call (SPEC §7: double-submit, the cookie set by the same call). */
export async function csrf(request: APIRequestContext): Promise<Record<string, string>> {
  const token = ((await (await request.get('/api/v1/csrf/')).json()) as { csrfToken: string }).csrfToken;
  return { 'x-csrftoken': token };
}

export type OutboxRow = { channel: 'sms' | 'email'; to: string; subject: string | null; body: string };

/** The messages sent to a phone or an e-mail, newest first (the development outbox). */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxRow[]> {
  const res = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { data: OutboxRow[] }).data;
}

/** The newest 6-digit code sent to a phone or an e-mail, waiting for it to arrive (and for one other than `notCode`). */
export async function latestCode(request: APIRequestContext, to: string, notCode?: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const row = (await outbox(request, to))[0];
      code = (row && /\b(\d{6})\b/.exec(row.body)?.[1]) ?? '';
      return code !== '' && code !== notCode;
    })
    .toBe(true);
  return code;
}
