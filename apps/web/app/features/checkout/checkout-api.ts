import type {
  Address,
  AddressFormInput,
  AddressListResponse,
  AddressSaveResponse,
  CheckoutResponse,
  DiscountResponse,
  OrderPayInput,
  PayResponse,
  RemoveDiscountResponse,
  ShippingAddressPayload,
} from '@store/shared/checkout';
import { IDEMPOTENCY_HEADER, type AddressType, type PaymentMethod } from '@store/shared/checkout-rules';
import { api } from '../../lib/http';

/** The checkout's browser calls (SPEC §7). Forms show errors inline, so the wrapper's toasts are off. */
const quiet = { toasts: false, allow404: true } as const;

export const checkoutApi = {
  summary: () => api.get<CheckoutResponse>('/checkout/', quiet),
  setShipping: (body: ShippingAddressPayload) => api.post<CheckoutResponse>('/checkout/shipping_address/', body, quiet),
  setPaymentMethod: (paymentMethod: PaymentMethod, multiCardName?: string) =>
    api.post<CheckoutResponse>(
      '/checkout/payment_method/',
      { paymentMethod, ...(multiCardName ? { multi_card_name: multiCardName } : {}) },
      quiet,
    ),
  applyCoupon: (code: string) => api.post<DiscountResponse>('/checkout/discount_code/', { discount: { code } }, quiet),
  removeCoupon: () => api.post<RemoveDiscountResponse>('/checkout/remove_discount/', {}, quiet),
  /** Loyalty points on this order (0 takes them off). */
  setPoints: (points: number) => api.post<CheckoutResponse>('/checkout/points/', { points }, quiet),
  /** A referral code ('' takes it off); a code that gives nothing stays, with `summary.referral.error` saying why. */
  setReferral: (code: string) => api.post<CheckoutResponse>('/checkout/referral_code/', { code }, quiet),
  pay: (body: OrderPayInput, attemptKey: string) =>
    api.post<PayResponse>('/checkout/pay/', body, { ...quiet, headers: { [IDEMPOTENCY_HEADER]: attemptKey } }),
  addresses: (type: AddressType) => api.get<AddressListResponse>(`/addresses/?type=${type}`, quiet),
  createAddress: (type: AddressType, form: AddressFormInput) => api.post<AddressSaveResponse>(`/addresses/?type=${type}`, form, quiet),
  updateAddress: (type: AddressType, id: number, form: AddressFormInput) =>
    api.put<AddressSaveResponse>(`/addresses/${id}/?type=${type}`, form, quiet),
  deleteAddress: (type: AddressType, id: number) => api.delete<{ success: true; detail: string }>(`/addresses/${id}/?type=${type}`, quiet),
  guestStart: (phone: string) =>
    api.post<{ success: true; id: string; detail: string }>('/accounts/guest/', { customer: { phone } }, quiet),
  guestVerify: (phone: string, code: string) =>
    api.post<{ success: true; detail: string }>('/accounts/guest/verify-sms/', { phone, code }, quiet),
};

export const toForm = (a: Address): AddressFormInput => ({
  name: a.name,
  phone: a.phone,
  email: a.email ?? '',
  company: a.company,
  division: a.division,
  location: a.location,
  area: a.area,
  address_detail: a.address_detail,
  additional_info: a.additional_info,
  default: a.default,
});
