import { z } from 'zod';
import type { Cart, DeliveryType, LineImage } from './cart.js';
import { DELIVERY_TYPES } from './cart.js';
import {
  ADDRESS_TYPES,
  PAYMENT_METHODS,
  type AddressType,
  type CouponKind,
  type DeliveryZone,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  type ShippingFees,
} from './checkout-rules.js';
import { EMAIL_PATTERN, normalizeEmail } from './email.js';
import { IdSchema, text } from './input.js';
import * as messages from './messages.js';
import { canonicalBdMobile } from './phone.js';

export * from './checkout-rules.js';

/*
 * Checkout, orders and payments (SPEC §2–§9, issue 7). Every path is under /api/v1 unless noted.
 * Checkout calls need a session: a signed-in customer or a phone-verified guest (401 'Please login
 * to proceed' otherwise); GET /checkout/ also answers a visitor (their bag, no addresses).
 *
 * method path                                    body → response
 * GET    /checkout/locations/                    → LocationsResponse (divisions → districts → areas, shipped with the app)
 * GET    /addresses/?type=shipping|billing       → AddressListResponse (the caller's own)
 * POST   /addresses/?type=                       AddressForm → 201 AddressSaveResponse ('Add address success')
 * PUT    /addresses/:id/?type=                   AddressForm → AddressSaveResponse; 404 for someone else's
 * DELETE /addresses/:id/?type=                   → { success, detail: 'Delete success' }; 404 for someone else's
 * GET    /checkout/                              → CheckoutResponse
 * POST   /checkout/shipping_address/             ShippingAddressPayload → CheckoutResponse (message.shipping when same day fell back to standard)
 * POST   /checkout/payment_method/               PaymentMethodPayload → CheckoutResponse
 * POST   /checkout/discount_code/                DiscountPayload → DiscountResponse | 400 with fields.discount (message.discount)
 * POST   /checkout/remove_discount/              {} → RemoveDiscountResponse
 * POST   /checkout/pay/                          OrderPayPayload (+ Idempotency-Key header) → PayResponse
 *                                                | 401 login | 400 fields.cart / fields.address / fields.discount | 400 out_of_stock fields.cart | 502 payment_failed
 * GET    /orders/                                → OrderListResponse (the caller's orders, newest first)
 * GET    /orders/:number/                        → { data: OrderDetail }; 404 for someone else's
 * GET    /orders/verify/:token/                  → { data: PublicOrder } (open to a link holder: no address, no phone)
 * GET    /orders/receipt/:token/                 → ReceiptResponse (the address only for the order's owner)
 *
 * Gateway returns (outside /api/v1, see docs/payments.md): /payments/bkash/callback/,
 * /payments/sslcommerz/{success,fail,cancel,ipn}/; simulators under /sandbox/bkash/ and /sandbox/sslcommerz/.
 */

// ------------------------------------------------------------------------------------------------
// Places

export type BdArea = { name: string; zone: DeliveryZone };
export type BdDistrict = { name: string; areas: BdArea[] };
export type BdDivision = { name: string; districts: BdDistrict[] };
export type LocationsResponse = { data: BdDivision[] };

// ------------------------------------------------------------------------------------------------
// Addresses

const upTo = (max: number) => text().trim().max(max, `At most ${max} characters`);
const required = (message: string, max: number) => text(message).trim().min(1, message).max(max, `At most ${max} characters`);

export const AddressTypeQuerySchema = z.object({ type: z.enum(ADDRESS_TYPES).default('shipping') });

/**
 * The address form of the address step. `location` is the district (the city), as SPEC §3's
 * address_info names it; division, location and area must be names from /checkout/locations/.
 */
