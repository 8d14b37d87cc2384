import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { z } from 'zod';
import { IdSchema, NOTHING_TO_CHANGE, changesSomething, text } from './input.js';
import { MEDIA_URL_PATTERN } from './media.js';

/*
 * The back office's menus, footer, store locations and highlight message (issue 16 item 5): what the
 * admin API takes and answers under /api/v1/admin/content/. The forms use the same schemas, so the
 * screen and the API say the same thing about a bad field.
 */

/** The two storefront menus (SPEC §7 navigation type). */
export const NAV_MENUS = ['beauty', 'kids'] as const;
export type NavMenu = (typeof NAV_MENUS)[number];

/** What a menu entry leads to, as the storefront's NavItem types it (data-type on the link). */
export const NAV_ITEM_TYPES = ['Link', 'BrandPage', 'FilteredPage', 'ContentPage'] as const;
export type NavItemType = (typeof NAV_ITEM_TYPES)[number];

/** How deep a menu goes: top level, its groups, their links (the mega-menu shows three levels). */
export const NAV_MAX_DEPTH = 3;
export const HIGHLIGHT_MAX = 200;

/** WCAG AA for body text: a menu entry's text is 13–15 px on the white bar and sheets. */
export const MENU_COLOUR_MIN_CONTRAST = 4.5;

extend([a11yPlugin]);

/** How a colour reads on the storefront's white menus, as WCAG's contrast ratio (1–21). */
export const contrastOnWhite = (hex: string): number => colord(hex).contrast('#ffffff');

export const navMessages = {
  required: 'Required',
  relative: 'Start with / (a page of this shop), for example /all-product/?category=serum',
  external: 'Give a full address starting with https://',
  colour: 'Must be a colour such as #c2185b',
  faintColour: `Pick a darker colour: menu text in it must stand out from white (contrast at least ${MENU_COLOUR_MIN_CONTRAST}:1)`,
  icon: 'Give the address of one of the shop’s pictures: /media/…',
  handle: 'Use lowercase letters, digits and dashes (for example about-us)',
  link: 'Start with / (a page of this shop) or https://',
  needsLink: 'Give an address (relative, external or redirect), a page, or switch on "No link"',
  oneProduct: 'Give at least one product',
  unknownProduct: 'No product has this handle',
  unknownId: 'Not an item of this menu',
  cycle: 'An item cannot sit under itself or one of its own children',
  tooDeep: `Menus go ${NAV_MAX_DEPTH} levels deep at most`,
  mapUrl: 'Give the map link starting with https://',
  phone: 'Give a phone number, for example +8801711000000',
} as const;

const max = (n: number) => `At most ${n} characters`;
const TitleSchema = text().trim().min(1, navMessages.required).max(100, max(100));
/** A field that may be left out: null (the forms send a blank field as null). */
const optional = <T extends z.ZodType<string>>(schema: T) => schema.nullable();

/** A path on this shop: /something, never //host. */
export const RelativeUrlSchema = text()
  .trim()
  .max(500, max(500))
  .regex(/^\/(?![/\\])[^\s\\]*$/, navMessages.relative);
export const ExternalUrlSchema = text()
  .trim()
  .max(500, max(500))
  .regex(/^https:\/\/[^\s/]+\S*$/, navMessages.external);
const LinkSchema = text()
  .trim()
  .max(500, max(500))
  .regex(/^(\/(?![/\\])[^\s\\]*|https:\/\/\S+)$/, navMessages.link);
const ColourSchema = text()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, navMessages.colour)
  .refine((hex) => contrastOnWhite(hex) >= MENU_COLOUR_MIN_CONTRAST, navMessages.faintColour);
/** A picture of the shop's own (the storefront's policy loads no other): an upload or a seeded icon. */
const IconSchema = text().trim().max(300, max(300)).regex(MEDIA_URL_PATTERN, navMessages.icon);
const HandleSchema = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,118}[a-z0-9])?$/, navMessages.handle);

/** "Promote" entries of a menu item (SPEC §3): product cards under a headline, or a promoted page with its picture. */
export const PromoteProductsInputSchema = z.object({
  type: z.literal('product'),
  headline: TitleSchema,
  product_handles: z.array(HandleSchema).min(1, navMessages.oneProduct).max(12, 'At most 12 products'),
});
export const PromotePageInputSchema = z.object({
  type: z.literal('promote_page_for_menu'),
  title: TitleSchema,
  page: LinkSchema,
  image: z.object({
    url: IconSchema,
    custom_width: z.number('Must be a number').int('Must be a whole number').min(1, 'At least 1').max(2000, 'At most 2000'),
    custom_height: z.number('Must be a number').int('Must be a whole number').min(1, 'At least 1').max(2000, 'At most 2000'),
  }),
  open_in_new_tab: z.boolean(),
});
export const PromoteInputSchema = z.discriminatedUnion('type', [PromoteProductsInputSchema, PromotePageInputSchema], {
  error: 'Choose products or a promoted page',
});
export type PromoteInput = z.infer<typeof PromoteInputSchema>;

