import { z } from 'zod';
import type { LineImage } from './cart.js';
import { CartSchema, DELIVERY_TYPES } from './cart.js';
import {
  ADDRESS_TYPES,
  COURIERS,
  DELIVERY_ZONES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  COUPON_KINDS,
} from './checkout-rules.js';
import { FreeDeliveryRuleSchema, ShippingFeesSchema } from './content.js';
import { EMAIL_PATTERN, normalizeEmail } from './email.js';
import { IdSchema, text } from './input.js';
import { CheckoutLoyaltySchema, CheckoutReferralSchema } from './loyalty.js';
import * as messages from './messages.js';
import type { Message } from './messages.js';
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

export const BdAreaSchema = z.object({ name: z.string(), zone: z.enum(DELIVERY_ZONES) });
export type BdArea = z.infer<typeof BdAreaSchema>;
export const BdDistrictSchema = z.object({ name: z.string(), areas: z.array(BdAreaSchema) });
export type BdDistrict = z.infer<typeof BdDistrictSchema>;
export const BdDivisionSchema = z.object({ name: z.string(), districts: z.array(BdDistrictSchema) });
export type BdDivision = z.infer<typeof BdDivisionSchema>;
export const LocationsResponseSchema = z.object({ data: z.array(BdDivisionSchema) });
export type LocationsResponse = z.infer<typeof LocationsResponseSchema>;

// ------------------------------------------------------------------------------------------------
// Addresses

const upTo = (max: number) =>
  text()
    .trim()
    .max(max, { error: () => messages.atMost(max) });
const required = (message: Message, max: number) =>
  text({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: () => messages.atMost(max) });

export const AddressTypeQuerySchema = z.object({ type: z.enum(ADDRESS_TYPES).default('shipping') });

/**
 * The address form of the address step. `location` is the district (the city), as SPEC §3's
 * address_info names it; division, location and area must be names from /checkout/locations/.
 */
