import type { ErrorReporting, ReportingSdk } from './error-reporting-options';

/*
 * Browser error reporting (SPEC §"fixed values": session replay for 10 % of sessions, 100 % on error,
 * when an error-reporting key is set). Nothing is loaded without SENTRY_DSN. With it, the Sentry SDK
 * (error-reporting-sdk.ts, a chunk of its own) is fetched on the shopper's first tap or key, or at
 * the first error, never as part of a page's first load. Errors thrown before it arrives are held
 * and reported once it has started. Reports go to the shop's own origin (POST /api/v1/rum/errors/,
 * which forwards them), so the page's connect-src stays 'self' and blockers of third-party hosts do
 * not drop them.
 */

/** Errors kept while the SDK is on its way: a page that throws in a loop does not grow without end. */
const HELD_MAX = 20;
let started = false;
let sdk: ReportingSdk | null = null;
const held: unknown[] = [];
let loadNow: (() => void) | null = null;

/**
 * Reports an error the page caught itself (the route error boundary's): at once when the SDK runs,
 * else held and the SDK loaded. Without error reporting configured, nothing happens.
 */
export function captureError(error: unknown): void {
  if (sdk) return sdk.report(error);
  // Started without a DSN: reporting is off for this page.
  if (started && !loadNow) return;
  // Before startErrorReporting (a route error boundary's effect runs before the root's) it is held
  // too; without error reporting configured, startErrorReporting never comes and it is dropped there.
  if (held.length < HELD_MAX) held.push(error);
  loadNow?.();
}

/**
 * Once per page load: arms the loading of the SDK (first pointerdown or keydown, or the first error)
 * when error reporting is configured. `load` is the chunk's import (a test passes its own).
 */
export function startErrorReporting(
  config: ErrorReporting | null,
  load: () => Promise<ReportingSdk> = () => import('./error-reporting-sdk').then((m) => m.default),
): void {
  if (started) return;
  started = true;
  if (!config) {
    held.length = 0;
    return;
  }
  const onError = (e: ErrorEvent) => captureError(e.error ?? e.message);
  const onRejection = (e: PromiseRejectionEvent) => captureError(e.reason);
  const triggers = ['pointerdown', 'keydown'] as const;
  let loading = false;
  loadNow = () => {
    if (loading) return;
    loading = true;
    for (const type of triggers) window.removeEventListener(type, trigger, true);
    load()
      .then((loaded) => {
        loaded.start(config);
        // From here the SDK's own handlers see every uncaught error.
        window.removeEventListener('error', onError);
        window.removeEventListener('unhandledrejection', onRejection);
        sdk = loaded;
        for (const error of held.splice(0)) loaded.report(error);
      })
      .catch(() => {
        // The chunk did not come (offline, or a release replaced it): the next tap or error tries again.
        loading = false;
        for (const type of triggers) window.addEventListener(type, trigger, { capture: true, passive: true });
      });
  };
  const trigger = () => loadNow?.();
  for (const type of triggers) window.addEventListener(type, trigger, { capture: true, passive: true });
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  // An error caught before this ran (a route error boundary on the first render) loads the SDK now.
  if (held.length > 0) loadNow();
}
