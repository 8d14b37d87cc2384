import { Suspense, useEffect } from 'react';
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  data,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { MeResponse } from '@store/shared/auth';
import type { CartCountResponse } from '@store/shared/cart';
import type { PublicConfig, SiteConfig, StoreLocation } from '@store/shared/content';
import { FLASH_COOKIE } from '@store/shared/api';
import { LOCALES, localizedPath, unlocalizedPath } from '@store/shared/locale';
import * as messages from '@store/shared/messages';
import type { Route } from './+types/root';
import { SiteShell } from './features/shell/site-shell';
import { BanglaFontFace } from './features/shell/bangla-font';
import { languageSwitchFontLinks } from './features/shell/language-switch';
import { Toaster } from './components/ui/toaster';
import { facebookPixelSnippet, isPaymentPage } from './features/site/analytics';
import { captureError, startErrorReporting } from './features/site/error-reporting';
import { pageTypeOf, startRum } from './features/site/rum';
import { registerServiceWorker } from './features/site/service-worker';
import { resumeOfflineChanges } from './features/cart/bag-store';
import { apiGet, apiTry } from './lib/api.server';
import { clearFlashCookie, cookieValue, parseFlash } from './lib/form-action.server';
import { useCspNonce } from './lib/csp-nonce';
import { HtmlElement } from './preact/html-element';
import { HydrationParts, pageHydrated } from './preact/hydrate-separately';
import { departmentFromPath, menuTypeFor } from './lib/department';
import { menuBar } from './lib/menu';
import { LOCALE } from './lib/locale';
import { pagePathname } from './lib/request-path';
import { onDemand } from './lib/on-demand';
import { referralCookie, referralFromQuery } from './features/checkout/referral-link';
import { isMaintenanceError, useRootData, type MaintenanceError, type RootData } from './lib/root-data';
import { SITE_NAME, pageTitle } from './lib/seo';
import appCss from './app.css?url';
import * as m from '@store/shared/i18n/messages';

export async function loader({ request, context }: Route.LoaderArgs) {
  const department = departmentFromPath(pagePathname(request));
  const menuType = menuTypeFor(department);
  const [config, contact, me, stores, bag] = await Promise.all([
    apiGet<{ data: SiteConfig }>(context, `/site-config/?type=${menuType}`),
    apiGet<{ data: PublicConfig }>(context, '/public-config/'),
    // Any failure of the current-user call counts as signed out.
    apiTry<MeResponse>(context, '/me/'),
    apiTry<{ data: StoreLocation[] }>(context, '/store-locations/'),
    apiTry<CartCountResponse>(context, '/cart/count/'),
  ]);
  // Under maintenance only a staff member's preview (a cookie the API checks) still sees the store.
  const maintenancePreview = config.data.basicSettings.site_under_maintenance && (await isStaffPreview(context));
  if (config.data.basicSettings.site_under_maintenance && !maintenancePreview) {
    throw data<MaintenanceError>(
      { maintenance: true, support_email: contact.data.support_email, support_phone: contact.data.support_phone },
      { status: 503, headers: { 'Retry-After': '3600' } },
    );
  }
  const site = config.data;
  const flashCookie = cookieValue(request, FLASH_COOKIE);
  const flashSent = flashCookie !== null;
  const flash = flashSent ? parseFlash(flashCookie) : null;
  const rootData: RootData = {
    department,
    menuType,
    user: me.ok ? (me.data.data?.user ?? null) : null,
    cartCount: bag.ok ? bag.data.data.count : 0,
    site: {
      logo: site.basicSettings.logo ?? site.logo,
      logoLogged: site.basicSettings.logo_logged,
      highlightMessage: site.highlight_message,
      nav: menuBar(site.nav),
      footer: site.footer,
    },
    contact: contact.data,
    storeLocations: stores.ok ? stores.data.data : [],
    year: new Date().getFullYear(),
    origin: new URL(request.url).origin,
    maintenancePreview,
    flash,
  };
  // A friend's share link (?ref=CODE) on any page: remembered for the checkout (features/checkout/referral-link.ts).
  const url = new URL(request.url);
  const referral = referralFromQuery(url.searchParams);
  // A preview page is this staff member's alone, and a page with a form's message or a cookie is this browser's: no shared cache (ours or a CDN's) may keep either.
  const headers = new Headers();
  const personal = maintenancePreview || flashSent || referral !== null;
  if (personal) headers.set('Cache-Control', 'private, no-store');
  // Shown once (or, not being one of ours, never): cleared by this answer.
  if (flashSent) headers.append('Set-Cookie', clearFlashCookie);
  if (referral) headers.append('Set-Cookie', referralCookie(referral, url.protocol === 'https:'));
  return personal ? data(rootData, { headers }) : rootData;
}

/** Whether this browser holds a live staff preview cookie; a failed check counts as no. */
async function isStaffPreview(context: Route.LoaderArgs['context']): Promise<boolean> {
  const answer = await apiTry<{ data: { preview: boolean } }>(context, '/staff-preview/');
  return answer.ok && answer.data.data.preview;
}

/**
 * The shell's data changes with the department (its menus), after actions and on an explicit
 * revalidate; a query-string change within a page (filters, pagination) does not refetch it.
 */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The router's URLs carry the Bangla build's /bn: the department is read from the path after it.
  if (departmentFromPath(unlocalizedPath(currentUrl.pathname)) !== departmentFromPath(unlocalizedPath(nextUrl.pathname))) return true;
  const plainNavigation = !formMethod || formMethod.toUpperCase() === 'GET';
  if (plainNavigation && currentUrl.href !== nextUrl.href) return false;
  return defaultShouldRevalidate;
}

