/** Business constants of SPEC.md §9. Values SPEC leaves open are chosen in docs/business-constants.md. */
export const CURRENCY = 'BDT';
export const CURRENCY_SYMBOL = '৳';
export const MAX_LINE_QUANTITY = 6;
export const OTP_LENGTH = 6;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_SUGGESTIONS_DESKTOP = 5;
export const SEARCH_SUGGESTIONS_MOBILE = 3;
export const CART_RELOAD_AFTER_MS = 3000;
export const DEFAULT_DELIVERY_TYPE = 'standard';
export const MOBILE_BREAKPOINT = 1024;
export const NARROW_BREAKPOINT = 768;
export const TOAST_SUCCESS_MS = 3000;
export const PASSWORDLESS_COOLDOWN_MINUTES = 2;
export const LOW_STOCK_THRESHOLD = 5;
export const PAGE_SIZE = 24;

/** Department keys: beauty is the default and has the empty key. */
export const DEPARTMENT_KEYS = ['', 'toys', 'home', 'sport'] as const;
export type DepartmentKey = (typeof DEPARTMENT_KEYS)[number];

/** URL section prefixes: the optional first path segment that selects a department. */
export const SECTION_PREFIXES = { kids: 'toys', home: 'home', sports: 'sport' } as const satisfies Record<string, DepartmentKey>;
/** Department homes live at /{department}. */
export const DEPARTMENT_HOME_PATHS: Record<DepartmentKey, string> = { '': '/', toys: '/toys', home: '/home', sport: '/sport' };

export const LOCATIONS = ['BD', 'INT'] as const;
export type UserLocation = (typeof LOCATIONS)[number];

export const PERFUME_TYPES = { EDP: 'Eau de Parfum', EDT: 'Eau de Toilette', EDC: 'Eau de Cologne' } as const;
export type PerfumeTag = keyof typeof PERFUME_TYPES;

/** The shop's name, as every page, SMS and e-mail writes it. */
export const SHOP_NAME = 'Glow Bazaar';

/** Customer care: Sunday to Thursday; the call widget treats Friday, Saturday, before 10:00 and from 18:00 as closed. */
export const SERVICE_TIME_ZONE = 'Asia/Dhaka';
export const SERVICE_OPEN_HOUR = 10;
export const SERVICE_CLOSE_HOUR = 18;

/** Browser storage keys (SPEC §3). The auth token itself lives only in an HttpOnly cookie (docs/decisions/002-auth-token-cookie.md). */
export const STORAGE_KEYS = {
  csrf: 'csrftoken',
  pendingWishlist: 'pending_wishlist_product_id',
  location: 'user_location',
  cookieAcceptance: 'cookie_acceptance',
  siteSettings: 'site_settings',
  checkForm: 'check_form',
  passwordlessBlockUntil: 'passwordless_block_until',
  otpResendBlockUntil: 'otp_resend_block_until',
  otpExpiresAt: 'otp_expires_at',
  /** Bag changes made without a connection, kept until it returns (a reload or a closed tab loses none). */
  offlineBagChanges: 'offline_bag_changes',
} as const;
