import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLoaderData, useNavigate, useRevalidator, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  AdminReviewReplySchema,
  AdminReviewsQuerySchema,
  REVIEW_REPLY_MAX,
  REVIEW_STATES,
  REVIEW_STATE_LABELS,
  type AdminReview,
  type AdminReviewPage,
  type ReviewState,
} from '@store/shared/reviews';
import { useUrlFilterForm } from '../../lib/list-filters';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { DataTable, listColumns } from '../../components/ui/data-table';
import { Dialog } from '../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../components/ui/field';
import { PageHeader } from '../../components/ui/page';
import { api } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { apiErrorToForm, errorMessage } from '../../lib/forms';
import { Pager } from '../../components/ui/pager';

const FILTERS = ['state', 'product', 'star'] as const;
type Filters = Record<(typeof FILTERS)[number], string>;

/** The page of reviews the URL's filters ask for (state, product id, stars, page). */
export async function reviewsLoader({ request }: LoaderFunctionArgs): Promise<AdminReviewPage> {
  const url = new URL(request.url);
  const query = new URLSearchParams();
  for (const key of [...FILTERS, 'page']) {
    const value = url.searchParams.get(key);
    if (value) query.set(key, value);
  }
  return api.get<AdminReviewPage>(`/reviews/?${query}`, request.signal);
}

const REVIEW_TONE: Record<ReviewState, BadgeTone> = { pending: 'waiting', approved: 'good', rejected: 'quiet' };

function ReviewStateBadge({ state }: { state: ReviewState }) {
  return (
    <Badge tone={REVIEW_TONE[state]} testId="review-state">
      {REVIEW_STATE_LABELS[state]()}
    </Badge>
  );
}

function Stars({ value }: { value: number }) {
  return (
    <span role="img" aria-label={`${value} out of 5 stars`} className="whitespace-nowrap text-amber-500">
      {'★'.repeat(value)}
      <span className="text-neutral-300">{'★'.repeat(5 - value)}</span>
    </span>
  );
}

