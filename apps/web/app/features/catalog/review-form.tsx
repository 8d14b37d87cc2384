import { useId, useState } from 'react';
import * as messages from '@store/shared/messages';
import {
  REVIEW_NAME_MAX,
  REVIEW_TEXT_MAX,
  ReviewInputSchema,
  reviewMessages,
  type MyReview,
  type ReviewEligibility,
} from '@store/shared/reviews';
import { openLogin } from '../auth/auth-events';
import { useCurrentUser } from '../auth/use-current-user';
import { api } from '../../lib/http';
import { toast } from '../../lib/toast';
import * as m from '@store/shared/i18n/messages';
import { formatCount } from '../../lib/format';

type Fields = Partial<Record<'name' | 'star' | 'text', string>>;

/** 'Nusrat J.': the first name and the last name's initial, which the customer may change. */
const displayName = (first: string, last: string) => `${first} ${last ? `${last.slice(0, 1)}.` : ''}`.trim().slice(0, REVIEW_NAME_MAX);

const STAR_WORDS = [m.review_star_poor, m.review_star_fair, m.review_star_good, m.review_star_very_good, m.review_star_excellent];

/**
 * "Write a review" under the product's reviews. Signed-in customers who received the product may
 * review it once: the button asks the API first and says why not instead of opening the form (the
 * API decides again on sending). A visitor is asked to sign in.
 * The review waits for the shop's approval before it shows (docs/back-office.md, "Reviews").
 */
export function ReviewForm({ productId }: { productId: number }) {
  const id = useId();
  const user = useCurrentUser();
  const customer = user && !user.guest ? user : null;
  const [open, setOpen] = useState(false);
  const [star, setStar] = useState(0);
  const [errors, setErrors] = useState<Fields>({});
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  if (done) {
    return (
      <p role="status" className="mt-4 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-900" data-testid="review-done">
        {done}
      </p>
    );
  }
  if (!customer) {
    return (
      <button
        type="button"
        onClick={() => openLogin({ reason: 'account' })}
        className="mt-4 inline-flex h-11 items-center rounded-full border border-ink px-5 text-sm font-semibold text-ink hover:bg-neutral-50"
        data-testid="review-sign-in"
      >
        {reviewMessages.signInToReview()}
      </button>
    );
  }
  if (!open) {
    return (
      <div className="mt-4 flex flex-col items-start gap-3">
        <button
          type="button"
          disabled={busy}
          onClick={async () => {
            // The shop says first whether this customer may review it (received, not reviewed yet).
            setBusy(true);
            const res = await api.get<{ data: ReviewEligibility }>(`/products/${productId}/reviews/mine/`, {
              toasts: false,
              allow404: true,
            });
            setBusy(false);
            if (res.ok && res.data.data.may_review) {
              setRefusal(null);
              setOpen(true);
            } else setRefusal(res.ok ? res.data.data.reason : (res.error?.message ?? messages.offline()));
          }}
          className="inline-flex h-11 items-center rounded-full bg-ink px-5 text-sm font-semibold text-white disabled:opacity-60"
          data-testid="review-open"
        >
          {m.review_write()}
        </button>
        {refusal && (
          <p role="status" className="rounded-xl bg-neutral-100 px-4 py-3 text-sm text-ink" data-testid="review-error">
            {refusal}
          </p>
        )}
      </div>
    );
  }
  const errorId = (field: keyof Fields) => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <form
      noValidate
      aria-label={m.review_write()}
      className="mt-4 flex flex-col gap-4 rounded-2xl border border-line p-4 sm:p-5"
      data-testid="review-form"
      onSubmit={async (e) => {
        e.preventDefault();
        const form = new FormData(e.currentTarget);
        const parsed = ReviewInputSchema.safeParse({ name: String(form.get('name') ?? ''), star, text: String(form.get('text') ?? '') });
        if (!parsed.success) {
          const fields: Fields = {};
          for (const issue of parsed.error.issues) {
            const key = issue.path[0] as keyof Fields;
            fields[key] ??= issue.message;
          }
          setErrors(fields);
          return;
        }
        setBusy(true);
        setErrors({});
        const res = await api.post<{ data: MyReview; message: string }>(`/products/${productId}/reviews/`, parsed.data, {
          toasts: false,
          allow404: true,
        });
        setBusy(false);
        if (res.ok) {
          setDone(res.data.message);
          toast.success(res.data.message);
          return;
        }
        const fields = res.error?.fields ?? {};
        setErrors({
          name: fields.name,
          star: fields.star,
          text: fields.text ?? (fields.name || fields.star ? undefined : (res.error?.message ?? messages.offline())),
        });
      }}
    >
      <fieldset aria-describedby={errorId('star')}>
        <legend className="text-sm font-medium text-ink">{m.review_your_rating()}</legend>
        <div className="mt-2 flex flex-wrap items-center gap-1" role="radiogroup" aria-label={m.review_stars()}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="cursor-pointer" title={STAR_WORDS[n - 1]!()}>
              <input
                type="radio"
                name="star"
                value={n}
                checked={star === n}
                onChange={() => {
                  setStar(n);
                  setErrors((e) => ({ ...e, star: undefined }));
                }}
                className="peer sr-only"
                aria-label={(n === 1 ? m.review_n_star_one : m.review_n_star_other)({ n: formatCount(n) })}
              />
              <span
                aria-hidden="true"
                className={`block text-3xl leading-none peer-focus-visible:outline-2 peer-focus-visible:outline-brand ${n <= star ? 'text-amber-500' : 'text-neutral-300'}`}
              >
                ★
              </span>
            </label>
          ))}
          {star > 0 && <span className="ml-2 text-sm text-muted">{STAR_WORDS[star - 1]!()}</span>}
        </div>
        {errors.star && (
          <p id={errorId('star')} role="alert" className="mt-1 text-sm text-red-700">
            {errors.star}
          </p>
        )}
      </fieldset>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-name`} className="text-sm font-medium text-ink">
          {m.review_name_shown()}
        </label>
        <input
          id={`${id}-name`}
          name="name"
          type="text"
          maxLength={REVIEW_NAME_MAX}
          defaultValue={displayName(customer.first_name, customer.last_name)}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errorId('name')}
          className="w-full min-w-0 rounded-lg border border-neutral-300 px-3 py-2.5 text-sm outline-none focus:border-ink aria-invalid:border-red-700"
        />
        {errors.name && (
          <p id={errorId('name')} role="alert" className="text-sm text-red-700">
            {errors.name}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-text`} className="text-sm font-medium text-ink">
          {m.review_yours()}
        </label>
        <textarea
          id={`${id}-text`}
          name="text"
          rows={4}
          maxLength={REVIEW_TEXT_MAX}
          aria-invalid={errors.text ? true : undefined}
          aria-describedby={errorId('text')}
          className="w-full min-w-0 rounded-lg border border-neutral-300 px-3 py-2.5 text-sm outline-none focus:border-ink aria-invalid:border-red-700"
        />
        {errors.text && (
          <p id={errorId('text')} role="alert" className="text-sm text-red-700 wrap-anywhere" data-testid="review-error">
            {errors.text}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className="h-11 rounded-full bg-ink px-5 text-sm font-semibold text-white disabled:opacity-60"
        >
          {m.review_submit()}
        </button>
        <button
          type="button"
          onClick={() => setOpen(false)}
          className="h-11 rounded-full px-4 text-sm font-medium text-muted hover:text-ink"
        >
          {m.review_cancel()}
        </button>
      </div>
    </form>
  );
}