export const AddressFormSchema = z.object({
  name: required(messages.addressNameRequired, 100),
  phone: text(messages.addressPhoneRequired)
    .trim()
    .min(1, messages.addressPhoneRequired)
    .transform((value, ctx) => {
      const phone = canonicalBdMobile(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: messages.phoneInvalid });
        return z.NEVER;
      }
      return phone;
    }),
  email: text()
    .trim()
    .max(254, messages.emailInvalid)
    .transform(normalizeEmail)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), messages.emailInvalid)
    // An address read back from the API has email null: sending it again means none.
    .nullish()
    .transform((v) => v ?? ''),
  division: required(messages.divisionRequired, 60),
  location: required(messages.districtRequired, 60),
  area: required(messages.areaRequired, 80),
  address_detail: required(messages.addressDetailRequired, 300),
  additional_info: upTo(300).optional().default(''),
  company: upTo(100).optional().default(''),
  default: z.boolean().optional().default(false),
});
export type AddressFormInput = z.input<typeof AddressFormSchema>;
export type AddressForm = z.output<typeof AddressFormSchema>;

export type Address = {
  id: number;
  type: AddressType;
  default: boolean;
  name: string;
  phone: string;
  email: string | null;
  company: string;
  division: string;
  /** The district (city). */
  location: string;
  area: string;
  address_detail: string;
  additional_info: string;
  /** Derived from the area: decides the standard delivery fee. */
  zone: DeliveryZone;
};
export type AddressListResponse = { data: Address[] };
export type AddressSaveResponse = { success: true; detail: string; data: Address };

// ------------------------------------------------------------------------------------------------
// The checkout state (kept on the server against the shopper's bag)

/** SPEC §7 shipping_address/: the address (or a store for pickup) and the delivery type. */
export const ShippingAddressPayloadSchema = z.object({
  user_address_id: IdSchema.nullable().optional(),
  address_billing_id: IdSchema.nullable().optional(),
  store_location_id: IdSchema.nullable().optional(),
  delivery_type: z.enum(DELIVERY_TYPES).default('standard'),
  company: upTo(100).optional(),
  /** Sent by SPEC's client; the session decides whose address it is. */
  user_id: z.unknown().optional(),
});
export type ShippingAddressPayload = z.input<typeof ShippingAddressPayloadSchema>;
export type ShippingAddressChoice = z.output<typeof ShippingAddressPayloadSchema>;

export const PaymentMethodPayloadSchema = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, messages.paymentMethodRequired),
  multi_card_name: upTo(200).optional(),
});
export type PaymentMethodPayload = z.input<typeof PaymentMethodPayloadSchema>;

export const DiscountPayloadSchema = z.object({
  discount: z.object({ code: required(messages.couponInvalid, 40).transform((code) => code.toUpperCase()) }),
});
export type DiscountPayload = z.input<typeof DiscountPayloadSchema>;

export type AppliedCoupon = { code: string; kind: CouponKind; title: string; description: string };

export type ShippingOption = {
  type: Exclude<DeliveryType, 'pickup'>;
  fee: number;
  available: boolean;
  /** Why it is not available (same day outside Dhaka or after the cut-off). */
  reason: string | null;
};

export type PaymentOption = { method: PaymentMethod; label: string; available: boolean };

export type CheckoutTotals = {
  /** The bag's subtotal after the variants' discounts (poisha). */
  subtotal: number;
  /** The privilege card rebate. */
  rebate: number;
  /** The coupon's saving on the items. */
  discount: number;
  /** What the shopper pays for delivery (0 for pickup or a free-shipping coupon). */
  shipping: number;
  /** The fee a free-shipping coupon waived (0 otherwise). */
  shipping_waived: number;
  tax: number;
  total: number;
  currency: 'BDT';
};

export type CheckoutSummary = {
  cart: Cart;
  /** Who is checking out: null for a visitor (who must sign in or verify a phone first). */
  shopper: { kind: 'customer' | 'guest'; name: string; phone: string | null; email: string | null } | null;
  shipping_address_id: number | null;
  billing_address_id: number | null;
  store_location_id: number | null;
  delivery_type: DeliveryType;
  /** The zone of the chosen shipping address. */
  zone: DeliveryZone | null;
  payment_method: PaymentMethod | null;
  coupon: AppliedCoupon | null;
  /** Why the applied code takes nothing off right now (the bag changed); the pay call refuses it until removed. */
  coupon_error: string | null;
  totals: CheckoutTotals;
  shipping_options: ShippingOption[];
  payment_options: PaymentOption[];
  fees: ShippingFees;
};

