import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { productUrl } from '@store/shared/catalog';
import {
  ADMIN_REVIEWS_PAGE_SIZE,
  reviewMessages,
  type AdminReview,
  type AdminReviewPage,
  type AdminReviewsQuery,
  type MyReview,
  type ReviewEligibility,
  type ReviewInput,
  type ReviewState,
} from '@store/shared/reviews';
import { writeContent } from '../../lib/content-changes.js';
import type { DbCtx, RequestCtx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { recordAudit } from '../staff/index.js';
import { refreshProductAggregates } from './catalog.service.js';
import { brands, products, reviews } from './catalog.tables.js';
import { inRequestLanguage } from '../../lib/in-locale.js';

/*
 * Reviews (issue 17 point 5; docs/back-office.md, "Reviews"). A signed-in customer reviews a product
 * they received, once; the review waits until staff approve or reject it; the shop may reply. The
 * product's rating and review_count (refreshProductAggregates) and the product page follow approved
 * reviews only, so every moderation change refreshes them in its transaction and clears the caches.
 */

/** Whether a customer received a product (the orders module's answer, handed in by the app: orders depends on the catalog). */
export type ReceivedCheck = (ctx: DbCtx, customerId: number, productId: number) => Promise<boolean>;

type ReviewRow = typeof reviews.$inferSelect;

const stateOf = (row: Pick<ReviewRow, 'approved' | 'rejected'>): ReviewState =>
  row.approved ? 'approved' : row.rejected ? 'rejected' : 'pending';

const stateWhere: Record<ReviewState, SQL> = {
  pending: sql`not ${reviews.approved} and not ${reviews.rejected}`,
  approved: sql`${reviews.approved}`,
  rejected: sql`${reviews.rejected}`,
};

const isUniqueViolation = (err: unknown): boolean => {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

const productColumns = {
  productName: products.name,
  productNameBn: products.nameBn,
  productHandle: products.handle,
  productImages: products.images,
  brandName: brands.name,
  brandHandle: brands.handle,
};

type JoinedRow = {
  review: ReviewRow;
  productName: string;
  productNameBn: string | null;
  productHandle: string;
  brandName: string;
  brandHandle: string;
};

function toMyReview(row: JoinedRow & { productImages: { mobile: string }[] }): MyReview {
  const r = row.review;
  return {
    id: r.id,
    product: {
      id: r.productId,
      name: inRequestLanguage(row.productName, row.productNameBn),
      brand: row.brandName,
      url: productUrl(row.brandHandle, row.productHandle),
      image: row.productImages[0]?.mobile ?? null,
    },
    name: r.name,
    star: r.star,
    text: r.text,
    state: stateOf(r),
    verified: r.verified,
    reply: r.reply,
    created_at: r.createdAt.toISOString(),
  };
}

function toAdminReview(row: JoinedRow): AdminReview {
  const r = row.review;
  return {
    id: r.id,
    product: { id: r.productId, name: row.productName, brand: row.brandName, url: productUrl(row.brandHandle, row.productHandle) },
    customer_id: r.customerId,
    name: r.name,
    star: r.star,
    text: r.text,
    state: stateOf(r),
    verified: r.verified,
    reply: r.reply,
    replied_at: r.repliedAt?.toISOString() ?? null,
    moderated_at: r.moderatedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

/** Whether the customer may review the product: received it and not reviewed it yet (the form asks first). */
export async function reviewEligibility(
  ctx: DbCtx,
  customerId: number,
  productId: number,
  received: ReceivedCheck,
): Promise<ReviewEligibility> {
  if (!(await received(ctx, customerId, productId))) return { may_review: false, reason: reviewMessages.notReceived() };
  const [existing] = await ctx.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.customerId, customerId), eq(reviews.productId, productId)));
  return existing ? { may_review: false, reason: reviewMessages.alreadyReviewed() } : { may_review: true, reason: null };
}

/**
 * A customer's review of a published product. Refused when they did not receive it (403
 * review_not_received) or already reviewed it (409 review_exists, also under a race: the unique
 * index decides). Written pending, with the verified-purchase fact; nothing public changes until approval.
 */
export async function writeReview(
  ctx: RequestCtx,
  customerId: number,
  productId: number,
  input: ReviewInput,
  received: ReceivedCheck,
): Promise<MyReview> {
  const [product] = await ctx.db
    .select({ id: products.id, ...productColumns })
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(and(eq(products.id, productId), eq(products.published, true)));
  if (!product) throw new AppError('product_not_found', 'Product not found');
  const { reason } = await reviewEligibility(ctx, customerId, productId, received);
  if (reason)
    throw new AppError(reason === reviewMessages.notReceived() ? 'review_not_received' : 'review_exists', reason, { text: reason });
  let row: ReviewRow | undefined;
  try {
    [row] = await ctx.db
      .insert(reviews)
      .values({ productId, customerId, name: input.name, star: input.star, text: input.text, verified: true, createdAt: ctx.clock.now() })
      .returning();
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('review_exists', reviewMessages.alreadyReviewed(), { text: reviewMessages.alreadyReviewed() });
    throw err;
  }
  return toMyReview({ review: row!, ...product });
}

/** /account/my-reviews: every review of the customer, newest first, with its state and the shop's reply. */
export async function listMyReviews({ db }: DbCtx, customerId: number): Promise<MyReview[]> {
  const rows = await db
    .select({ review: reviews, ...productColumns })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(reviews.customerId, customerId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toMyReview);
}

/* ---- The back office ---- */

export async function listAdminReviews({ db }: DbCtx, query: AdminReviewsQuery): Promise<AdminReviewPage> {
  const filters: SQL[] = [];
  if (query.state) filters.push(stateWhere[query.state]);
  if (query.product) filters.push(eq(reviews.productId, query.product));
  if (query.star) filters.push(eq(reviews.star, query.star));
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total], [pending]] = await Promise.all([
    db
      .select({ review: reviews, ...productColumns })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(ADMIN_REVIEWS_PAGE_SIZE)
      .offset((query.page - 1) * ADMIN_REVIEWS_PAGE_SIZE),
    db.select({ n: count() }).from(reviews).where(where),
    db.select({ n: count() }).from(reviews).where(stateWhere.pending),
  ]);
  return {
    data: rows.map(toAdminReview),
    total: total?.n ?? 0,
    page: query.page,
    page_size: ADMIN_REVIEWS_PAGE_SIZE,
    pending: pending?.n ?? 0,
  };
}

