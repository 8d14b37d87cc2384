import type { CSSProperties } from 'react';

/** Five stars filled to the rating (half stars included); the number is spoken, the stars are not. */
export function RatingStars({ value, count, className = '' }: { value: number; count?: number; className?: string }) {
  const label = count === undefined ? `Rated ${value} out of 5` : `Rated ${value} out of 5, ${count} ${count === 1 ? 'review' : 'reviews'}`;
  const fill = { '--fill': `${(Math.max(0, Math.min(5, value)) / 5) * 100}%` } as CSSProperties;
  return (
    <span role="img" aria-label={label} className={`inline-flex items-center gap-1 ${className}`}>
      <span className="rating-stars" style={fill} />
      {count !== undefined && <span className="text-[0.85em] text-muted">({count})</span>}
    </span>
  );
}
