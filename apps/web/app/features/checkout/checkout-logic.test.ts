import { describe, expect, it } from 'vitest';
import type { PublicOrder } from '@store/shared/checkout';
import * as messages from '@store/shared/messages';
import {
  affiliateFrom,
  guestPhoneError,
  orderPayBody,
  payableReferral,
  payErrorMessage,
  purchaseEvent,
  validateAddress,
} from './checkout-logic';

describe('checkout logic', () => {
  it('shows message.cart for pay errors, else the first message', () => {
    expect(payErrorMessage({ message: 'x', fields: { discount: 'Coupon gone', cart: 'Serum is out of stock' } })).toBe(
      'Serum is out of stock',
    );
    expect(payErrorMessage({ message: 'x', fields: { address: messages.chooseDeliveryAddress() } })).toBe(messages.chooseDeliveryAddress());
    expect(payErrorMessage({ message: messages.loginRequired() })).toBe(messages.loginRequired());
  });

  it('checks the address form with the address-step messages', () => {
    expect(validateAddress({ name: '', phone: '', division: '', location: '', area: '', address_detail: '' })).toEqual({
      name: messages.addressNameRequired(),
      phone: messages.addressPhoneRequired(),
      division: messages.divisionRequired(),
      location: messages.districtRequired(),
      area: messages.areaRequired(),
      address_detail: messages.addressDetailRequired(),
    });
    expect(
      validateAddress({ name: 'A', phone: '01212345678', division: 'Dhaka', location: 'Dhaka', area: 'Banani', address_detail: 'Road 11' }),
    ).toEqual({ phone: messages.phoneInvalid() });
    expect(
      validateAddress({
        name: 'A',
        phone: '+8801712345678',
        division: 'Dhaka',
        location: 'Dhaka',
        area: 'Banani',
        address_detail: 'Road 11',
      }),
    ).toEqual({});
  });

  it('asks a guest for a phone, and points to the help line when it is not a Bangladeshi mobile', () => {
    expect(guestPhoneError('', '+8809610001010')).toBe(messages.addressPhoneRequired());
    expect(guestPhoneError('12345', '+8809610001010')).toBe(messages.addressContactInvalid('+8809610001010'));
    expect(guestPhoneError('017 1234 5678', '+8809610001010')).toBeNull();
  });

  it('reads the affiliate values of the landing URL', () => {
    expect(affiliateFrom('?aff=partner&aff_uid=77&utm_source=x&id_user=')).toEqual({ aff: 'partner', aff_uid: '77' });
  });

  it('reports a purchase in taka with shipping or the word free', () => {
    const order = {
      number: 'GB-2611-001001',
      subtotal: 180_000,
      tax: 0,
      shipping: 0,
      discount: 18_000,
      rebate: 0,
      referral_discount: 0,
      points_discount: 0,
      coupon_code: 'WELCOME10',
      line_items: [{ sku: 's-1', product_title: 'Serum', variant_title: '30 ml', vendor: 'Lab', discounted_price: 90_000, quantity: 2 }],
    } as PublicOrder;
    expect(purchaseEvent(order)).toEqual({
      event: 'purchase',
      ecommerce: {
        currencyCode: 'BDT',
        purchase: {
          actionField: { id: 'GB-2611-001001', revenue: 1800, tax: 0, shipping: 'free', discount: 180, coupon: 'WELCOME10' },
          products: [{ id: 's-1', name: 'Serum', variant: '30 ml', brand: 'Lab', price: 900, quantity: 2 }],
        },
      },
    });
    expect(purchaseEvent({ ...order, shipping: 6_000 }).ecommerce).toMatchObject({ purchase: { actionField: { shipping: 60 } } });
    // A referral's welcome discount and the points spent are discounts too.
    expect(purchaseEvent({ ...order, referral_discount: 10_000, points_discount: 5_000 }).ecommerce).toMatchObject({
      purchase: { actionField: { discount: 330 } },
    });
  });
});

describe('orderPayBody', () => {
  const delivery = { delivery_type: 'same_day' as const, store_location_id: null, shipping_address_id: 7, billing_address_id: 9 };

  it('sends the chosen addresses for a delivery and the store for a pickup, never both', () => {
    expect(orderPayBody(delivery, 'cod', '')).toEqual({
      payment_method: 'cod',
      delivery_type: 'same_day',
      cash_on_pickup: false,
      address_id: 7,
      address_billing_id: 9,
    });
    const pickup = { ...delivery, delivery_type: 'pickup' as const, store_location_id: 3 };
    expect(orderPayBody(pickup, 'cash_on_pickup', '')).toEqual({
      payment_method: 'cash_on_pickup',
      delivery_type: 'pickup',
      cash_on_pickup: true,
      store_location_id: 3,
    });
  });

  it('sends the checkout referral code only while it gives its discount', () => {
    expect(payableReferral({ referral: null })).toBe('');
    expect(payableReferral({ referral: { code: 'RUPA7K', discount: 10_000, error: null } })).toBe('RUPA7K');
    expect(payableReferral({ referral: { code: 'OWNCODE', discount: 0, error: "You can't use your own referral code" } })).toBe('');
  });

  it('adds a referral code only when one was typed, trimmed to 40 characters', () => {
    expect(orderPayBody(delivery, 'bkash', '   ')).not.toHaveProperty('referral_code');
    expect(orderPayBody(delivery, 'bkash', `  ${'R'.repeat(50)} `).referral_code).toBe('R'.repeat(40));
  });
});
