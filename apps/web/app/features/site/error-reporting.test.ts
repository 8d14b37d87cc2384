import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ErrorReporting, ReportingSdk } from './error-reporting-options';
import { scrubUrl } from './error-reporting-options';

const CONFIG: ErrorReporting = { dsn: 'https://key@o1.ingest.example/7', environment: 'production' };

/** A fake SDK chunk whose loading the test releases by hand. */
function fakeChunk() {
  const calls: { started: ErrorReporting[]; reported: unknown[] } = { started: [], reported: [] };
  const sdk: ReportingSdk = { start: (c) => void calls.started.push(c), report: (e) => void calls.reported.push(e) };
  let release: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(async () => {
    await ready;
    return sdk;
  });
  return { calls, load, release: () => release() };
}

/** The page's window: an EventTarget (the loader only listens and is dispatched to). */
const fire = (type: string, props: Record<string, unknown> = {}) => window.dispatchEvent(Object.assign(new Event(type), props));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('error reporting', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('window', new EventTarget());
  });
  afterEach(() => vi.unstubAllGlobals());

  const fresh = async () => import('./error-reporting');

  it('loads nothing, ever, without a DSN', async () => {
    const { startErrorReporting, captureError } = await fresh();
    const chunk = fakeChunk();
    startErrorReporting(null, chunk.load);
    fire('pointerdown');
    fire('error', { error: new Error('boom') });
    captureError(new Error('caught'));
    expect(chunk.load).not.toHaveBeenCalled();
  });

  it('loads the SDK on the first tap, not before, and only once', async () => {
    const { startErrorReporting } = await fresh();
    const chunk = fakeChunk();
    startErrorReporting(CONFIG, chunk.load);
    startErrorReporting(CONFIG, chunk.load);
    await settle();
    expect(chunk.load).not.toHaveBeenCalled();
    fire('pointerdown');
    fire('keydown');
    chunk.release();
    await settle();
    expect(chunk.load).toHaveBeenCalledTimes(1);
    expect(chunk.calls.started).toEqual([CONFIG]);
    expect(chunk.calls.reported).toEqual([]);
  });

  it('reports errors thrown before the SDK arrived, once it has started, and then directly', async () => {
    const { startErrorReporting, captureError } = await fresh();
    const chunk = fakeChunk();
    startErrorReporting(CONFIG, chunk.load);
    const early = new Error('before any tap');
    fire('error', { error: early });
    fire('unhandledrejection', { reason: 'rejected' });
    expect(chunk.load).toHaveBeenCalledTimes(1);
    expect(chunk.calls.reported).toEqual([]);
    chunk.release();
    await settle();
    expect(chunk.calls.reported).toEqual([early, 'rejected']);
    // The SDK's own handlers take uncaught errors from here; a caught one is handed over at once.
    fire('error', { error: new Error('later, uncaught') });
    const caught = new Error('a route error boundary');
    captureError(caught);
    expect(chunk.calls.reported).toEqual([early, 'rejected', caught]);
  });

  it("reports an error a route's error boundary caught before reporting started, and retries a chunk that did not come", async () => {
    const { startErrorReporting, captureError } = await fresh();
    const boundary = new Error('caught on the first render');
    captureError(boundary);
    let attempts = 0;
    const chunk = fakeChunk();
    const flaky = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return chunk.load();
    };
    startErrorReporting(CONFIG, flaky);
    await settle();
    expect(attempts).toBe(1);
    fire('pointerdown');
    chunk.release();
    await settle();
    expect(attempts).toBe(2);
    expect(chunk.calls.reported).toEqual([boundary]);
  });

  it('keeps capability tokens and query strings out of the URLs it reports', () => {
    expect(scrubUrl('https://shop.example/passwordless-login/Zm9vYmFyYmF6cXV4MTIz/17/a1b2c3d4e5f6a7b8c9d0')).toBe(
      'https://shop.example/passwordless-login/:token/17/:token',
    );
    expect(scrubUrl('/receipt/T-sYLgcVLplKsnq_T427yQMc')).toBe('/receipt/:token');
    expect(scrubUrl('/product/?search=01711000000&page=2')).toBe('/product/?…');
    expect(scrubUrl('/brand/nyx/nyx-soft-matte-lip-cream-lipstick#reviews')).toBe('/brand/nyx/nyx-soft-matte-lip-cream-lipstick#…');
    expect(scrubUrl('/account/orders/GB-2611-001038')).toBe('/account/orders/GB-2611-001038');
    expect(scrubUrl('/brand/loreal/loreal-revitalift-serum-30ml')).toBe('/brand/loreal/loreal-revitalift-serum-30ml');
    expect(scrubUrl('/forgot-password/9f86d081884c7d659a2feaa0c55ad015')).toBe('/forgot-password/:token');
    // A receipt token may hold no digit at all.
    expect(scrubUrl('/receipt/sYLgcVLplKsnq_TqwyQMcabc')).toBe('/receipt/:token');
  });
});
