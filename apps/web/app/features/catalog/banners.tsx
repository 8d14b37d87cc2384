import { Link } from 'react-router';
import type { Banner } from '@store/shared/content';
import { deviceClass, eagerBannerIds } from './banner-layout';
import { SliderButtons } from './slider-buttons';
import { useScroller } from './use-scroller';
import * as m from '@store/shared/i18n/messages';

const PHONE_MEDIA = '(max-width: 767px)';

function BannerPicture({ banner, eager, sizes }: { banner: Banner; eager: boolean; sizes: string }) {
  const { image } = banner;
  const mobileShape = image.mobile_width && image.mobile_height ? { width: image.mobile_width, height: image.mobile_height } : null;
  return (
    <picture>
      {/* Wide banners are recomposed for phones; width/height on the source keep its own shape reserved. */}
      <source media={PHONE_MEDIA} type="image/webp" srcSet={image.mobile} {...(mobileShape ?? {})} />
      <source type="image/webp" srcSet={image.webp} sizes={sizes} width={image.width} height={image.height} />
      <img
        src={image.original}
        width={image.width}
        height={image.height}
        alt={image.alt || (banner.subtitle ? `${banner.title}: ${banner.subtitle}` : banner.title)}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding={eager ? 'auto' : 'async'}
        // Without the phone shape, hold the original's shape at every size (cropping rather than shifting).
        className={`block h-auto w-full ${mobileShape ? '' : 'object-cover'}`}
        style={mobileShape ? undefined : { aspectRatio: `${image.width} / ${image.height}` }}
      />
    </picture>
  );
}

/** The hero: full-width banners in a swipeable scroll-snap row, prev/next on desktop. */
export function HeroBanners({ banners }: { banners: Banner[] }) {
  const { ref, atStart, atEnd, scrollByPage } = useScroller<HTMLUListElement>();
  if (banners.length === 0) return null;
  const eager = eagerBannerIds(banners);
  const phoneCount = banners.filter((b) => b.device !== 'desktop').length;
  const desktopCount = banners.filter((b) => b.device !== 'mobile').length;
  return (
    <section aria-label={m.listing_featured()} className="relative mx-auto w-full max-w-7xl lg:px-8 lg:pt-6" data-testid="hero">
      <ul
        ref={ref}
        className="flex snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] lg:rounded-2xl [&::-webkit-scrollbar]:hidden"
      >
        {banners.map((b) => (
          <li key={b.id} className={`w-full shrink-0 snap-start ${deviceClass(b.device)}`} data-device={b.device}>
            <Link to={b.link_url} className="block focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-brand">
              <BannerPicture banner={b} eager={eager.has(b.id)} sizes="(min-width: 1280px) 1216px, 100vw" />
            </Link>
          </li>
        ))}
      </ul>
      {desktopCount > 1 && (
        <SliderButtons
          label={m.listing_featured_banners()}
          atStart={atStart}
          atEnd={atEnd}
          onScroll={scrollByPage}
          className="absolute right-12 bottom-4"
        />
      )}
      {phoneCount > 1 && <p className="sr-only lg:hidden">{m.listing_swipe_offers()}</p>}
    </section>
  );
}

/** Promo tiles between the sliders: two across on desktop, a swipeable row on phones. */
export function PromoBanners({ banners }: { banners: Banner[] }) {
  if (banners.length === 0) return null;
  return (
    <section
      aria-label={m.listing_offers()}
      className="mx-auto w-full max-w-7xl px-4 [contain-intrinsic-size:auto_18rem] [content-visibility:auto] lg:px-8"
      data-testid="promo-banners"
    >
      <ul className="-mx-4 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto px-4 [scrollbar-width:none] lg:mx-0 lg:grid lg:grid-cols-2 lg:gap-5 lg:overflow-visible lg:px-0 [&::-webkit-scrollbar]:hidden">
        {banners.map((b) => (
          <li key={b.id} className={`w-[86%] shrink-0 snap-start lg:w-auto ${deviceClass(b.device)}`}>
            <Link
              to={b.link_url}
              className="block overflow-hidden rounded-xl ring-1 ring-black/5 transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
            >
              <BannerPicture banner={b} eager={false} sizes="(min-width: 1280px) 598px, (min-width: 1024px) 48vw, 86vw" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
