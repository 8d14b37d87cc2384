import { useEffect, useRef, useState } from 'react';
import type { ProductImage } from '@store/shared/catalog';
import { NoPicture, ProductPicture } from './product-picture';
import * as m from '@store/shared/i18n/messages';
import { formatCount } from '../../lib/format';

/**
 * The product pictures: a scroll-snap row that phones swipe (no JS needed), thumbnails that jump to
 * a picture, the first picture loaded at once with high priority (it is the page's largest paint).
 */
export function Gallery({ images, name }: { images: ProductImage[]; name: string }) {
  const rowRef = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);

  useEffect(() => {
    const row = rowRef.current;
    if (!row || images.length < 2) return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const e of entries) if (e.isIntersecting) setActive(Number((e.target as HTMLElement).dataset.index));
      },
      { root: row, threshold: 0.6 },
    );
    for (const slide of row.children) observer.observe(slide);
    return () => observer.disconnect();
  }, [images.length]);

  const go = (index: number) => {
    const row = rowRef.current;
    if (!row) return;
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    row.scrollTo({ left: index * row.clientWidth, behavior: reduce ? 'auto' : 'smooth' });
    setActive(index);
  };

  if (images.length === 0) return <NoPicture label={name} className="w-full rounded-2xl" />;
  return (
    <div className="flex flex-col gap-3 lg:flex-row-reverse lg:gap-4" data-testid="gallery">
      <div className="relative min-w-0 flex-1">
        <ul
          ref={rowRef}
          aria-label={`${name} pictures`}
          className="flex snap-x snap-mandatory overflow-x-auto bg-neutral-50 [scrollbar-width:none] max-lg:-mx-4 lg:rounded-2xl [&::-webkit-scrollbar]:hidden"
        >
          {images.map((img, i) => (
            <li key={img.original} data-index={i} className="w-full shrink-0 snap-start snap-always">
              <ProductPicture
                image={img}
                alt={img.alt || `${name}, picture ${i + 1}`}
                sizes="(min-width: 1280px) 560px, (min-width: 1024px) 45vw, 100vw"
                eager={i === 0}
                priority={i === 0}
                className="aspect-square w-full object-contain"
              />
            </li>
          ))}
        </ul>
        {images.length > 1 && (
          <p
            className="pointer-events-none absolute right-3 bottom-3 rounded-full bg-white/90 px-2.5 py-1 text-xs font-medium text-ink shadow-sm lg:hidden"
            aria-hidden="true"
          >
            {formatCount(active + 1)} / {formatCount(images.length)}
          </p>
        )}
      </div>
      {images.length > 1 && (
        <ul className="flex gap-2 max-lg:hidden lg:w-20 lg:flex-col" aria-label={m.gallery_choose()}>
          {images.map((img, i) => (
            <li key={img.original} className="w-16 lg:w-full">
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={m.gallery_show({ n: formatCount(i + 1), total: formatCount(images.length) })}
                aria-current={i === active ? 'true' : undefined}
                className={`block overflow-hidden rounded-lg bg-neutral-50 ring-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand ${i === active ? 'ring-ink' : 'ring-transparent hover:ring-neutral-300'}`}
              >
                <img
                  src={img.mobile}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
