/**
 * Every user-facing string of SPEC.md, word for word. The UI and the API both read them from here,
 * as `import * as messages from '@store/shared/messages'`: one export per string, so a page's
 * bundle carries only the strings it shows.
 */
import { SERVICE_CLOSE_HOUR, SERVICE_OPEN_HOUR } from './constants.js';

export const loginFieldEmpty = 'Please enter your email or phone number';
export const loginFieldInvalid = 'Please enter valid email or phone';
export const emailTaken = 'Please choose another email';
export const phoneTaken = 'Please choose another phone number';
export const emailCheckInvalid = 'Please chose a valid email address';
export const emailInvalid = 'Please enter valid email';
export const phoneRequired = 'Please enter phone number';
export const phoneInvalid = 'Please enter valid phone number';
export const firstNameRequired = 'Please enter first name';
export const lastNameRequired = 'Please enter last name';
export const addressPhoneRequired = 'Please enter your phone number';
export const addressEmailOrPhoneRequired = 'Please enter your email or phone number';
export const addressEmailRequired = 'Please enter your email';
export const addressContactInvalid = (supportPhone: string) => `Error phone/email, Need help? Please call: ${supportPhone}`;
export const loginRequired = 'Please login to proceed';
export const chooseDeliveryAddress = 'Please choose delivery address';
export const biggerPurchase = (phone: string) => `For bigger purchase, please contact ${phone}`;
export const notifyMeSaved = 'We will let you know when it is back in stock';
export const lowStock = (name: string, variant: string, left: number) => `${name} - ${variant} only ${left} products left`;
export const emailNotVerified = 'Email not verified, new magic link has been sent to your email';
export const wrongCredentials = 'Wrong username or password';
export const codeIncorrect = 'Code incorrect or expired';
export const otpResent = 'OTP Resend successfull';
export const couponApplied = (code: string) => `Coupon ${code} was successfully applied to cart`;
export const couponRemoved = 'Coupon was removed';
export const callOutsideHours = 'Customer Service Representatives are available between 10am and 6pm Sunday to Thursday, except holidays.';
export const smsVerified = 'SMS verification successful';
export const registrationSuccessful = 'Registration Successful';
export const verifiedSuccessfully = 'Verified successfully';
export const addAddressSuccess = 'Add address success';
export const deleteSuccess = 'Delete success';
export const createdNewUser = 'Created new user';
export const offline = 'You seem to be offline, please check your connection';
export const maintenanceTitle = 'Website under maintenance';
export const maintenanceBody = "We'll be back soon!";
export const passwordlessSent = 'Passwordless Login Link Sent';
export const pleaseWait = (remaining: string) => `Please wait ${remaining}`;
/** 'Total Search (n)'; 'Total Search (100+)' when the search box counted only as far as its window. */
export const totalSearch = (n: number, more = false) => `Total Search (${n}${more ? '+' : ''})`;
export const searchNoResults = (term: string) => `No products found for "${term}". You may like these instead.`;
export const searchNoSuggestions = (term: string) => `No products found for "${term}"`;
export const searchTermEmpty = 'Type a product or brand name to search. You may like these instead.';
/**
 * The hours shown, written from the hours the call widget's rule uses (constants.ts), so the text and
 * the 'between 10am and 6pm' warning agree (SPEC §9 wrote 9:30 AM to 6:30 PM; see docs/business-constants.md).
 */
export const serviceHours = `Sunday to Thursday, ${hourLabel(SERVICE_OPEN_HOUR)} to ${hourLabel(SERVICE_CLOSE_HOUR)}`;
export const notFound = 'Not found';
export const badRequest = 'Please check the highlighted fields';
export const textNotAllowed = 'Contains characters that are not allowed';
export const internalError = 'Something went wrong, please try again';
export const serviceUnavailable = 'The shop is having a moment. Please try again in a few seconds.';
// Accounts: strings SPEC leaves open (issue 5), chosen here so the API and the UI say the same.
export const accountNotFound = 'No account found with this email or phone';
export const passwordTooShort = 'Password must be at least 8 characters';
export const passwordTooLong = 'Password must be at most 128 characters';
export const passwordMismatch = 'Passwords do not match';
export const passwordOrOtp = 'Please enter your password or the code';
export const birthdayInvalid = 'Please enter a valid date of birth';
export const smsBdOnly = 'SMS codes are sent to Bangladeshi mobile numbers only';
export const smsUnavailable = 'We could not send the SMS just now. Please try again in a few minutes.';
export const smsUnavailableTryEmail = 'We could not send the SMS just now. We can e-mail you a sign-in link instead.';
export const tooManyRequests = 'Too many requests, please try again later';
export const passwordResetSent = 'If an account exists, a password reset link has been sent to its email';
export const passwordResetInvalid = 'This password reset link is invalid or has expired';
export const passwordChanged = 'Your password has been changed';
export const linkInvalid = 'This link is invalid or has expired';
export const profileSaved = 'Your profile has been saved';
export const preferencesSaved = 'Your preferences have been saved';
export const otpSent = 'A verification code has been sent';
export const wishlistAdded = 'Added to your wishlist';
export const wishlistRemoved = 'Removed from your wishlist';
export const loggedOut = 'You have been logged out';
// The bag: strings SPEC leaves open (issue 6), chosen here so the API and the UI say the same.
export const bagTitle = 'Shopping bag';
export const bagEmpty = 'Your bag is empty';
export const bagRecommendations = 'You may also like';
export const addedToBag = 'Added to your bag';
/** A bag form that named no product (a plain HTML form, edited or cut short). */
export const bagFormIncomplete = 'Please choose the product and quantity again';
export const continueShopping = 'Continue shopping';
export const checkout = 'Checkout';
export const bagSubtotal = 'Subtotal';
export const bagGiftTitle = 'Your free gift';
export const bagFree = 'Free';
export const offerSpend = (amount: string, gift: string) => `Add ${amount} more to get ${gift} free`;
export const offerBuy = (more: number, product: string, gift: string) => `Add ${more} more ${product} to get ${gift} free`;
/** The gift box's line under a gift's title: 'Glow Lab Rose Mist Travel size, worth ৳450, is in your bag.' */
export const giftInBag = (gift: string, worth: string) => `${gift}, worth ${worth}, is in your bag.`;
export const privilegeRebate = (percent: number) => `Privilege card ${percent}% rebate`;
export const cartNotFound = 'Bag not found';
export const cartUnknownVariant = 'No such product variant';
// Checkout, payments and orders: strings SPEC leaves open (issue 7), chosen here so the API and the UI say the same.
export const couponInvalid = 'This coupon code is not valid';
export const couponExpired = 'This coupon has expired';
export const couponNotStarted = 'This coupon is not active yet';
export const couponMinSpend = (amount: string) => `Spend ${amount} or more to use this coupon`;
export const couponUsedUp = 'This coupon has reached its usage limit';
export const couponAlreadyUsed = 'You have already used this coupon';
/** A buy-X-get-Y code short of items; `from` names what qualifies (its collection), so the shopper knows what to add. */
export const couponNeedsItems = (more: number, from: string | null = null) =>
  `Add ${more} more ${from ? `${more === 1 ? 'item' : 'items'} from ${from}` : `eligible ${more === 1 ? 'item' : 'items'}`} to use this coupon`;