const auditFields = (r: ReviewRow) => ({ state: stateOf(r), reply: r.reply });

/**
 * One moderation write: the change, the product's rating and count, and the audit row in one
 * transaction, then the read caches are cleared (writeContent), so the product page follows at once.
 */
async function moderate(
  ctx: RequestCtx,
  id: number,
  action: 'approve' | 'reject' | 'reply',
  change: (row: ReviewRow, now: Date) => Partial<ReviewRow>,
): Promise<AdminReview> {
  return writeContent(ctx, async (tx) => {
    const [before] = await tx.db.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!before) throw notFound(reviewMessages.notFound());
    const [after] = await tx.db.update(reviews).set(change(before, ctx.clock.now())).where(eq(reviews.id, id)).returning();
    await refreshProductAggregates(tx, [before.productId]);
    await recordAudit(tx, {
      action: `review.${action}`,
      entity: 'review',
      entityId: id,
      before: auditFields(before),
      after: auditFields(after!),
    });
    const [row] = await tx.db
      .select({ review: reviews, ...productColumns })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(eq(reviews.id, id));
    return toAdminReview(row!);
  });
}

export const approveReview = (ctx: RequestCtx, id: number) =>
  moderate(ctx, id, 'approve', (_row, now) => ({ approved: true, rejected: false, moderatedAt: now }));

export const rejectReview = (ctx: RequestCtx, id: number) =>
  moderate(ctx, id, 'reject', (_row, now) => ({ approved: false, rejected: true, moderatedAt: now }));

/** The shop's reply under the review; an empty text removes it. */
export const replyToReview = (ctx: RequestCtx, id: number, reply: string) =>
  moderate(ctx, id, 'reply', (_row, now) => (reply ? { reply, repliedAt: now } : { reply: null, repliedAt: null }));
