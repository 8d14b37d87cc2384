import type { CSSProperties } from 'react';
import * as m from '@store/shared/i18n/messages';
import { formatCount, formatDigits } from '../../lib/format';

/** Five stars filled to the rating (half stars included); the number is spoken, the stars are not. */
export function RatingStars({ value, count, className = '' }: { value: number; count?: number; className?: string }) {
  const rated = formatDigits(String(value));
  const label =
    count === undefined
      ? m.rating({ value: rated })
      : (count === 1 ? m.rating_reviews_one : m.rating_reviews_other)({ value: rated, count: formatCount(count) });
  const fill = { '--fill': `${(Math.max(0, Math.min(5, value)) / 5) * 100}%` } as CSSProperties;
  return (
    <span role="img" aria-label={label} className={`inline-flex items-center gap-1 ${className}`}>
      <span className="rating-stars" style={fill} />
      {count !== undefined && <span className="text-[0.85em] text-muted">({formatCount(count)})</span>}
    </span>
  );
}
