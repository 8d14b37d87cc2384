import * as m from '@store/shared/i18n/messages';
import { Logo } from '../components/layout/logo';
import { RegisterForm } from '../features/auth/register-form';
import { useRootData } from '../lib/root-data';
import { SITE_NAME, pageTitle } from '../lib/seo';

/** The root layout hides header navigation, footer and help widgets for this page (SPEC §2). */
export const handle = { chrome: 'minimal' } as const;

export function meta() {
  return [{ title: pageTitle(m.auth_register_page()) }, { name: 'robots', content: 'noindex' }];
}

/**
 * /store/register: registration at the shop counter, on a device staff hand to shoppers. The new
 * account is verified by code but NOT signed in on this device (willNotLoginAfterRegister), so
 * the next shopper starts from a clean form.
 */
export default function StoreRegister() {
  const root = useRootData();
  return (
    <main className="min-h-dvh bg-neutral-50 px-4 pb-16 pt-6 sm:pt-12">
      <div className="mx-auto w-full max-w-lg">
        <Logo src={root?.site.logo ?? null} home="/" className="mb-6" />
        <div className="rounded-2xl border border-line bg-white px-5 py-7 shadow-sm sm:px-8">
          <h1 className="text-xl font-bold tracking-[0.14em] text-ink">{m.auth_title_register()}</h1>
          <p className="mt-1 text-sm text-muted">{m.auth_store_register_intro({ site: SITE_NAME })}</p>
          <div className="mt-6">
            <RegisterForm willNotLoginAfterRegister />
          </div>
        </div>
      </div>
    </main>
  );
}
