import { afterEach, describe, expect, it } from 'vitest';
import { facebookPixelSnippet, isPaymentPage, pushDataLayer, type DataLayerEvent } from './analytics';

describe('isPaymentPage', () => {
  it.each([
    ['/checkout', true],
    ['/checkout/', true],
    ['/payment-success', true],
    ['/receipt/123', true],
    ['/order-verify/success/55/', true],
    ['/', false],
    ['/checkout-guide', false],
    ['/page/receipt', false],
    ['/brand/dior/sauvage', false],
  ])('%s → %s', (path, expected) => {
    expect(isPaymentPage(path)).toBe(expected);
  });
});

describe('pushDataLayer', () => {
  const g = globalThis as { window?: { dataLayer?: unknown[] } };
  afterEach(() => {
    delete g.window;
  });

  it('appends events to window.dataLayer, creating it when absent', () => {
    g.window = {};
    const event: DataLayerEvent = {
      event: 'addToCart',
      ecommerce: {
        currencyCode: 'BDT',
        add: { products: [{ id: 'SKU-1', name: 'Rose Oil', variant: '30 ml', brand: 'Aura', price: 1250, quantity: 1 }] },
      },
    };
    pushDataLayer(event);
    pushDataLayer(event);
    expect(g.window.dataLayer).toEqual([event, event]);
  });
});

describe('facebookPixelSnippet', () => {
  it('initialises the given pixel id as a JSON string literal', () => {
    expect(facebookPixelSnippet('1234567890')).toContain(`fbq('init',"1234567890")`);
  });
});
