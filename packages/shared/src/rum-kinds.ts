/*
 * The names real-user monitoring groups by (packages/shared/src/rum.ts): metrics, page types, device
 * classes and web.dev's thresholds. Kept apart from the schemas so the storefront's shell, which
 * names its page and device class on every load, carries no validation code.
 */

import { MOBILE_BREAKPOINT, NARROW_BREAKPOINT } from './constants.js';

export const RUM_METRICS = ['LCP', 'INP', 'CLS', 'TTFB', 'FCP'] as const;
export type RumMetric = (typeof RUM_METRICS)[number];

export const RUM_PAGE_TYPES = ['home', 'listing', 'search', 'product', 'brand', 'checkout', 'account', 'content', 'other'] as const;
export type RumPageType = (typeof RUM_PAGE_TYPES)[number];
export const RUM_PAGE_TYPE_LABELS: Record<RumPageType, string> = {
  home: 'Home',
  listing: 'Listing',
  search: 'Search results',
  product: 'Product',
  brand: 'Brand',
  checkout: 'Checkout',
  account: 'Account',
  content: 'Pages and blog',
  other: 'Other',
};

/** By the viewport's width at load, at SPEC §9's breakpoints. */
export const RUM_DEVICES = ['phone', 'tablet', 'desktop'] as const;
export type RumDevice = (typeof RUM_DEVICES)[number];
export const deviceOfWidth = (width: number): RumDevice =>
  width < NARROW_BREAKPOINT ? 'phone' : width < MOBILE_BREAKPOINT ? 'tablet' : 'desktop';

/** web.dev's thresholds: at or under `good` is good, over `poor` is poor (CLS unitless, the rest in ms). */
export const RUM_THRESHOLDS: Record<RumMetric, { good: number; poor: number }> = {
  LCP: { good: 2500, poor: 4000 },
  INP: { good: 200, poor: 500 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
  FCP: { good: 1800, poor: 3000 },
};
