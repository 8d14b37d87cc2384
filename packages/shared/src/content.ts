import { z } from 'zod';
import { CareHoursSchema } from './admin-settings.js';
import { ImageSchema, ProductCardSchema } from './catalog.js';
import { DELIVERY_ZONES, type FreeDeliveryRule } from './checkout-rules.js';

const PromoteProductsSchema = z.object({
  type: z.literal('product'),
  value: z.object({ headline: z.string(), products: z.array(ProductCardSchema) }),
});
const PromotePageSchema = z.object({
  type: z.literal('promote_page_for_menu'),
  value: z.object({
    title: z.string(),
    page: z.string(),
    image: z.object({ url: z.string(), custom_width: z.number(), custom_height: z.number() }),
    open_in_new_tab: z.boolean(),
  }),
});
export const PromoteEntrySchema = z.discriminatedUnion('type', [PromoteProductsSchema, PromotePageSchema]);
export type PromoteEntry = z.infer<typeof PromoteEntrySchema>;

/** A navigation menu item with every field of SPEC §3. */
export type NavItem = {
  id: number;
  title: string;
  children: NavItem[];
  relative_url: string | null;
  external_url: string | null;
  redirect_url: { relative_url: string } | null;
  menu_color: string | null;
  menu_link_icon: string | null;
  disable_url: boolean;
  type: 'BrandPage' | 'FilteredPage' | 'ContentPage' | 'Link';
  visible_only_to_logged_in_users: boolean;
  open_in_new_tab: boolean;
  page: string | null;
  products: { headline: string } | null;
  promote: PromoteEntry[];
};
export const NavItemSchema: z.ZodType<NavItem> = z.object({
  id: z.number(),
  title: z.string(),
  get children() {
    return z.array(NavItemSchema);
  },
  relative_url: z.string().nullable(),
  external_url: z.string().nullable(),
  redirect_url: z.object({ relative_url: z.string() }).nullable(),
  menu_color: z.string().nullable(),
  menu_link_icon: z.string().nullable(),
  disable_url: z.boolean(),
  type: z.enum(['BrandPage', 'FilteredPage', 'ContentPage', 'Link']),
  visible_only_to_logged_in_users: z.boolean(),
  open_in_new_tab: z.boolean(),
  page: z.string().nullable(),
  products: z.object({ headline: z.string() }).nullable(),
  promote: z.array(PromoteEntrySchema),
});

export const FooterLinkSchema = z.object({ id: z.number(), title: z.string(), relative_url: z.string(), menu_icon: z.string().nullable() });
export type FooterLink = z.infer<typeof FooterLinkSchema>;
export const FooterGroupSchema = z.object({ id: z.number(), title: z.string(), children: z.array(FooterLinkSchema) });
export type FooterGroup = z.infer<typeof FooterGroupSchema>;

/** A colour as #rrggbb. */
const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour such as #c2185b');
export const ColoursSchema = z.object({ main: hexColour, separator: hexColour, font: hexColour });
export type Colours = z.infer<typeof ColoursSchema>;
export const BasicSettingsSchema = z.object({
  site_under_maintenance: z.boolean(),
  logo: z.string().nullable(),
  logo_logged: z.string().nullable(),
  colours: z.object({ general: ColoursSchema, registered: ColoursSchema }),
});
export type BasicSettings = z.infer<typeof BasicSettingsSchema>;

export const FreeDeliveryRuleSchema: z.ZodType<FreeDeliveryRule> = z.object({
  threshold: z.number().int().min(0),
  zones: z.array(z.enum(DELIVERY_ZONES)),
});

