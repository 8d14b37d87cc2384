import type { Review } from '@store/shared/catalog';
import { formatDhakaDate } from '@store/shared/dhaka-time';
import { RatingStars } from './rating-stars';

/** The approved reviews with the aggregate (mean rounded to the nearest half, 0 with none). */
export function Reviews({ reviews, rating, count }: { reviews: Review[]; rating: number; count: number }) {
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-24" data-testid="reviews">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="reviews-title" className="text-lg font-semibold tracking-tight text-ink lg:text-2xl">
          Reviews
        </h2>
      </div>
      <div className="mt-4 flex items-center gap-4 rounded-2xl bg-neutral-50 p-5">
        <p className="text-4xl font-semibold tabular-nums text-ink" data-testid="rating-value">
          {rating.toFixed(1)}
        </p>
        <div>
          <RatingStars value={rating} className="text-lg" />
          <p className="text-sm text-muted">{count === 0 ? 'No reviews yet' : `Based on ${count} ${count === 1 ? 'review' : 'reviews'}`}</p>
        </div>
      </div>
      {reviews.length > 0 && (
        <ul className="mt-2 divide-y divide-line">
          {reviews.map((r) => (
            <li key={r.id} className="py-5">
              <div className="flex items-center justify-between gap-3">
                <p className="text-sm font-semibold text-ink">{r.name}</p>
                <time dateTime={r.created_at} className="text-xs text-muted">
                  {formatDhakaDate(new Date(r.created_at), 'short')}
                </time>
              </div>
              <RatingStars value={r.star} className="mt-1 text-sm" />
              {r.text && <p className="mt-2 text-sm leading-6 text-ink">{r.text}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
