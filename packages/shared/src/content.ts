import { z } from 'zod';
import type { ProductCard, ProductImage } from './catalog.js';

export type PromoteEntry =
  | { type: 'product'; value: { headline: string; products: ProductCard[] } }
  | {
      type: 'promote_page_for_menu';
      value: {
        title: string;
        page: string;
        image: { url: string; custom_width: number; custom_height: number };
        open_in_new_tab: boolean;
      };
    };

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

export type FooterLink = { id: number; title: string; relative_url: string; menu_icon: string | null };
export type FooterGroup = { id: number; title: string; children: FooterLink[] };

export type Colours = { main: string; separator: string; font: string };
export type BasicSettings = {
  site_under_maintenance: boolean;
  logo: string | null;
  logo_logged: string | null;
  colours: { general: Colours; registered: Colours };
};

export type SiteSettings = {
  SMS_TIMER: number;
  OTP_VALIDITY: number;
  shipping_fees: { same_day: number; standard_inside_dhaka: number; dhaka_suburb: number; outside_dhaka: number };
  site_under_maintenance: boolean;
  support_phone: string;
  support_email: string;
  whatsapp_number: string;
};

/** GET /public-config/: what the storefront shell shows or switches on besides the menus. */
export type PublicConfig = {
  support_phone: string;
  support_email: string;
  whatsapp_number: string;
  site_under_maintenance: boolean;
  /** The social tracking pixel runs only when this is set. */
  facebook_pixel_id: string | null;
  /** A locale or region segment the not-found page also answers under (/{prefix}/404). */
  locale_prefix: string | null;
};

export type SiteConfig = {
  logo: string | null;
  nav: NavItem[];
  highlight_message: string | null;
  footer: FooterGroup[];
  basicSettings: BasicSettings;
};

export type Banner = {
  id: number;
  title: string;
  subtitle: string | null;
  link_url: string;
  image: ProductImage;
  placement: 'hero' | 'promo';
};

export type HomeSection = { id: number; title: string; handle: string; products: ProductCard[] };
export type HomeResponse = { department: string; banners: Banner[]; sections: HomeSection[] };

export type Page = { handle: string; title: string; body_html: string; meta_title: string; meta_description: string };
export type BlogPostSummary = {
  slug: string;
  title: string;
  excerpt: string;
  image: ProductImage | null;
  author: string;
  published_at: string;
};
export type BlogPost = BlogPostSummary & { body_html: string };
export type StoreLocation = { id: number; name: string; address: string; area: string; city: string; phone: string; hours: string };

export const NavQuerySchema = z.object({ type: z.enum(['beauty', 'kids']).default('beauty') });
export const PageQuerySchema = z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) });