export const couponDroppedAddressChanged = (code: string) => `Coupon ${code} was removed because the delivery address changed`;
export const sameDayUnavailable = (cutoff: string) => `Same day delivery is available inside Dhaka for orders placed before ${cutoff}`;
export const addressNotFound = 'Address not found';
export const addressUpdated = 'Address updated';
export const addressNameRequired = 'Please enter the name of the recipient';
export const addressDetailRequired = 'Please enter house, road and area details';
export const divisionRequired = 'Please choose a division';
export const districtRequired = 'Please choose a district';
export const areaRequired = 'Please choose an area';
export const storeRequired = 'Please choose a store';
export const paymentMethodRequired = 'Please choose a payment method';
export const paymentMethodUnavailable = 'This payment method is not available for this order';
/** Staff blocked this customer from cash on delivery (issue 18 item 6). */
export const codNotAllowed = 'Cash on delivery is not available for this account. Pay with bKash or card, or pick up at a store.';
/** A high-risk shopper's cash on delivery needs the delivery fee by bKash first, and bKash is off. */
export const codDepositUnavailable =
  'Cash on delivery needs the delivery fee paid by bKash first, and bKash is not available right now. Pay by card, or pick up at a store.';
/** The checkout's word under cash on delivery when the delivery fee is to be paid by bKash first. */
export const codDepositNote = (fee: string, rest: string) =>
  `Pay the delivery fee of ${fee} by bKash now to confirm your order; pay the rest, ${rest}, in cash on delivery.`;
export const outOfStock = (name: string, variant: string) => `${name} - ${variant} is out of stock`;
export const paymentStartFailed = 'The payment could not be started, please try again or choose another payment method';
export const orderPlaced = 'Your order has been placed';
export const orderNotFound = 'Order not found';
/** A refund larger than what is left to give back (issue 18). */
export const refundTooLarge = (left: string) => `At most ${left} can still be refunded on this order`;
export const paymentCancelled = 'Payment cancelled';
export const paymentFailed = 'Payment failed';
export const bagKept = 'Nothing was charged. Your bag is kept, so you can try again.';
/** An unpaid bKash or card order after a failed or cancelled attempt: the items wait for the shopper until `until`. */
export const paymentRetry = (until: string) => `Nothing was charged. We hold your items until ${until}: pay now, or cancel the order.`;
export const orderCancelled = 'Your order has been cancelled';
export const orderNotCancellable = 'This order can no longer be cancelled. Please call us and we will help.';
export const orderNotPayable = 'This order can no longer be paid online. Please place it again from your bag.';
export const orderHoldExpired = 'Payment not completed in time';
// Limits and repeats (issue 13).
export const idempotencyKeyReused =
  'This checkout attempt was already used for a different order. Please reload the page and place the order again.';
export const tooManyAddresses = (max: number) => `You can keep up to ${max} addresses. Please delete one first.`;
// Accounts (issue 14): phone-only accounts, the password reset by SMS code, the address book.
export const passwordResetCodeSent = 'If an account uses this phone number, we have sent it a 6-digit code by SMS';
export const emailNeededAbroad = 'Please enter your email: codes for numbers outside Bangladesh are sent by email';
export const accountHasNoEmail = 'This account has no email address. Sign in with a code by SMS instead.';
export const newsletterNeedsEmail = 'Your account has no email address to send the newsletter to';
// Privilege cards in the account (issue 17 item 6): one answer for every failed link, so a number cannot be probed.
export const privilegeCardLinkFailed = "We couldn't link this card. Check the number or ask the store.";
export const privilegeCardNumberRequired = 'Please enter your card number';
export const privilegeCardLinked = 'Your privilege card is linked. Its rebate shows in your bag.';
export const privilegeCardRemoved = 'Your privilege card has been removed from your account';
export const privilegeCardNone = 'You have no privilege card linked to your account';

/** 10 → '10 AM', 18 → '6 PM'. */
function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12} ${hour < 12 ? 'AM' : 'PM'}`;
}