/** message.shipping: same day fell back to standard; message.discount: a free-shipping coupon was dropped. */
export type CheckoutMessages = { shipping?: string; discount?: string };
export type CheckoutResponse = { data: CheckoutSummary; message?: CheckoutMessages };
export type DiscountResponse = { success: true; detail: string; data: CheckoutSummary };
export type RemoveDiscountResponse = { success: true; detail: string; data: { success: true; draft_order: CheckoutSummary } };

// ------------------------------------------------------------------------------------------------
// Placing the order

const affiliate = upTo(200).optional();

/**
 * SPEC §3's order-pay payload, with the place-order form's choices (each optional: the checkout
 * state fills what is not sent). Totals are never sent: the server computes them from the bag.
 */
export const OrderPayPayloadSchema = z.object({
  address_id: IdSchema.nullable().optional(),
  address_billing_id: IdSchema.nullable().optional(),
  store_location_id: IdSchema.nullable().optional(),
  delivery_type: z.enum(DELIVERY_TYPES).optional(),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  multi_card_name: upTo(200).optional(),
  cash_on_pickup: z.boolean().optional().default(false),
  referral_code: upTo(40).optional(),
  aff: affiliate,
  id_token: affiliate,
  id_user: affiliate,
  aff_uid: affiliate,
  note: upTo(500).optional(),
});
export type OrderPayInput = z.input<typeof OrderPayPayloadSchema>;
export type OrderPayPayload = z.output<typeof OrderPayPayloadSchema>;

/** What identifies a placed order to the shopper: the link token (`id`) and the human number. */
export type OrderRef = { id: string; number: string; status: OrderStatus; payment_status: PaymentStatus; total: number };
export type PayResponse = { success: true; data: { type: PaymentMethod; order: OrderRef; redirectGatewayURL: string | null } };

// ------------------------------------------------------------------------------------------------
// Orders

export type OrderLine = {
  variant_id: number;
  product_id: number;
  sku: string;
  product_title: string;
  variant_title: string;
  vendor: string;
  image: LineImage | null;
  product_url: string;
  quantity: number;
  /** Regular unit price (poisha). */
  price: number;
  /** What was paid per unit (0 for a gift). */
  discounted_price: number;
  line_price: number;
  gift: boolean;
};

/** What anyone holding the order's link may see: no address, no phone, no email. */
export type PublicOrder = {
  /** The link token: unguessable, unlike the number. */
  id: string;
  number: string;
  status: OrderStatus;
  payment_status: PaymentStatus;
  payment_method: PaymentMethod;
  delivery_type: DeliveryType;
  created_at: string;
  currency: 'BDT';
  subtotal: number;
  rebate: number;
  discount: number;
  shipping: number;
  shipping_waived: number;
  tax: number;
  total: number;
  coupon_code: string | null;
  item_count: number;
  line_items: OrderLine[];
  store_location: { name: string; address: string; hours: string } | null;
};

export type AddressSnapshot = Omit<Address, 'id' | 'default' | 'type'>;

export type OrderDetail = PublicOrder & {
  shipping_address: AddressSnapshot | null;
  billing_address: AddressSnapshot | null;
  contact: { name: string; phone: string | null; email: string | null };
  referral_code: string | null;
  history: { kind: 'order' | 'payment'; from: string | null; to: string; at: string }[];
};

export type OrderListItem = Pick<
  PublicOrder,
  'id' | 'number' | 'status' | 'payment_status' | 'payment_method' | 'total' | 'item_count' | 'created_at'
> & {
  image: LineImage | null;
  title: string;
};
export type OrderListResponse = { data: OrderListItem[]; count: number };
export type ReceiptResponse = { data: { order: PublicOrder; owner: Omit<OrderDetail, keyof PublicOrder> | null } };