export const ShippingFeesSchema = z.object({
  same_day: z.number().int().min(0),
  standard_inside_dhaka: z.number().int().min(0),
  dhaka_suburb: z.number().int().min(0),
  outside_dhaka: z.number().int().min(0),
});
export const SiteSettingsSchema = z.object({
  SMS_TIMER: z.number(),
  OTP_VALIDITY: z.number(),
  shipping_fees: ShippingFeesSchema,
  /** Free standard delivery (checkout-rules.ts); null: none. */
  free_delivery: FreeDeliveryRuleSchema.nullable(),
  site_under_maintenance: z.boolean(),
  support_phone: z.string(),
  support_email: z.string(),
  whatsapp_number: z.string(),
  /** Customer care's days and hours (Dhaka time): the footer, the call panel and {{service_hours}}. */
  care_hours: CareHoursSchema,
  /** Same-day delivery for orders placed before this hour (Dhaka time): checkout and {{same_day_cutoff}}. */
  same_day_cutoff_hour: z.number(),
  /** A variant with fewer units than this says 'only n left'. */
  stock_warning_threshold: z.number(),
  /** A shopper whose phone's COD record is high-risk pays the delivery fee by bKash before a cash-on-delivery order goes ahead. */
  cod_deposit_high_risk: z.boolean(),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** GET /public-config/: what the storefront shell shows or switches on besides the menus. */
export const PublicConfigSchema = z.object({
  support_phone: z.string(),
  support_email: z.string(),
  whatsapp_number: z.string(),
  site_under_maintenance: z.boolean(),
  /** Free standard delivery, as checkout applies it; null: none. */
  free_delivery: FreeDeliveryRuleSchema.nullable(),
  /** The rule in a sentence, for the header's 'free shipping*' and the banners; null: none. */
  free_delivery_text: z.string().nullable(),
  /** Customer care's days and hours (Dhaka time), for the footer and the call panel (shop-hours.ts words them). */
  care_hours: CareHoursSchema,
  /** A variant with fewer units than this says 'only n left' (product page, bag, variant chooser). */
  stock_warning_threshold: z.number(),
  /** The social tracking pixel runs only when this is set. */
  facebook_pixel_id: z.string().nullable(),
  /** A locale or region segment the not-found page also answers under (/{prefix}/404). */
  locale_prefix: z.string().nullable(),
  /** The share of page loads that send their Web Vitals (packages/shared/src/rum.ts); 0: none. */
  rum_sample_rate: z.number(),
  /** Browser error reporting (SENTRY_DSN): the DSN and environment the storefront reports under; null: off. */
  error_reporting: z.object({ dsn: z.string(), environment: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;

export const SiteConfigSchema = z.object({
  logo: z.string().nullable(),
  nav: z.array(NavItemSchema),
  highlight_message: z.string().nullable(),
  footer: z.array(FooterGroupSchema),
  basicSettings: BasicSettingsSchema,
});
export type SiteConfig = z.infer<typeof SiteConfigSchema>;

export const BANNER_DEVICES = ['all', 'mobile', 'desktop'] as const;
export const BannerSchema = z.object({
  id: z.number(),
  title: z.string(),
  subtitle: z.string().nullable(),
  link_url: z.string(),
  image: ImageSchema,
  placement: z.enum(['hero', 'promo']),
  /** Where it shows: everywhere, or only on phones / only on desktops. */
  device: z.enum(BANNER_DEVICES),
});
export type Banner = z.infer<typeof BannerSchema>;

export const HomeSectionSchema = z.object({ id: z.number(), title: z.string(), handle: z.string(), products: z.array(ProductCardSchema) });
export type HomeSection = z.infer<typeof HomeSectionSchema>;
export const HomeResponseSchema = z.object({
  department: z.string(),
  banners: z.array(BannerSchema),
  sections: z.array(HomeSectionSchema),
});
export type HomeResponse = z.infer<typeof HomeResponseSchema>;

export const PageSchema = z.object({
  handle: z.string(),
  title: z.string(),
  body_html: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
});
export type Page = z.infer<typeof PageSchema>;
/** GET /pages/: the pages by title. */
export const PageLinkSchema = PageSchema.pick({ handle: true, title: true });
export const BlogPostSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  image: ImageSchema.nullable(),
  author: z.string(),
  published_at: z.string(),
});
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;
export const BlogPostSchema = BlogPostSummarySchema.extend({ body_html: z.string() });
export type BlogPost = z.infer<typeof BlogPostSchema>;
/** GET /blogs/: one page of posts, newest first. */
export const BlogPostListSchema = z.object({
  count: z.number(),
  page: z.number(),
  page_size: z.number(),
  results: z.array(BlogPostSummarySchema),
});
export const StoreLocationSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  area: z.string(),
  city: z.string(),
  phone: z.string(),
  hours: z.string(),
  /** A map of the store (https), set in the back office; null: none. */
  map_url: z.string().nullable(),
});
export type StoreLocation = z.infer<typeof StoreLocationSchema>;

export const NavQuerySchema = z.object({ type: z.enum(['beauty', 'kids']).default('beauty') });
export const PageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });
