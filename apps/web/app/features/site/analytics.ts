import type { CURRENCY } from '@store/shared/constants';

/** A product line as the data layer reports it: money in whole taka (BDT), not poisha. */
export type AnalyticsProduct = { id: string; name: string; variant: string; brand: string; price: number; quantity: number };

/** The events of SPEC §7, in BDT. The bag and checkout issues push them. */
export type DataLayerEvent =
  // `action`: SPEC §7's label of the bag change ('added to cart', 'removed from cart', 'removed item from cart').
  | { event: 'addToCart'; action?: string; ecommerce: { currencyCode: typeof CURRENCY; add: { products: AnalyticsProduct[] } } }
  | { event: 'removeFromCart'; action?: string; ecommerce: { currencyCode: typeof CURRENCY; remove: { products: AnalyticsProduct[] } } }
  | {
      event: 'InitiateCheckout';
      ecommerce: { currencyCode: typeof CURRENCY; checkout: { actionField: { step: 1 }; products: AnalyticsProduct[] } };
    }
  | {
      event: 'purchase';
      ecommerce: {
        currencyCode: typeof CURRENCY;
        purchase: {
          actionField: { id: string; revenue: number; tax: number; shipping: number | 'free'; discount: number; coupon: string };
          products: AnalyticsProduct[];
        };
      };
    };

declare global {
  interface Window {
    dataLayer?: unknown[];
    fbq?: (...args: unknown[]) => void;
  }
}

/** Appends an event to window.dataLayer, which tag managers read; a no-op on the server. */
export function pushDataLayer(event: DataLayerEvent): void {
  if (typeof window === 'undefined') return;
  window.dataLayer ??= [];
  window.dataLayer.push(event);
}

/** Payment pages never load the tracking pixel: card and wallet flows stay free of third-party script. */
const PAYMENT_PATHS = [/^\/checkout(\/|$)/, /^\/payment-success(\/|$)/, /^\/receipt\//, /^\/order-verify\//];

export function isPaymentPage(pathname: string): boolean {
  return PAYMENT_PATHS.some((re) => re.test(pathname));
}

/** The social network's standard pixel bootstrap: queues calls until fbevents.js arrives, then tracks the page view. */
export function facebookPixelSnippet(pixelId: string): string {
  const id = JSON.stringify(pixelId);
  return `!function(f,b,e,v,n,t,s){if(f.fbq)return;n=f.fbq=function(){n.callMethod?n.callMethod.apply(n,arguments):n.queue.push(arguments)};if(!f._fbq)f._fbq=n;n.push=n;n.loaded=!0;n.version='2.0';n.queue=[];t=b.createElement(e);t.async=!0;t.src=v;s=b.getElementsByTagName(e)[0];s.parentNode.insertBefore(t,s)}(window,document,'script','https://connect.facebook.net/en_US/fbevents.js');fbq('init',${id});fbq('track','PageView');`;
}

/** Client-side navigations count as page views too, except on payment pages. */
export function trackPixelPageView(pathname: string): void {
  if (typeof window === 'undefined' || !window.fbq || isPaymentPage(pathname)) return;
  window.fbq('track', 'PageView');
}