export const AddressFormSchema = z.object({
  name: required(messages.addressNameRequired, 100),
  phone: text({ error: messages.addressPhoneRequired })
    .trim()
    .min(1, { error: messages.addressPhoneRequired })
    .transform((value, ctx) => {
      const phone = canonicalBdMobile(value);
      if (!phone) {
        ctx.addIssue({ code: 'custom', message: messages.phoneInvalid() });
        return z.NEVER;
      }
      return phone;
    }),
  email: text()
    .trim()
    .max(254, { error: messages.emailInvalid })
    .transform(normalizeEmail)
    .refine((v) => v === '' || EMAIL_PATTERN.test(v), { error: messages.emailInvalid })
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

export const AddressSchema = z.object({
  id: z.number().int(),
  type: z.enum(ADDRESS_TYPES),
  default: z.boolean(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  company: z.string(),
  division: z.string(),
  /** The district (city). */
  location: z.string(),
  area: z.string(),
  address_detail: z.string(),
  additional_info: z.string(),
  /** Derived from the area: decides the standard delivery fee. */
  zone: z.enum(DELIVERY_ZONES),
});
export type Address = z.infer<typeof AddressSchema>;
export const AddressListResponseSchema = z.object({ data: z.array(AddressSchema) });
export type AddressListResponse = z.infer<typeof AddressListResponseSchema>;
export const AddressSaveResponseSchema = z.object({ success: z.literal(true), detail: z.string(), data: AddressSchema });
export type AddressSaveResponse = z.infer<typeof AddressSaveResponseSchema>;

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
  paymentMethod: z.enum(PAYMENT_METHODS, { error: messages.paymentMethodRequired }),
  multi_card_name: upTo(200).optional(),
});
export type PaymentMethodPayload = z.input<typeof PaymentMethodPayloadSchema>;

export const DiscountPayloadSchema = z.object({
  discount: z.object({ code: required(messages.couponInvalid, 40).transform((code) => code.toUpperCase()) }),
});
export type DiscountPayload = z.input<typeof DiscountPayloadSchema>;

export const AppliedCouponSchema = z.object({ code: z.string(), kind: z.enum(COUPON_KINDS), title: z.string(), description: z.string() });
export type AppliedCoupon = z.infer<typeof AppliedCouponSchema>;

export const ShippingOptionSchema = z.object({
  type: z.enum(['standard', 'same_day']),
  fee: z.number(),
  available: z.boolean(),
  /** Why it is not available (same day outside Dhaka or after the cut-off). */
  reason: z.string().nullable(),
});
export type ShippingOption = z.infer<typeof ShippingOptionSchema>;

export const PaymentOptionSchema = z.object({
  method: z.enum(PAYMENT_METHODS),
  label: z.string(),
  available: z.boolean(),
  /** Why it is not offered to this shopper, shown beside it (cash on delivery after staff blocked it); null otherwise. */
  reason: z.string().nullable(),
});
export type PaymentOption = z.infer<typeof PaymentOptionSchema>;

export const CheckoutTotalsSchema = z.object({
  /** The bag's subtotal after the variants' discounts (poisha). */
  subtotal: z.number(),
  /** The privilege card rebate. */
  rebate: z.number(),
  /** The coupon's saving on the items. */
  discount: z.number(),
  /** A referred customer's welcome discount on a first order (issue 22). */
  referral_discount: z.number(),
  /** What the loyalty points spent on this order take off (issue 22). */
  points_discount: z.number(),
  /** What the shopper pays for delivery (0 for pickup or a free-shipping coupon). */
  shipping: z.number(),
  /** The fee a free-shipping coupon or free delivery waived (0 otherwise). */
  shipping_waived: z.number(),
  /** Free standard delivery (the site's rule) applies: the items reach its threshold in one of its zones. */
  free_delivery: z.boolean(),
  tax: z.number(),
  total: z.number(),
  currency: z.literal('BDT'),
});
export type CheckoutTotals = z.infer<typeof CheckoutTotalsSchema>;

export const CheckoutSummarySchema = z.object({
  cart: CartSchema,
  /** Who is checking out: null for a visitor (who must sign in or verify a phone first). */
  shopper: z
    .object({ kind: z.enum(['customer', 'guest']), name: z.string(), phone: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
  shipping_address_id: z.number().nullable(),
  billing_address_id: z.number().nullable(),
  store_location_id: z.number().nullable(),
  delivery_type: z.enum(DELIVERY_TYPES),
  /** The zone of the chosen shipping address. */
  zone: z.enum(DELIVERY_ZONES).nullable(),
  payment_method: z.enum(PAYMENT_METHODS).nullable(),
  coupon: AppliedCouponSchema.nullable(),
  /** Why the applied code takes nothing off right now (the bag changed); the pay call refuses it until removed. */
  coupon_error: z.string().nullable(),
  totals: CheckoutTotalsSchema,
  shipping_options: z.array(ShippingOptionSchema),
  payment_options: z.array(PaymentOptionSchema),
  /** Cash on delivery asks this shopper to pay the delivery fee by bKash first (poisha, part of the total); 0: it does not. */
  cod_deposit: z.number().int(),
  fees: ShippingFeesSchema,
  /** The site's free-delivery rule, as the totals applied it. */
  free_delivery: FreeDeliveryRuleSchema.nullable(),
  /** Same day is offered for orders placed before this time (Dhaka), as the settings say now: '2 PM'. */
  same_day_cutoff: z.string(),
  /** The loyalty box: points to earn and to spend (null for a guest, or with the programme off). */
  loyalty: CheckoutLoyaltySchema.nullable(),
  /** The referral code applied to this checkout and its welcome discount (null: none). */
  referral: CheckoutReferralSchema.nullable(),
});
export type CheckoutSummary = z.infer<typeof CheckoutSummarySchema>;

/** message.shipping: same day fell back to standard; message.discount: a free-shipping coupon was dropped. */
export const CheckoutMessagesSchema = z.object({ shipping: z.string().optional(), discount: z.string().optional() });
export type CheckoutMessages = z.infer<typeof CheckoutMessagesSchema>;
export const CheckoutResponseSchema = z.object({ data: CheckoutSummarySchema, message: CheckoutMessagesSchema.optional() });
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>;
export const DiscountResponseSchema = z.object({ success: z.literal(true), detail: z.string(), data: CheckoutSummarySchema });
export type DiscountResponse = z.infer<typeof DiscountResponseSchema>;
export const RemoveDiscountResponseSchema = z.object({
  success: z.literal(true),
  detail: z.string(),
  data: z.object({ success: z.literal(true), draft_order: CheckoutSummarySchema }),
});
export type RemoveDiscountResponse = z.infer<typeof RemoveDiscountResponseSchema>;

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
export const OrderRefSchema = z.object({
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  total: z.number().int(),
});
export type OrderRef = z.infer<typeof OrderRefSchema>;
/** The answer to pay/ (and pay again): the order, and the gateway page for bKash and card. */
export const PayResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ type: z.enum(PAYMENT_METHODS), order: OrderRefSchema, redirectGatewayURL: z.string().nullable() }),
});
export type PayResponse = z.infer<typeof PayResponseSchema>;

// ------------------------------------------------------------------------------------------------
// Orders

const LineImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
}) satisfies z.ZodType<LineImage>;

