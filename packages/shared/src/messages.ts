/**
 * Every user-facing string of SPEC.md (and the ones it leaves open, chosen so the API and the UI say
 * the same), in the shopper's language: each is a function returning its text from the message
 * catalogs (packages/shared/messages), imported as `import * as messages from '@store/shared/messages'`.
 *
 * - In the storefront's browser and page bundles, `@store/shared/i18n/messages` is that build's
 *   language alone (decision 009): `messages.x()` is a plain function returning its text.
 * - In the API (and the page server's loaders, which import this package built), the catalog module
 *   dispatches on the request's language (apps/api/src/plugins/request-locale.ts); a schema's message
 *   is therefore given to zod as the function, `{ error: messages.x }`, so it is read when a value is
 *   checked, in that request's language, not once when the module loads.
 *
 * The English texts are SPEC.md's, word for word. A message with inputs takes them positionally here;
 * a count is written in the language's digits.
 */
import * as m from '@store/shared/i18n/messages';
import { formatTaka } from './money.js';

export {
  login_field_empty as loginFieldEmpty,
  login_field_invalid as loginFieldInvalid,
  email_taken as emailTaken,
  phone_taken as phoneTaken,
  email_check_invalid as emailCheckInvalid,
  email_invalid as emailInvalid,
  phone_required as phoneRequired,
  phone_invalid as phoneInvalid,
  first_name_required as firstNameRequired,
  last_name_required as lastNameRequired,
  address_phone_required as addressPhoneRequired,
  address_email_or_phone_required as addressEmailOrPhoneRequired,
  address_email_required as addressEmailRequired,
  login_required as loginRequired,
  choose_delivery_address as chooseDeliveryAddress,
  notify_me_saved as notifyMeSaved,
  email_not_verified as emailNotVerified,
  wrong_credentials as wrongCredentials,
  code_incorrect as codeIncorrect,
  otp_resent as otpResent,
  coupon_removed as couponRemoved,
  sms_verified as smsVerified,
  registration_successful as registrationSuccessful,
  verified_successfully as verifiedSuccessfully,
  add_address_success as addAddressSuccess,
  delete_success as deleteSuccess,
  created_new_user as createdNewUser,
  offline,
  maintenance_title as maintenanceTitle,
  maintenance_body as maintenanceBody,
  passwordless_sent as passwordlessSent,
  search_term_empty as searchTermEmpty,
  not_found as notFound,
  bad_request as badRequest,
  text_not_allowed as textNotAllowed,
  internal_error as internalError,
  service_unavailable as serviceUnavailable,
  account_not_found as accountNotFound,
  password_too_short as passwordTooShort,
  password_too_long as passwordTooLong,
  password_mismatch as passwordMismatch,
  password_or_otp as passwordOrOtp,
  birthday_invalid as birthdayInvalid,
  sms_bd_only as smsBdOnly,
  sms_unavailable as smsUnavailable,
  sms_unavailable_try_email as smsUnavailableTryEmail,
  too_many_requests as tooManyRequests,
  password_reset_sent as passwordResetSent,
  password_reset_invalid as passwordResetInvalid,
  password_changed as passwordChanged,
  link_invalid as linkInvalid,
  profile_saved as profileSaved,
  preferences_saved as preferencesSaved,
  otp_sent as otpSent,
  wishlist_added as wishlistAdded,
  wishlist_removed as wishlistRemoved,
  logged_out as loggedOut,
  bag_title as bagTitle,
  bag_empty as bagEmpty,
  bag_recommendations as bagRecommendations,
  added_to_bag as addedToBag,
  bag_form_incomplete as bagFormIncomplete,
  continue_shopping as continueShopping,
  checkout,
  bag_subtotal as bagSubtotal,
  bag_gift_title as bagGiftTitle,
  bag_free as bagFree,
  cart_not_found as cartNotFound,
  cart_unknown_variant as cartUnknownVariant,
  coupon_invalid as couponInvalid,
  coupon_expired as couponExpired,
  coupon_not_started as couponNotStarted,
  coupon_used_up as couponUsedUp,
  coupon_already_used as couponAlreadyUsed,
  address_not_found as addressNotFound,
  address_updated as addressUpdated,
  address_name_required as addressNameRequired,
  address_detail_required as addressDetailRequired,
  division_required as divisionRequired,
  district_required as districtRequired,
  area_required as areaRequired,
  store_required as storeRequired,
  payment_method_required as paymentMethodRequired,
  payment_method_unavailable as paymentMethodUnavailable,
  cod_not_allowed as codNotAllowed,
  cod_deposit_unavailable as codDepositUnavailable,
  payment_start_failed as paymentStartFailed,
  order_placed as orderPlaced,
  order_not_found as orderNotFound,
  payment_cancelled as paymentCancelled,
  payment_failed as paymentFailed,
  bag_kept as bagKept,
  order_cancelled as orderCancelled,
  order_not_cancellable as orderNotCancellable,
  order_not_payable as orderNotPayable,
  order_hold_expired as orderHoldExpired,
  idempotency_key_reused as idempotencyKeyReused,
  password_reset_code_sent as passwordResetCodeSent,
  email_needed_abroad as emailNeededAbroad,
  account_has_no_email as accountHasNoEmail,
  newsletter_needs_email as newsletterNeedsEmail,
  privilege_card_link_failed as privilegeCardLinkFailed,
  privilege_card_number_required as privilegeCardNumberRequired,
  privilege_card_linked as privilegeCardLinked,
  privilege_card_removed as privilegeCardRemoved,
  privilege_card_none as privilegeCardNone,
} from '@store/shared/i18n/messages';

