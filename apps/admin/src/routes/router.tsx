import { Navigate, createBrowserRouter, redirect, type LoaderFunctionArgs } from 'react-router';
import type { StaffMe } from '@store/shared/admin';
import { Shell } from '../components/layout/shell';
import { navFor } from '../components/layout/nav';
import { AcceptInvitationPage, invitationLoader } from '../features/auth/accept-invitation-page';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { SignInPage } from '../features/auth/sign-in-page';
import { ApiError, api, whenSignedOut } from '../lib/api';
import { useMe } from '../lib/me';
import { getToken } from '../lib/session';
import { NotFoundPage, RouteError } from './route-error';

export const BASENAME = '/admin';
const ENROL_PATH = '/two-factor';

function signInRedirect(url: URL) {
  const path = url.pathname.replace(BASENAME, '') || '/';
  return redirect(path === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(path + url.search)}`);
}

/** Every screen inside the shell needs a signed-in member; one who must enrol in two-factor sign-in does that first. */
async function shellLoader({ request }: LoaderFunctionArgs): Promise<StaffMe | Response> {
  const url = new URL(request.url);
  if (!getToken()) return signInRedirect(url);
  let me: StaffMe;
  try {
    me = (await api.get<{ data: StaffMe }>('/auth/me/', request.signal)).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return signInRedirect(url);
    throw error;
  }
  const mustEnrol = me.two_factor_required && !me.two_factor_enabled;
  const onEnrol = url.pathname === `${BASENAME}${ENROL_PATH}`;
  if (mustEnrol && !onEnrol) return redirect(ENROL_PATH);
  if (!mustEnrol && onEnrol) return redirect('/');
  return me;
}

/** The home of the back office is the first screen this member's role may open. */
function Home() {
  const me = useMe();
  return <Navigate to={navFor(me.role)[0]?.to ?? '/account'} replace />;
}

export const router = createBrowserRouter(
  [
    { path: '/sign-in', Component: SignInPage },
    { path: '/forgot-password', Component: ForgotPasswordPage },
    { path: '/reset-password/:token', Component: ResetPasswordPage },
    { path: '/invitation/:token', loader: invitationLoader, Component: AcceptInvitationPage },
    {
      id: 'shell',
      path: '/',
      loader: shellLoader,
      Component: Shell,
      ErrorBoundary: RouteError,
      children: [
        {
          ErrorBoundary: RouteError,
          children: [
            { index: true, Component: Home },
            // The dashboard (issue 18 item 7): recharts rides in this chunk only.
            {
              path: 'dashboard',
              lazy: () =>
                import('../features/dashboard/dashboard-page').then((m) => ({ loader: m.dashboardLoader, Component: m.DashboardPage })),
            },
            // Each screen is a chunk of its own, fetched with its data: a phone loads only what it opens.
            {
              path: ENROL_PATH.slice(1),
              lazy: () => import('../features/account/enrol-two-factor-page').then((m) => ({ Component: m.EnrolTwoFactorPage })),
            },
            {
              path: 'account',
              lazy: () => import('../features/account/account-page').then((m) => ({ loader: m.accountLoader, Component: m.AccountPage })),
            },
            {
              path: 'staff',
              lazy: () => import('../features/staff/staff-page').then((m) => ({ loader: m.staffLoader, Component: m.StaffPage })),
            },
            {
              path: 'settings',
              lazy: () =>
                import('../features/settings/settings-page').then((m) => ({ loader: m.settingsLoader, Component: m.SettingsPage })),
            },
            // Catalog (issue 17): products.
            {
              path: 'catalog/products',
              lazy: () =>
                import('../features/catalog/products/products-list').then((m) => ({
                  loader: m.productsLoader,
                  Component: m.ProductsListPage,
                })),
            },
            {
              path: 'catalog/products/import',
              lazy: () => import('../features/catalog/products/products-import').then((m) => ({ Component: m.ProductsImportPage })),
            },
            {
              path: 'catalog/variants',
              lazy: () =>
                import('../features/catalog/products/bulk-editor').then((m) => ({ loader: m.bulkLoader, Component: m.BulkEditorPage })),
            },
            {
              path: 'catalog/products/new',
              lazy: () =>
                import('../features/catalog/products/product-editor').then((m) => ({
                  loader: m.productLoader,
                  Component: m.ProductEditorPage,
                })),
            },
            {
              path: 'catalog/products/:id',
              lazy: () =>
                import('../features/catalog/products/product-editor').then((m) => ({
                  loader: m.productLoader,
                  Component: m.ProductEditorPage,
                })),
            },
            // Offers (issue 17 item 6): coupons.
            {
              path: 'offers/coupons',
              lazy: () =>
                import('../features/offers/coupons-list').then((m) => ({ loader: m.couponsLoader, Component: m.CouponsListPage })),
            },
            {
              path: 'offers/coupons/new',
              lazy: () =>
                import('../features/offers/coupon-editor').then((m) => ({ loader: m.couponLoader, Component: m.CouponEditorPage })),
            },
            {
              path: 'offers/coupons/:id',
              lazy: () =>
                import('../features/offers/coupon-editor').then((m) => ({ loader: m.couponLoader, Component: m.CouponEditorPage })),
            },
            // Privilege cards (issue 17 item 6).
            {
              path: 'offers/cards',
              lazy: () => import('../features/offers/cards-list').then((m) => ({ loader: m.cardsLoader, Component: m.CardsListPage })),
            },
            {
              path: 'offers/cards/new',
              lazy: () => import('../features/offers/card-editor').then((m) => ({ loader: m.cardLoader, Component: m.CardEditorPage })),
            },
            {
              path: 'offers/cards/:id',
              lazy: () => import('../features/offers/card-editor').then((m) => ({ loader: m.cardLoader, Component: m.CardEditorPage })),
            },
            // Gift rules and the bag's offers (issue 17 item 6).
            {
              path: 'offers/gifts',
              lazy: () =>
                import('../features/offers/gift-rules-list').then((m) => ({ loader: m.giftRulesLoader, Component: m.GiftRulesListPage })),
            },
            {
              path: 'offers/gifts/new',
              lazy: () =>
                import('../features/offers/gift-rule-editor').then((m) => ({ loader: m.giftRuleLoader, Component: m.GiftRuleEditorPage })),
            },
            {
              path: 'offers/gifts/:id',
              lazy: () =>
                import('../features/offers/gift-rule-editor').then((m) => ({ loader: m.giftRuleLoader, Component: m.GiftRuleEditorPage })),
            },
            // Background jobs (issue 19).
            {
              path: 'jobs',
              lazy: () => import('../features/jobs/jobs-page').then((m) => ({ loader: m.jobsLoader, Component: m.JobsPage })),
            },
            // Orders (issue 18).
            {
              path: 'orders',
              lazy: () => import('../features/orders/orders-list').then((m) => ({ loader: m.ordersLoader, Component: m.OrdersListPage })),
            },
            {
              path: 'orders/:id',
              lazy: () => import('../features/orders/order-detail').then((m) => ({ loader: m.orderLoader, Component: m.OrderDetailPage })),
            },
            // Customers (issue 18 item 6).
            {
              path: 'customers',
              lazy: () =>
                import('../features/customers/customers-list').then((m) => ({ loader: m.customersLoader, Component: m.CustomersListPage })),
            },
            {
              path: 'customers/:id',
              lazy: () =>
                import('../features/customers/customer-detail').then((m) => ({
                  loader: m.customerLoader,
                  Component: m.CustomerDetailPage,
                })),
            },
            // An order named by its number only (a loyalty ledger entry, a referral).
            {
              path: 'orders/number/:number',
              lazy: () => import('../features/orders/order-by-number').then((m) => ({ loader: m.orderByNumberLoader })),
            },
            // Loyalty and referrals (issue 22).
            {
              path: 'loyalty/programme',
              lazy: () =>
                import('../features/loyalty/programme-page').then((m) => ({ loader: m.programmeLoader, Component: m.ProgrammePage })),
            },
            {
              path: 'loyalty/members',
              lazy: () => import('../features/loyalty/members-page').then((m) => ({ loader: m.membersLoader, Component: m.MembersPage })),
            },
            {
              path: 'loyalty/referrals',
              lazy: () =>
                import('../features/loyalty/referrals-page').then((m) => ({ loader: m.referralsLoader, Component: m.ReferralsPage })),
            },
            // Couriers' cash on delivery and their payouts (issue 18 item 3).
            {
              path: 'couriers/payouts',
              lazy: () => import('../features/couriers/payouts-page').then((m) => ({ loader: m.payoutsLoader, Component: m.PayoutsPage })),
            },
            {
              path: 'reviews',
              lazy: () => import('../features/reviews/reviews-page').then((m) => ({ loader: m.reviewsLoader, Component: m.ReviewsPage })),
            },
            // Content: pages, blog posts, banners (issue 16 item 5).
            {
              path: 'content/pages',
              lazy: () =>
                import('../features/content/pages/pages-list').then((m) => ({ loader: m.pagesLoader, Component: m.PagesListPage })),
            },
            {
              path: 'content/pages/new',
              lazy: () =>
                import('../features/content/pages/page-editor').then((m) => ({ loader: m.pageLoader, Component: m.PageEditorPage })),
            },
            {
              path: 'content/pages/:id',
              lazy: () =>
                import('../features/content/pages/page-editor').then((m) => ({ loader: m.pageLoader, Component: m.PageEditorPage })),
            },
            {
              path: 'content/blog',
              lazy: () =>
                import('../features/content/blog/blog-list').then((m) => ({ loader: m.blogPostsLoader, Component: m.BlogListPage })),
            },
            {
              path: 'content/blog/new',
              lazy: () =>
                import('../features/content/blog/blog-editor').then((m) => ({ loader: m.blogPostLoader, Component: m.BlogEditorPage })),
            },
            {
              path: 'content/blog/:id',
              lazy: () =>
                import('../features/content/blog/blog-editor').then((m) => ({ loader: m.blogPostLoader, Component: m.BlogEditorPage })),
            },
            {
              path: 'content/banners',
              lazy: () =>
                import('../features/content/banners/banners-list').then((m) => ({ loader: m.bannersLoader, Component: m.BannersListPage })),
            },
            {
              path: 'content/banners/new',
              lazy: () =>
                import('../features/content/banners/banner-editor').then((m) => ({
                  loader: m.bannerLoader,
                  Component: m.BannerEditorPage,
                })),
            },
            {
              path: 'content/banners/:id',
              lazy: () =>
                import('../features/content/banners/banner-editor').then((m) => ({
                  loader: m.bannerLoader,
                  Component: m.BannerEditorPage,
                })),
            },
            {
              path: 'inventory',
              lazy: () =>
                import('../features/inventory/inventory-page').then((m) => ({ loader: m.inventoryLoader, Component: m.InventoryPage })),
            },
            {
              path: 'audit',
              lazy: () => import('../features/audit/audit-page').then((m) => ({ loader: m.auditLoader, Component: m.AuditPage })),
            },
            {
              path: 'content/menus',
              lazy: () => import('../features/content/menus/menus-page').then((m) => ({ loader: m.menusLoader, Component: m.MenusPage })),
            },
            {
              path: 'content/footer',
              lazy: () =>
                import('../features/content/footer/footer-page').then((m) => ({ loader: m.footerLoader, Component: m.FooterPage })),
            },
            {
              path: 'content/locations',
              lazy: () =>
                import('../features/content/locations/locations-page').then((m) => ({
                  loader: m.locationsLoader,
                  Component: m.LocationsPage,
                })),
            },
            // Catalog: brands and collections (issue 17).
            {
              path: 'catalog/brands',
              lazy: () =>
                import('../features/catalog/brands/brands-list').then((m) => ({ loader: m.brandsLoader, Component: m.BrandsListPage })),
            },
            {
              path: 'catalog/brands/new',
              lazy: () =>
                import('../features/catalog/brands/brand-editor').then((m) => ({ loader: m.brandLoader, Component: m.BrandEditorPage })),
            },
            {
              path: 'catalog/brands/:id',
              lazy: () =>
                import('../features/catalog/brands/brand-editor').then((m) => ({ loader: m.brandLoader, Component: m.BrandEditorPage })),
            },
            {
              path: 'catalog/collections',
              lazy: () =>
                import('../features/catalog/collections/collections-list').then((m) => ({
                  loader: m.collectionsLoader,
                  Component: m.CollectionsListPage,
                })),
            },
            {
              path: 'catalog/collections/new',
              lazy: () =>
                import('../features/catalog/collections/collection-editor').then((m) => ({
                  loader: m.collectionLoader,
                  Component: m.CollectionEditorPage,
                })),
            },
            {
              path: 'catalog/collections/:id',
              lazy: () =>
                import('../features/catalog/collections/collection-editor').then((m) => ({
                  loader: m.collectionLoader,
                  Component: m.CollectionEditorPage,
                })),
            },
            { path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ],
  { basename: BASENAME },
);

// A token that expired or was revoked elsewhere (401 on any call) sends the member back to sign in.
whenSignedOut(() => {
  const { pathname, search } = router.state.location;
  void router.navigate(pathname === '/sign-in' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(pathname + search)}`);
});