export const OrderLineSchema = z.object({
  variant_id: z.number().int(),
  product_id: z.number().int(),
  sku: z.string(),
  product_title: z.string(),
  variant_title: z.string(),
  vendor: z.string(),
  image: LineImageSchema.nullable(),
  product_url: z.string(),
  quantity: z.number().int(),
  /** Regular unit price (poisha). */
  price: z.number().int(),
  /** What was paid per unit (0 for a gift). */
  discounted_price: z.number().int(),
  line_price: z.number().int(),
  gift: z.boolean(),
});
export type OrderLine = z.infer<typeof OrderLineSchema>;

/** pay: start another payment attempt on an unpaid bKash or card order; cancel: the order is not confirmed yet. */
export const OrderActionsSchema = z.object({ pay: z.boolean(), cancel: z.boolean() });
export type OrderActions = z.infer<typeof OrderActionsSchema>;

/** What anyone holding the order's link may see: no address, no phone, no email. */
export const PublicOrderSchema = z.object({
  /** The link token: unguessable, unlike the number. */
  id: z.string(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  delivery_type: z.enum(DELIVERY_TYPES),
  created_at: z.string(),
  currency: z.literal('BDT'),
  subtotal: z.number().int(),
  rebate: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  shipping_waived: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** Cash on delivery whose delivery fee is paid by bKash first: that part of the total (poisha); 0: none. */
  cod_deposit: z.number().int(),
  coupon_code: z.string().nullable(),
  /** A referred customer's welcome discount (poisha). */
  referral_discount: z.number().int(),
  /** Loyalty points spent on the order and what they took off (poisha). */
  points_redeemed: z.number().int(),
  points_discount: z.number().int(),
  /** Points the order earned on delivery (0 before, or for a guest). */
  points_earned: z.number().int(),
  item_count: z.number().int(),
  line_items: z.array(OrderLineSchema),
  store_location: z.object({ name: z.string(), address: z.string(), hours: z.string() }).nullable(),
  /** An unpaid bKash or card order holds its items until then (ISO); null once paid, cancelled, or for cash. */
  hold_until: z.string().nullable(),
  /** What the order's owner may do now (always false for a link holder who is not the owner). */
  actions: OrderActionsSchema,
  /** The parcel once the shop has booked it with a courier (issue 18): who carries it and where to follow it. */
  parcel: z.object({ courier: z.enum(COURIERS), courier_name: z.string(), tracking_code: z.string(), tracking_url: z.string() }).nullable(),
  /** Money given back so far, poisha (partial or full refunds). */
  refunded: z.number().int(),
});
export type PublicOrder = z.infer<typeof PublicOrderSchema>;

/** POST /orders/{number}/pay/: pay an unpaid order again, with its method or another gateway. */
export const OrderRepayPayloadSchema = z.object({ payment_method: z.enum(['bkash', 'card']).optional() });
export type OrderRepayPayload = z.infer<typeof OrderRepayPayloadSchema>;

export const AddressSnapshotSchema = AddressSchema.omit({ id: true, default: true, type: true });
export type AddressSnapshot = z.infer<typeof AddressSnapshotSchema>;

/** What only the order's owner sees besides the public part: where it goes, who to call, what happened when. */
export const OrderPrivatePartSchema = z.object({
  shipping_address: AddressSnapshotSchema.nullable(),
  billing_address: AddressSnapshotSchema.nullable(),
  contact: z.object({ name: z.string(), phone: z.string().nullable(), email: z.string().nullable() }),
  referral_code: z.string().nullable(),
  history: z.array(z.object({ kind: z.enum(['order', 'payment']), from: z.string().nullable(), to: z.string(), at: z.string() })),
});
export const OrderDetailSchema = PublicOrderSchema.extend(OrderPrivatePartSchema.shape);
export type OrderDetail = z.infer<typeof OrderDetailSchema>;

export const OrderListItemSchema = PublicOrderSchema.pick({
  id: true,
  number: true,
  status: true,
  payment_status: true,
  payment_method: true,
  total: true,
  item_count: true,
  created_at: true,
}).extend({ image: LineImageSchema.nullable(), title: z.string() });
export type OrderListItem = z.infer<typeof OrderListItemSchema>;
export const OrderListResponseSchema = z.object({ data: z.array(OrderListItemSchema), count: z.number().int() });
export type OrderListResponse = z.infer<typeof OrderListResponseSchema>;
export const ReceiptResponseSchema = z.object({ data: z.object({ order: PublicOrderSchema, owner: OrderPrivatePartSchema.nullable() }) });
export type ReceiptResponse = z.infer<typeof ReceiptResponseSchema>;