/** Text with its digits in the language's: '12:05' → '১২:০৫' in Bangla. */
export function localDigits(text: string): string {
  const glyphs = m.digit_glyphs();
  return glyphs === '0123456789' ? text : text.replace(/\d/g, (d) => glyphs[Number(d)]!);
}

/** A count in the language's digits: 12 → '12' or '১২'. */
export const count = (n: number): string => localDigits(String(n));

/** Poisha as taka in the language's digits, lakh grouping in both: '৳1,23,450' or '৳১,২৩,৪৫০'. */
export const taka = (poisha: number): string => localDigits(formatTaka(poisha));

export const addressContactInvalid = (supportPhone: string) => m.address_contact_invalid({ supportPhone });
export const biggerPurchase = (phone: string) => m.bigger_purchase({ phone });
export const lowStock = (name: string, variant: string, left: number) => m.low_stock({ name, variant, left: count(left) });
export const couponApplied = (code: string) => m.coupon_applied({ code });
export const pleaseWait = (remaining: string) => m.please_wait({ remaining });
/** 'Total Search (n)'; 'Total Search (100+)' when the search box counted only as far as its window. */
export const totalSearch = (n: number, more = false) => m.total_search({ count: `${count(n)}${more ? '+' : ''}` });
export const searchNoResults = (term: string) => m.search_no_results({ term });
export const searchNoSuggestions = (term: string) => m.search_no_suggestions({ term });
export const offerSpend = (amount: string, gift: string) => m.offer_spend({ amount, gift });
export const offerBuy = (more: number, product: string, gift: string) => m.offer_buy({ more: count(more), product, gift });
/** The gift box's line under a gift's title: 'Glow Lab Rose Mist Travel size, worth ৳450, is in your bag.' */
export const giftInBag = (gift: string, worth: string) => m.gift_in_bag({ gift, worth });
export const privilegeRebate = (percent: number) => m.privilege_rebate({ percent: count(percent) });
export const couponMinSpend = (amount: string) => m.coupon_min_spend({ amount });
/** A buy-X-get-Y code short of items; `from` names what qualifies (its collection), so the shopper knows what to add. */
export function couponNeedsItems(more: number, from: string | null = null): string {
  const inputs = { more: count(more) };
  if (from) return more === 1 ? m.coupon_needs_items_from_one({ ...inputs, from }) : m.coupon_needs_items_from_other({ ...inputs, from });
  return more === 1 ? m.coupon_needs_items_one(inputs) : m.coupon_needs_items_other(inputs);
}
export const couponDroppedAddressChanged = (code: string) => m.coupon_dropped_address_changed({ code });
export const sameDayUnavailable = (cutoff: string) => m.same_day_unavailable({ cutoff });
/** The checkout's word under cash on delivery when the delivery fee is to be paid by bKash first. */
export const codDepositNote = (fee: string, rest: string) => m.cod_deposit_note({ fee, rest });
export const outOfStock = (name: string, variant: string) => m.item_out_of_stock({ name, variant });
/** A refund larger than what is left to give back (issue 18). */
export const refundTooLarge = (left: string) => m.refund_too_large({ left });
/** An unpaid bKash or card order after a failed or cancelled attempt: the items wait for the shopper until `until`. */
export const paymentRetry = (until: string) => m.payment_retry({ until });
export const tooManyAddresses = (max: number) => m.too_many_addresses({ max: count(max) });
/** 'At most 100 characters': a text field over its length. */
export const atMost = (max: number) => m.text_at_most({ max: count(max) });

/** A message as zod takes it (`{ error: message }`): read when a value is checked, in that request's language. */
export type Message = () => string;

// The loyalty and referral programme (issue 22): refusals at checkout, in the shopper's language.
export {
  loyalty_api_points_sign_in as pointsSignIn,
  loyalty_api_points_changed as pointsChanged,
  loyalty_api_programme_off as programmeOff,
  loyalty_api_referral_unknown as referralUnknown,
  loyalty_api_referral_own as referralOwn,
  loyalty_api_referral_not_first as referralNotFirst,
  loyalty_api_referral_household as referralHousehold,
  loyalty_api_referral_sign_in as referralSignIn,
} from '@store/shared/i18n/messages';
export const pointsMinBalance = (points: number) => m.loyalty_api_points_min_balance({ points: count(points) });
export const pointsTooMany = (points: number) => m.loyalty_api_points_too_many({ points: count(points) });
export const voucherTooMany = (points: number) => m.loyalty_api_voucher_too_many({ points: count(points) });
export const referralMinOrder = (amount: number) => m.loyalty_api_referral_min_order({ amount: taka(amount) });