/** A title's Bangla (issue 21): optional, and empty means Bangla pages show the English. */
const BanglaTitleSchema = text().trim().max(100, max(100)).optional();

const NavItemFieldsSchema = z.object({
  title: TitleSchema,
  title_bn: BanglaTitleSchema,
  relative_url: optional(RelativeUrlSchema),
  external_url: optional(ExternalUrlSchema),
  /** Where the entry really sends the shopper (it wins over the other addresses). */
  redirect_url: optional(RelativeUrlSchema),
  /** A content page's handle: the entry opens /page/<handle>. */
  page: optional(HandleSchema),
  menu_color: optional(ColourSchema),
  menu_link_icon: optional(IconSchema),
  /** Shown as a heading, not a link (a group of the mega-menu). */
  disable_url: z.boolean(),
  type: z.enum(NAV_ITEM_TYPES, 'Choose a type'),
  visible_only_to_logged_in_users: z.boolean(),
  open_in_new_tab: z.boolean(),
  /** The headline over the item's product cards in the mega-menu; null: none. */
  products_headline: optional(text().trim().max(100, max(100))),
  promote: z.array(PromoteInputSchema).max(6, 'At most 6 entries'),
});

type LinkFields = {
  disable_url?: boolean | undefined;
  relative_url?: string | null | undefined;
  external_url?: string | null | undefined;
  redirect_url?: string | null | undefined;
  page?: string | null | undefined;
};
/** A link that leads somewhere: an entry that is not a heading needs an address. */
export const navItemHasLink = (item: LinkFields) =>
  Boolean(item.disable_url || item.relative_url || item.external_url || item.redirect_url || item.page);
const needsLink = { error: navMessages.needsLink, path: ['relative_url'] };

export const AdminNavItemInputSchema = NavItemFieldsSchema.extend({
  menu: z.enum(NAV_MENUS, 'Choose a menu'),
  /** Null: a top-level entry. It goes last among its siblings. */
  parent_id: IdSchema.nullable(),
}).refine(navItemHasLink, needsLink);
export type AdminNavItemInput = z.infer<typeof AdminNavItemInputSchema>;

/** The editor's form: every field but where the item sits (the tree decides that). */
export const AdminNavItemFormSchema = NavItemFieldsSchema.refine(navItemHasLink, needsLink);
export type AdminNavItemForm = z.infer<typeof AdminNavItemFormSchema>;

/** PATCH: any subset of the fields; the API checks the link rule against the stored item. Moving is PUT order. */
export const AdminNavItemPatchSchema = NavItemFieldsSchema.partial().refine(changesSomething, NOTHING_TO_CHANGE);
export type AdminNavItemPatch = z.infer<typeof AdminNavItemPatchSchema>;

export type AdminNavItem = z.infer<typeof NavItemFieldsSchema> & {
  id: number;
  menu: NavMenu;
  parent_id: number | null;
  position: number;
  children: AdminNavItem[];
};
export const AdminNavItemSchema: z.ZodType<AdminNavItem> = z.object({
  id: z.number(),
  menu: z.enum(NAV_MENUS),
  parent_id: z.number().nullable(),
  position: z.number(),
  title: z.string(),
  /** '' when staff wrote none. */
  title_bn: z.string(),
  relative_url: z.string().nullable(),
  external_url: z.string().nullable(),
  redirect_url: z.string().nullable(),
  page: z.string().nullable(),
  menu_color: z.string().nullable(),
  menu_link_icon: z.string().nullable(),
  disable_url: z.boolean(),
  type: z.enum(NAV_ITEM_TYPES),
  visible_only_to_logged_in_users: z.boolean(),
  open_in_new_tab: z.boolean(),
  products_headline: z.string().nullable(),
  promote: z.array(PromoteInputSchema),
  get children() {
    return z.array(AdminNavItemSchema);
  },
});

/** PUT order: every item of the menu, each with its parent and its place among its siblings. */
export const AdminNavOrderSchema = z.object({
  items: z
    .array(z.object({ id: IdSchema, parent_id: IdSchema.nullable(), position: z.number().int().min(0).max(9999) }))
    .max(2000, 'Too many items'),
});
export type AdminNavOrder = z.infer<typeof AdminNavOrderSchema>;

