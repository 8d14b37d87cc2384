import type { ProductImage } from '@store/shared/catalog';

/** The phone-size picture is 400 px wide (the seed and the back office resize to it). */
export const MOBILE_IMAGE_WIDTH = 400;

type Props = {
  image: ProductImage;
  /** The rendered width, for the browser to pick between the phone webp and the full webp. */
  sizes: string;
  /** Above the fold: load now, with high priority for the largest one. */
  eager?: boolean;
  priority?: boolean;
  alt?: string;
  className?: string;
};

/**
 * A product picture: webp in two widths (the phone size and the full size), the original JPEG as
 * the fallback, and width/height so the box is reserved before the bytes arrive (no layout shift).
 */
export function ProductPicture({ image, sizes, eager = false, priority = false, alt, className = '' }: Props) {
  const mobileWidth = Math.min(MOBILE_IMAGE_WIDTH, image.width);
  return (
    <picture>
      <source type="image/webp" srcSet={`${image.mobile} ${mobileWidth}w, ${image.webp} ${image.width}w`} sizes={sizes} />
      <img
        src={image.original}
        width={image.width}
        height={image.height}
        alt={alt ?? image.alt}
        loading={eager ? 'eager' : 'lazy'}
        decoding={eager ? 'auto' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        className={className}
      />
    </picture>
  );
}

/** Shown where a product has no picture yet: the same box, so the grid keeps its rhythm. */
export function NoPicture({ label, className = '' }: { label: string; className?: string }) {
  return (
    <div
      role="img"
      aria-label={label}
      className={`flex aspect-square items-center justify-center bg-brand-soft text-brand/50 ${className}`}
    >
      <svg viewBox="0 0 24 24" className="size-10" fill="none" stroke="currentColor" strokeWidth="1.5" aria-hidden="true">
        <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
        <circle cx="9" cy="10" r="1.8" />
        <path d="m4 17 5-4.5 3.5 3 3-2.5L20 17" />
      </svg>
    </div>
  );
}
