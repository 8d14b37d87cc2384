import type { Review } from '@store/shared/catalog';
import { formatCount, formatDhakaDate, formatDigits } from '../../lib/format';
import { reviewMessages } from '@store/shared/review-messages';
import { Suspense } from 'react';
import { onDemand } from '../../lib/on-demand';
import { RatingStars } from './rating-stars';
import * as m from '@store/shared/i18n/messages';

/** The form validates with the shared schema (zod): its code loads with the page's reviews, not in its first script. */
const reviewForm = onDemand(() => import('./review-form'));

function OnDemandReviewForm({ productId }: { productId: number }) {
  const { ReviewForm } = reviewForm.useModule();
  return <ReviewForm productId={productId} />;
}

/**
 * The approved reviews with the aggregate (mean rounded to the nearest half, 0 with none), each with
 * its verified-purchase badge and the shop's reply; then the form to write one.
 */
export function Reviews({ productId, reviews, rating, count }: { productId: number; reviews: Review[]; rating: number; count: number }) {
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="scroll-mt-24" data-testid="reviews">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="reviews-title" className="text-lg font-semibold tracking-tight text-ink lg:text-2xl">
          {m.reviews_title()}
        </h2>
      </div>
      <div className="mt-4 flex items-center gap-4 rounded-2xl bg-neutral-50 p-5">
        <p className="text-4xl font-semibold tabular-nums text-ink" data-testid="rating-value">
          {formatDigits(rating.toFixed(1))}
        </p>
        <div>
          <RatingStars value={rating} className="text-lg" />
          <p className="text-sm text-muted">
            {count === 0
              ? m.reviews_none_yet()
              : (count === 1 ? m.reviews_based_on_one : m.reviews_based_on_other)({ count: formatCount(count) })}
          </p>
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
              <div className="mt-1 flex flex-wrap items-center gap-2">
                <RatingStars value={r.star} className="text-sm" />
                {r.verified && (
                  <span
                    className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800"
                    data-testid="verified-badge"
                  >
                    <span aria-hidden="true">✓</span>
                    {reviewMessages.verified()}
                  </span>
                )}
              </div>
              {r.text && <p className="mt-2 text-sm leading-6 text-ink wrap-anywhere">{r.text}</p>}
              {r.reply && (
                <div className="mt-3 rounded-xl border-l-4 border-brand bg-neutral-50 px-4 py-3" data-testid="review-reply">
                  <p className="text-xs font-semibold text-ink">{reviewMessages.shopReply()}</p>
                  <p className="mt-1 text-sm leading-6 text-ink wrap-anywhere">{r.reply}</p>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Suspense fallback={null}>
        <OnDemandReviewForm productId={productId} />
      </Suspense>
    </section>
  );
}
