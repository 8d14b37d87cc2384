import { afterEach, expect, it, vi } from 'vitest';

// The library's chunk does not come (offline, or a release replaced it): its import fails.
vi.mock('web-vitals/attribution', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(() => vi.unstubAllGlobals());

it('a sampled load whose Web Vitals library does not come measures nothing and leaves no unhandled rejection', async () => {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  process.on('unhandledRejection', onRejection);
  const listeners: string[] = [];
  vi.stubGlobal('window', { innerWidth: 390, addEventListener: (type: string) => listeners.push(type) });
  vi.stubGlobal('document', { visibilityState: 'visible', addEventListener: (type: string) => listeners.push(type) });
  try {
    const { startRum } = await import('./rum');
    startRum(1, 'home');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(rejections).toEqual([]);
    // Nothing to flush: no page-hide listener was added.
    expect(listeners).toEqual([]);
  } finally {
    process.off('unhandledRejection', onRejection);
  }
});