/** The shop's reply to one review: written under the review on the product page; an empty reply removes it. */
function ReplyDialog({ review, onClose, onSaved }: { review: AdminReview; onClose: () => void; onSaved: () => void }) {
  const { register, handleSubmit, setError, formState } = useForm<{ reply: string }>({ defaultValues: { reply: review.reply ?? '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const save = handleSubmit(async (values) => {
    const parsed = AdminReviewReplySchema.safeParse(values);
    if (!parsed.success) {
      setError('reply', { type: 'schema', message: parsed.error.issues[0]?.message ?? 'Invalid' });
      return;
    }
    try {
      await api.put(`/reviews/${review.id}/reply/`, parsed.data);
      onSaved();
    } catch (error) {
      setFormError(apiErrorToForm(error, setError, ['reply']));
    }
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Reply to ${review.name}`}
      description={review.product.name}
    >
      <form onSubmit={save} noValidate className="space-y-3">
        <blockquote className="rounded-md bg-neutral-50 p-3 text-sm text-ink wrap-anywhere">
          <Stars value={review.star} /> {review.text}
        </blockquote>
        {formError ? <Alert>{formError}</Alert> : null}
        <TextAreaField
          label="The shop's reply"
          rows={5}
          maxLength={REVIEW_REPLY_MAX}
          hint="Shown under the review on the product page once it is published. Leave empty to remove the reply."
          error={formState.errors.reply?.message}
          {...register('reply')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            Save reply
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

const column = listColumns<AdminReview>();

/** Reviews waiting for a decision and those decided: approve, reject, reply; filters in the address. */
export function ReviewsPage() {
  const page = useLoaderData<AdminReviewPage>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [replying, setReplying] = useState<AdminReview | null>(null);
  const current = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) ?? ''])) as Filters;
  const filterForm = useUrlFilterForm<Filters>(current);

  const go = (filters: Partial<Filters>, pageNumber = 1) => {
    const next = new URLSearchParams();
    for (const [key, value] of Object.entries(filters)) if (value) next.set(key, value);
    if (pageNumber > 1) next.set('page', String(pageNumber));
    return navigate(`?${next}`);
  };
  const apply = filterForm.handleSubmit(async (filters) => {
    const parsed = AdminReviewsQuerySchema.safeParse(Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== '')));
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FILTERS.find((f) => f === issue.path[0]);
        if (field)
          filterForm.setError(field, { type: 'schema', message: field === 'product' ? 'Give a product id (a number)' : issue.message });
      }
      return;
    }
    await go(filters);
  });

  const columns = useMemo(() => {
    const decide = async (review: AdminReview, action: 'approve' | 'reject') => {
      setBusy(review.id);
      setError(null);
      try {
        await api.post(`/reviews/${review.id}/${action}/`);
        await revalidator.revalidate();
      } catch (e) {
        setError(errorMessage(e));
      } finally {
        setBusy(null);
      }
    };
    return column.columns([
      column.accessor('created_at', {
        header: 'Written',
        cell: ({ getValue }) => <span className="whitespace-nowrap">{formatDateTime(getValue())}</span>,
      }),
      column.accessor('product', {
        header: 'Product',
        cell: ({ row }) => (
          <div className="min-w-0">
            <a href={row.original.product.url} target="_blank" rel="noreferrer" className="font-medium text-brand hover:underline">
              {row.original.product.name}
            </a>
            <div className="text-xs text-muted">
              {row.original.product.brand} · #{row.original.product.id}
            </div>
          </div>
        ),
      }),
      column.accessor('text', {
        header: 'Review',
        cell: ({ row }) => (
          <div className="max-w-md space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <Stars value={row.original.star} />
              <span className="font-medium">{row.original.name}</span>
              {row.original.verified ? <span className="text-xs font-medium text-green-800">✓ Verified purchase</span> : null}
            </div>
            <p className="text-sm wrap-anywhere whitespace-pre-line">{row.original.text}</p>
            {row.original.reply ? (
              <p className="border-l-2 border-brand pl-2 text-xs text-muted wrap-anywhere" data-testid="admin-review-reply">
                <span className="font-semibold text-ink">Reply:</span> {row.original.reply}
              </p>
            ) : null}
          </div>
        ),
      }),
      column.accessor('state', { header: 'State', cell: ({ getValue }) => <ReviewStateBadge state={getValue()} /> }),
      column.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => {
          const r = row.original;
          const label = `${r.name} on ${r.product.name}`;
          return (
            <div className="flex flex-wrap gap-2">
              {r.state !== 'approved' ? (
                <Button
                  className="min-h-9 px-3"
                  disabled={busy === r.id}
                  onClick={() => void decide(r, 'approve')}
                  aria-label={`Approve the review of ${label}`}
                >
                  Approve
                </Button>
              ) : null}
              {r.state !== 'rejected' ? (
                <Button
                  variant="secondary"
                  className="min-h-9 px-3"
                  disabled={busy === r.id}
                  onClick={() => void decide(r, 'reject')}
                  aria-label={`Reject the review of ${label}`}
                >
                  Reject
                </Button>
              ) : null}
              <Button
                variant="ghost"
                className="min-h-9 px-3"
                onClick={() => setReplying(r)}
                aria-label={`Reply to the review of ${label}`}
              >
                {r.reply ? 'Edit reply' : 'Reply'}
              </Button>
            </div>
          );
        },
      }),
    ]);
  }, [busy, revalidator]);

  const { errors } = filterForm.formState;
  return (
    <div>
      <PageHeader
        title="Reviews"
        description={`Customers' reviews of products they received. Only published reviews show on the product page and count in its rating. ${page.pending} waiting for a decision.`}
      />
      <form
        onSubmit={apply}
        noValidate
        aria-label="Filter the reviews"
        className="mb-4 grid grid-cols-2 gap-3 rounded-lg border border-line bg-white p-4 shadow-xs lg:grid-cols-4 lg:items-end"
      >
        <SelectField label="State" error={errors.state?.message} {...filterForm.register('state')}>
          <option value="">All</option>
          {REVIEW_STATES.map((s) => (
            <option key={s} value={s}>
              {REVIEW_STATE_LABELS[s]()}
            </option>
          ))}
        </SelectField>
        <SelectField label="Stars" error={errors.star?.message} {...filterForm.register('star')}>
          <option value="">Any</option>
          {[5, 4, 3, 2, 1].map((n) => (
            <option key={n} value={String(n)}>
              {n} {n === 1 ? 'star' : 'stars'}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Product id"
          inputMode="numeric"
          placeholder="1234"
          error={errors.product?.message}
          {...filterForm.register('product')}
        />
        <div className="flex gap-2">
          <Button type="submit" className="flex-1">
            Filter
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              filterForm.reset({ state: '', product: '', star: '' });
              void go({});
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      {error ? (
        <div className="mb-3">
          <Alert>{error}</Alert>
        </div>
      ) : null}
      <DataTable columns={columns} data={page.data} caption="Reviews" empty="No reviews match these filters." />
      <Pager
        total={page.total}
        page={page.page}
        pageSize={page.page_size}
        noun={['review', 'reviews']}
        onPage={(n) => void go(current, n)}
      />
      {replying ? (
        <ReplyDialog
          review={replying}
          onClose={() => setReplying(null)}
          onSaved={() => {
            setReplying(null);
            void revalidator.revalidate();
          }}
        />
      ) : null}
    </div>
  );
}
