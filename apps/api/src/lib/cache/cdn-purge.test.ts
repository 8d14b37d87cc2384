import { createServer, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCdnPurge } from './cdn-purge.js';
import { invalidate, invalidateHere } from './invalidation.js';

/* Issue 19: a change made in this process purges the CDN by tag; one heard from another process does not (its maker purges). */

const received: { tags: string[]; auth: string | undefined }[] = [];
const server = createServer((req: IncomingMessage, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c.toString()));
  req.on('end', () => {
    received.push({ ...(JSON.parse(body) as { tags: string[] }), auth: req.headers.authorization });
    res.end('{}');
  });
});
let url = '';
beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/purge`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

it('posts the tags of the changes made here within a moment to the purge URL with its token, once; nothing for changes heard from others, nothing without a URL', async () => {
  const stopNone = startCdnPurge(undefined, undefined, { warn() {} });
  const stop = startCdnPurge(url, 'secret-token', { warn() {} }, 50);
  try {
    invalidate(['catalog']);
    invalidate(['content', 'catalog']);
    invalidateHere(['offers']);
    for (let i = 0; i < 100 && received.length < 1; i++) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual([{ tags: ['catalog', 'content'], auth: 'Bearer secret-token' }]);
  } finally {
    stop();
    stopNone();
  }
  invalidate(['offers']);
  await new Promise((r) => setTimeout(r, 100));
  expect(received).toHaveLength(1);
});
