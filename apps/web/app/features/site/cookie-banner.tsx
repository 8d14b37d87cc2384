import { Suspense, lazy, useEffect, useState } from 'react';
import { STORAGE_KEYS } from '@store/shared/constants';
import { afterLoad } from '../../lib/after-load';

export type CookieAcceptance = { accepted: true; timestamp: number };

function hasAccepted(): boolean {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.cookieAcceptance);
    return raw !== null && (JSON.parse(raw) as Partial<CookieAcceptance>).accepted === true;
  } catch {
    return false;
  }
}

/** The banner's code loads only for a shopper who has not accepted yet. */
const CookieBannerPanel = lazy(() => import('./cookie-banner-panel'));

/** Asks for cookie acceptance until Accept. Rendered only on the client, after reading storage, once the page has loaded. */
export function CookieBanner() {
  const [show, setShow] = useState(false);
  // Asked once the page has loaded: the banner never delays the first screen.
  useEffect(() => afterLoad(() => setShow(!hasAccepted())), []);
  if (!show) return null;
  return (
    <Suspense fallback={null}>
      <CookieBannerPanel onAccepted={() => setShow(false)} />
    </Suspense>
  );
}