export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: Route.MetaFunction = ({ error }) => {
  if (isRouteErrorResponse(error) && isMaintenanceError(error.data)) {
    return [{ title: messages.maintenanceTitle() }, { name: 'robots', content: 'noindex' }];
  }
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: pageTitle(notFound ? m.notfound_title() : m.error_title()) }, { name: 'robots', content: 'noindex' }];
  }
  return [
    { title: `${SITE_NAME} | ${m.meta_site_title()}` },
    { name: 'description', content: m.meta_site_description() },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:type', content: 'website' },
  ];
};

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // Installable (docs/storefront-shell.md, "Installable and offline").
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
  ...languageSwitchFontLinks(),
];

export function Layout({ children }: { children: React.ReactNode }) {
  const { pathname, search } = useLocation();
  const root = useRootData();
  const pixelId = root?.contact.facebook_pixel_id && !isPaymentPage(pathname) ? root.contact.facebook_pixel_id : null;
  const nonce = useCspNonce();
  const matches = useMatches();
  const landingRoute = matches[matches.length - 1]?.id;
  const rumRate = root?.contact.rum_sample_rate ?? 0;
  const errorReporting = root?.contact.error_reporting ?? null;
  // A marker for tests, tooling and the taps held before hydration (decision 007): the page has
  // hydrated, the parts put off to later tasks too, and its client-only parts run.
  useEffect(() => {
    void pageHydrated().then(() => {
      document.documentElement.dataset.hydrated = 'true';
    });
    // The load's Web Vitals, on a sampled share of loads, named by the page the shopper landed on.
    startRum(rumRate, pageTypeOf(landingRoute));
    // Only with SENTRY_DSN set; its code loads on the first tap, key or error.
    startErrorReporting(errorReporting);
    registerServiceWorker();
    // Bag changes an earlier page made offline go out now (or when the connection returns).
    resumeOfflineChanges();
    // Once per load: later navigations belong to the same load's INP and CLS.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    // http.ts reads data-department for the My-Department header of browser calls.
    <HtmlElement lang={LOCALE} department={departmentFromPath(pathname)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#c2185b" />
        {/* With a precedence React emits the stylesheet ahead of the script preloads: first paint waits only for it. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        {LOCALE === 'bn' ? <BanglaFontFace /> : null}
        <Meta />
        <Links />
        {root ? <LanguageAlternates origin={root.origin} path={`${pathname}${search}`} /> : null}
        {/* Browsers hide nonces from the page, so the client renders none: hence suppressHydrationWarning. */}
        {pixelId ? (
          <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: facebookPixelSnippet(pixelId) }} />
        ) : null}
      </head>
      <body>
        <HydrationParts>{children}</HydrationParts>
        <Toaster />
        <ScrollRestoration />
        <Scripts />
      </body>
    </HtmlElement>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  // A route whose `handle` says chrome: 'minimal' (/store/register) is shown without header, footer or help widgets (SPEC §2).
  const minimal = useMatches().some((m) => (m.handle as { chrome?: string } | undefined)?.chrome === 'minimal');
  const banner = loaderData.maintenancePreview ? <MaintenancePreviewBanner /> : null;
  if (minimal)
    return (
      <>
        {banner}
        <Outlet />
      </>
    );
  return (
    <>
      {banner}
      <SiteShell data={loaderData}>
        <Outlet />
      </SiteShell>
    </>
  );
}

/** The page in each language, for search engines (x-default: English, the unprefixed address). */
function LanguageAlternates({ origin, path }: { origin: string; path: string }) {
  return (
    <>
      {LOCALES.map((locale) => (
        <link key={locale} rel="alternate" hrefLang={locale} href={`${origin}${localizedPath(path, locale)}`} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={`${origin}${localizedPath(path, 'en')}`} />
    </>
  );
}

/** A staff member looking at the store while shoppers see the maintenance page. */
function MaintenancePreviewBanner() {
  return (
    <div role="status" className="bg-amber-300 px-4 py-1 text-center text-xs font-semibold text-black">
      Preview: the store is under maintenance for shoppers
    </div>
  );
}

const notFoundView = onDemand(() => import('./features/shell/not-found-view'));
const maintenancePage = onDemand(() => import('./features/site/maintenance-page'));
const errorView = onDemand(() => import('./components/layout/error-view'));

function ErrorView(props: { status: number }) {
  const { ErrorView: View } = errorView.useModule();
  return <View {...props} />;
}

function NotFoundView() {
  const { NotFoundView: View } = notFoundView.useModule();
  return <View />;
}

function MaintenancePage(props: { email: string; phone: string }) {
  const { MaintenancePage: View } = maintenancePage.useModule();
  return <View {...props} />;
}

/**
 * Maintenance (thrown by the root loader) replaces everything; a thrown 404 from any page renders
 * the branded not-found page inside the shell; anything else a short apology.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  // A page that broke in the browser (not an answer such as 404) is reported, when reporting is on.
  useEffect(() => {
    if (!isRouteErrorResponse(error)) captureError(error);
  }, [error]);
  if (isRouteErrorResponse(error) && isMaintenanceError(error.data)) {
    return (
      <Suspense fallback={null}>
        <MaintenancePage email={error.data.support_email} phone={error.data.support_phone} />
      </Suspense>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const body =
    status === 404 ? (
      <Suspense fallback={null}>
        <NotFoundView />
      </Suspense>
    ) : (
      <Suspense fallback={null}>
        <ErrorView status={status} />
      </Suspense>
    );
  return root ? <SiteShell data={root}>{body}</SiteShell> : body;
}