export const NavMenuQuerySchema = z.object({ menu: z.enum(NAV_MENUS, 'Choose beauty or kids').default('beauty') });

// Footer

export const AdminFooterGroupInputSchema = z.object({
  menu: z.enum(NAV_MENUS, 'Choose a menu'),
  title: TitleSchema,
  title_bn: BanglaTitleSchema,
});
export type AdminFooterGroupInput = z.infer<typeof AdminFooterGroupInputSchema>;
export const AdminFooterGroupPatchSchema = AdminFooterGroupInputSchema.pick({ title: true, title_bn: true });
export type AdminFooterGroupPatch = z.infer<typeof AdminFooterGroupPatchSchema>;

const FooterLinkFieldsSchema = z.object({
  title: TitleSchema,
  title_bn: BanglaTitleSchema,
  relative_url: RelativeUrlSchema,
  menu_icon: optional(IconSchema),
});
export const AdminFooterLinkInputSchema = FooterLinkFieldsSchema.extend({ group_id: IdSchema });
export type AdminFooterLinkInput = z.infer<typeof AdminFooterLinkInputSchema>;
export const AdminFooterLinkFormSchema = FooterLinkFieldsSchema;
export type AdminFooterLinkForm = z.infer<typeof AdminFooterLinkFormSchema>;
export const AdminFooterLinkPatchSchema = FooterLinkFieldsSchema.partial().refine(changesSomething, NOTHING_TO_CHANGE);
export type AdminFooterLinkPatch = z.infer<typeof AdminFooterLinkPatchSchema>;

export const AdminFooterLinkSchema = z.object({
  id: z.number(),
  group_id: z.number(),
  title: z.string(),
  title_bn: z.string(),
  relative_url: z.string(),
  menu_icon: z.string().nullable(),
  position: z.number(),
});
export type AdminFooterLink = z.infer<typeof AdminFooterLinkSchema>;
export const AdminFooterGroupSchema = z.object({
  id: z.number(),
  menu: z.enum(NAV_MENUS),
  title: z.string(),
  title_bn: z.string(),
  position: z.number(),
  links: z.array(AdminFooterLinkSchema),
});
export type AdminFooterGroup = z.infer<typeof AdminFooterGroupSchema>;

/** PUT footer order: the menu's groups in order, each with its links in order (a link may change group). */
export const AdminFooterOrderSchema = z.object({
  groups: z.array(z.object({ id: IdSchema, link_ids: z.array(IdSchema).max(500) })).max(100),
});
export type AdminFooterOrder = z.infer<typeof AdminFooterOrderSchema>;

// Store locations

export const AdminStoreLocationInputSchema = z.object({
  name: TitleSchema,
  address: text().trim().min(1, navMessages.required).max(300, max(300)),
  area: text().trim().min(1, navMessages.required).max(100, max(100)),
  city: text().trim().min(1, navMessages.required).max(100, max(100)),
  phone: text()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{5,18}[0-9]$/, navMessages.phone),
  /** Opening hours as the shopper reads them: "Sat–Thu 10am–9pm". */
  hours: text().trim().min(1, navMessages.required).max(200, max(200)),
  map_url: optional(
    text()
      .trim()
      .max(1000, max(1000))
      .regex(/^https:\/\/[^\s/]+\S*$/, navMessages.mapUrl),
  ),
});
export type AdminStoreLocationInput = z.infer<typeof AdminStoreLocationInputSchema>;
export const AdminStoreLocationPatchSchema = AdminStoreLocationInputSchema.partial().refine(changesSomething, NOTHING_TO_CHANGE);
export type AdminStoreLocationPatch = z.infer<typeof AdminStoreLocationPatchSchema>;
export const AdminStoreLocationSchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  area: z.string(),
  city: z.string(),
  phone: z.string(),
  hours: z.string(),
  map_url: z.string().nullable(),
  position: z.number(),
});
export type AdminStoreLocation = z.infer<typeof AdminStoreLocationSchema>;
/** PUT order: every location's id, in the new order. */
export const AdminIdOrderSchema = z.object({ ids: z.array(IdSchema).max(500) });
export type AdminIdOrder = z.infer<typeof AdminIdOrderSchema>;

// Highlight message

/** The line above the storefront's header; empty or null: none. `{{service_hours}}` and the like are filled in. */
export const AdminHighlightSchema = z.object({
  message: text().trim().max(HIGHLIGHT_MAX, max(HIGHLIGHT_MAX)).nullable(),
});
export const AdminHighlightResponseSchema = z.object({ message: z.string().nullable() });
export type AdminHighlight = z.infer<typeof AdminHighlightSchema>;
