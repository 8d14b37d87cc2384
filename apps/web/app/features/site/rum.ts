import { API_PREFIX } from '@store/shared/api';
import { deviceOfWidth, type RumMetric, type RumPageType } from '@store/shared/rum-kinds';
import type { RumBeacon } from '@store/shared/rum';

/*
 * Real-user monitoring (docs/performance.md, "Real shoppers"): a sampled share of page loads send
 * their Web Vitals, measured by web-vitals' attribution build, to POST /api/v1/rum/. The library
 * is fetched only on a sampled load and only after hydration (it is not part of any page's
 * first-load script); its observers read the entries buffered since the page started. Metrics are
 * sent together when the page is hidden (a tab switch, a close, a navigation away), the moment
 * their values are final, with fetch keepalive and without cookies: no session, no personal data.
 */

/** Route files (routes.ts) by the page type the dashboard groups their loads under; any other is 'other'. */
const PAGE_TYPES: Record<string, RumPageType> = {
  listing: 'listing',
  search: 'search',
  product: 'product',
  brand: 'brand',
  checkout: 'checkout',
  receipt: 'checkout',
  'payment-success': 'checkout',
  account: 'account',
  'account-order': 'account',
  'guest-orders': 'account',
  'store-register': 'account',
  'forgot-password': 'account',
  'reset-password': 'account',
  verify: 'account',
  'verify-email': 'account',
  'passwordless-login': 'account',
  page: 'content',
  'blog-post': 'content',
};

/** The page type of a route, by its id in routes.ts (the home pages, blog lists and about pages have ids of their own). */
export function pageTypeOf(routeId: string | undefined): RumPageType {
  if (!routeId) return 'other';
  if (routeId.startsWith('home-')) return 'home';
  if (routeId.startsWith('blog') || routeId.startsWith('about-')) return 'content';
  return PAGE_TYPES[routeId.replace(/^routes\//, '')] ?? 'other';
}

type Entry = RumBeacon['metrics'][number];
const TARGET_MAX = 200;

function send(pageType: RumPageType, metrics: Entry[]) {
  const beacon: RumBeacon = { page_type: pageType, device: deviceOfWidth(window.innerWidth), metrics };
  void fetch(`${API_PREFIX}/rum/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(beacon),
    keepalive: true,
    credentials: 'omit',
  }).catch(() => undefined);
}

let started = false;

/** Once per page load: on `rate` of loads, watches the Web Vitals and beacons them when the page is hidden. */
export function startRum(rate: number, pageType: RumPageType): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  if (!(rate > 0) || Math.random() >= rate) return;
  const queued = new Map<RumMetric, Entry>();
  // Each metric once per load: web-vitals reports CLS and INP again on a later hide if they grew,
  // which would count one load several times in the percentiles.
  const sent = new Set<RumMetric>();
  const flush = () => {
    if (queued.size === 0) return;
    send(pageType, [...queued.values()]);
    for (const name of queued.keys()) sent.add(name);
    queued.clear();
  };
  const keep = (name: RumMetric, value: number, target: string | undefined) => {
    if (sent.has(name)) return;
    // Cut by characters, never inside one (a lone surrogate would make the beacon unreadable).
    queued.set(name, { name, value, ...(target ? { target: Array.from(target).slice(0, TARGET_MAX).join('') } : {}) });
  };
  void import('web-vitals/attribution')
    .then(({ onLCP, onINP, onCLS, onTTFB, onFCP }) => {
      onLCP((m) => keep('LCP', m.value, m.attribution.target));
      onINP((m) => keep('INP', m.value, m.attribution.interactionTarget));
      onCLS((m) => keep('CLS', m.value, m.attribution.largestShiftTarget));
      onTTFB((m) => keep('TTFB', m.value, undefined));
      onFCP((m) => keep('FCP', m.value, undefined));
      // After the library's own listeners, which report LCP, CLS and INP on the same event (some of
      // them added later, on the first input): the page stays alive when hidden, so a task later is
      // soon enough; a page being left is flushed by pagehide at once.
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') setTimeout(flush, 0);
      });
      window.addEventListener('pagehide', flush);
    })
    // Monitoring is best effort: a library that does not come (offline, a newer release) measures nothing.
    .catch(() => undefined);
}
