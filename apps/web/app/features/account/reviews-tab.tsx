import { Link } from 'react-router';
import { formatDhakaDate } from '../../lib/format';
import { REVIEW_STATE_LABELS, reviewMessages, type MyReview, type ReviewState } from '@store/shared/reviews';
import { RatingStars } from '../catalog/rating-stars';
import { EmptyState } from './empty-state';
import * as m from '@store/shared/i18n/messages';

const STATE_STYLES: Record<ReviewState, string> = {
  pending: 'bg-amber-50 text-amber-900',
  approved: 'bg-emerald-50 text-emerald-800',
  rejected: 'bg-neutral-100 text-neutral-700',
};

/** /account/my-reviews: the customer's reviews, newest first, with their state and the shop's reply. */
export function ReviewsTab({ reviews }: { reviews: MyReview[] }) {
  if (reviews.length === 0) {
    return <EmptyState title={m.account_no_reviews_title()} text={m.account_no_reviews_text()} />;
  }
  return (
    <ul className="divide-y divide-line" data-testid="my-reviews">
      {reviews.map((r) => (
        <li key={r.id} className="flex gap-3 py-5 sm:gap-4" data-testid="my-review">
          {r.product.image ? (
            <img
              src={r.product.image}
              alt=""
              width={64}
              height={64}
              loading="lazy"
              className="size-16 shrink-0 rounded-lg bg-neutral-50 object-cover"
            />
          ) : (
            <span className="size-16 shrink-0 rounded-lg bg-neutral-100" aria-hidden="true" />
          )}
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="text-xs text-muted">{r.product.brand}</p>
                <Link to={r.product.url} className="text-sm font-semibold text-ink hover:underline wrap-anywhere">
                  {r.product.name}
                </Link>
              </div>
              <span
                className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium ${STATE_STYLES[r.state]}`}
                data-testid="review-state"
              >
                {REVIEW_STATE_LABELS[r.state]()}
              </span>
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <RatingStars value={r.star} className="text-sm" />
              <time dateTime={r.created_at} className="text-xs text-muted">
                {formatDhakaDate(new Date(r.created_at), 'short')}
              </time>
              {r.verified && <span className="text-xs font-medium text-emerald-800">✓ {reviewMessages.verified()}</span>}
            </div>
            <p className="mt-2 text-sm leading-6 text-ink wrap-anywhere">{r.text}</p>
            {r.reply && (
              <div className="mt-3 rounded-xl border-l-4 border-brand bg-neutral-50 px-4 py-3" data-testid="review-reply">
                <p className="text-xs font-semibold text-ink">{reviewMessages.shopReply()}</p>
                <p className="mt-1 text-sm leading-6 text-ink wrap-anywhere">{r.reply}</p>
              </div>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
