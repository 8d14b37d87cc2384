import { redirect } from 'react-router';
import type { AddressListResponse, CheckoutResponse, LocationsResponse } from '@store/shared/checkout';
import * as messages from '@store/shared/messages';
import { CheckoutPage, type CheckoutData, type CheckoutStep } from '../features/checkout/checkout-page';
import { apiGet, apiTry } from '../lib/api.server';
import { checkoutAction } from '../features/checkout/checkout-action.server';
import { REFERRAL_COOKIE, rememberedReferral } from '../features/checkout/referral-link';
import { cookieValue } from '../lib/form-action.server';
import { useRootData } from '../lib/root-data';
import { pageTitle } from '../lib/seo';
import { takaFontLinks } from '../features/catalog/taka-font';
import { pageUrl } from '../lib/request-path';
import type { Route } from './+types/checkout';

/** Prices on this page: the ৳ font is preloaded (see taka-font.ts). */
export const links: Route.LinksFunction = () => [...takaFontLinks()];

/**
 * /checkout?step=address|payment (SPEC §2). The bag, the checkout choices and the totals come from
 * the API; the payment step needs a shopper and a delivery choice, else the address step shows.
 */
export async function loader({ context, request }: Route.LoaderArgs): Promise<CheckoutData> {
  const url = pageUrl(request);
  const [checkout, locations, shipping, billing] = await Promise.all([
    apiGet<CheckoutResponse>(context, '/checkout/'),
    apiGet<LocationsResponse>(context, '/checkout/locations/'),
    apiTry<AddressListResponse>(context, '/addresses/?type=shipping'),
    apiTry<AddressListResponse>(context, '/addresses/?type=billing'),
  ]);
  const s = checkout.data;
  const chosen = s.delivery_type === 'pickup' ? s.store_location_id !== null : s.shipping_address_id !== null;
  const step: CheckoutStep = url.searchParams.get('step') === 'payment' ? 'payment' : 'address';
  if (step === 'payment' && (!s.shopper || !chosen || s.cart.line_items.length === 0)) throw redirect('/checkout?step=address');
  return {
    checkout: s,
    message: checkout.message ?? null,
    locations: locations.data,
    addresses: shipping.ok ? shipping.data.data : [],
    billing: billing.ok ? billing.data.data : [],
    step,
    paymentNotice: url.searchParams.get('payment'),
    // A friend's link brought the shopper (?ref=): the checkout applies it while it has no referral code.
    referralFromLink: s.referral === null ? rememberedReferral(cookieValue(request, REFERRAL_COOKIE)) : null,
    plain: {
      district: url.searchParams.get('district'),
      // This page's order attempt: sent twice, the plain form still places one order (the API's Idempotency-Key).
      attemptKey: crypto.randomUUID(),
    },
  };
}

/** The checkout's steps as plain HTML forms, before the page's scripts or without them (plain-checkout.tsx). */
export async function action({ request, context }: Route.ActionArgs) {
  return checkoutAction(request, context);
}

export function meta() {
  return [{ title: pageTitle(messages.checkout()) }, { name: 'robots', content: 'noindex' }];
}

export function headers() {
  return { 'cache-control': 'private, no-store' };
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRootData();
  return (
    <CheckoutPage
      data={loaderData}
      refusal={actionData?.refusal ?? null}
      stores={root?.storeLocations ?? []}
      supportPhone={root?.contact.support_phone ?? ''}
    />
  );
}
