import { Link } from 'react-router';
import { careHoursText } from '@store/shared/shop-hours';
import * as m from '@store/shared/i18n/messages';
import { displayPhone, telHref } from '../../lib/contact';
import { formatDigits } from '../../lib/format';
import type { RootData } from '../../lib/root-data';
import { SITE_NAME } from '../../lib/seo';
import { HydrateSeparately } from '../../preact/hydrate-separately';
import { ChevronIcon, ClockIcon, MailIcon, PhoneIcon, PinIcon } from './icons';
import { MenuIcon } from './menu-link';

function FooterLink({ href, children }: { href: string; children: React.ReactNode }) {
  const cls = 'inline-flex items-center gap-2 py-1 text-sm text-neutral-300 hover:text-white';
  return /^https?:\/\//.test(href) ? (
    <a href={href} className={cls} target="_blank" rel="noopener">
      {children}
    </a>
  ) : (
    <Link to={href} className={cls}>
      {children}
    </Link>
  );
}

/**
 * A collapsible group on phones (native <details>), always open from 1024 px (see app.css). Each is
 * hydrated in a task of its own (a group of links is a dozen of React Router's links).
 */
function Group({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <HydrateSeparately>
      <details className="footer-group group border-b border-white/10 lg:border-0" data-testid={testId}>
        <summary className="flex cursor-pointer list-none items-center justify-between py-3.5 text-sm font-bold uppercase tracking-wider text-white lg:cursor-default lg:py-0 lg:pb-4 [&::-webkit-details-marker]:hidden">
          {title}
          <ChevronIcon size={18} className="transition-transform group-open:rotate-180 lg:hidden" />
        </summary>
        <div className="pb-4 lg:pb-0">{children}</div>
      </details>
    </HydrateSeparately>
  );
}

/** The footer: groups from the footer API, customer care, the pickup stores and the copyright. */
export function Footer({ data }: { data: RootData }) {
  const { contact, storeLocations } = data;
  return (
    <footer className="mt-16 bg-[#17161a] text-neutral-300">
      <div className="mx-auto max-w-7xl px-4 pt-6 lg:px-6 lg:pt-14">
        <div className="grid gap-x-10 lg:grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] lg:gap-y-10">
          {data.site.footer.map((group) => (
            <Group key={group.id} title={group.title} testId="footer-group">
              <ul>
                {group.children.map((link) => (
                  <li key={link.id}>
                    <FooterLink href={link.relative_url}>
                      <MenuIcon icon={link.menu_icon} size={16} />
                      {link.title}
                    </FooterLink>
                  </li>
                ))}
              </ul>
            </Group>
          ))}
          <Group title={m.footer_need_help()}>
            <ul className="space-y-2 text-sm">
              <li>
                <a href={telHref(contact.support_phone)} className="inline-flex items-center gap-2 text-white hover:underline">
                  <PhoneIcon size={16} className="text-brand-soft" />
                  {displayPhone(contact.support_phone)}
                </a>
              </li>
              <li>
                <a href={`mailto:${contact.support_email}`} className="inline-flex items-center gap-2 break-all text-white hover:underline">
                  <MailIcon size={16} className="shrink-0 text-brand-soft" />
                  {contact.support_email}
                </a>
              </li>
              <li className="inline-flex items-start gap-2">
                <ClockIcon size={16} className="mt-0.5 shrink-0 text-brand-soft" />
                {careHoursText(contact.care_hours)}
              </li>
            </ul>
          </Group>
        </div>
        {storeLocations.length ? (
          <HydrateSeparately>
            <section aria-labelledby="footer-stores" className="border-white/10 py-6 lg:mt-10 lg:border-t lg:py-8">
              <h2 id="footer-stores" className="mb-4 text-sm font-bold uppercase tracking-wider text-white">
                {m.footer_our_stores()}
              </h2>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {storeLocations.map((store) => (
                  <li key={store.id} className="flex gap-2.5 text-sm">
                    <PinIcon size={18} className="mt-0.5 shrink-0 text-brand-soft" />
                    <span>
                      <span className="block font-semibold text-white">{store.name}</span>
                      <span className="block">{store.address}</span>
                      <span className="block text-neutral-400">
                        {store.area}, {store.city} · {store.hours}
                      </span>
                      {store.map_url ? (
                        <a
                          href={store.map_url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="mt-1 inline-block text-brand-soft underline-offset-2 hover:underline"
                        >
                          {m.footer_map()}
                          <span className="sr-only">{m.footer_map_of({ store: store.name })}</span>
                        </a>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          </HydrateSeparately>
        ) : null}
      </div>
      <div className="border-t border-white/10">
        {/* From 1024 px the WhatsApp and call buttons float in the bottom right corner: this last line keeps left and leaves room below. */}
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-5 text-xs text-neutral-400 sm:flex-row sm:items-center sm:justify-between lg:justify-start lg:gap-8 lg:px-6 lg:pb-24">
          <p>{m.footer_rights({ year: formatDigits(String(data.year)), site: SITE_NAME })}</p>
          <p className="flex gap-4">
            <Link to="/about-us/terms-conditions" className="hover:text-white">
              {m.footer_terms()}
            </Link>
            <Link to="/about-us/privacy-policy" className="hover:text-white">
              {m.footer_privacy()}
            </Link>
          </p>
        </div>
      </div>
    </footer>
  );
}
