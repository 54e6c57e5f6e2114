import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { isUuid } from '~/shared/ids';
import { orderNumber } from '~/shared/orders/statuses';
import { ReviewInputSchema } from '~/shared/reviews/review-schema';
import {
  MAX_REVIEW_REPLY,
  type RatingSummary,
  REVIEW_MESSAGES,
  type ReviewStatus,
  ratingSummaryOf,
} from '~/shared/reviews/reviews';
import { recordActivity } from '../activity/activity-log';
import { cachedByVersion } from '../db/cached-by-version';
import type { CatalogVersion } from '../db/catalog-version';
import type { Db, Tx } from '../db/client';
import { orderItems, orders, productReviews, profiles } from '../db/schema';
import { badRequest, notFound, parseOrThrow } from '../errors';

/** A review as the product page shows it: the buyer's words, signed with a first name. */
export interface ShownReview {
  id: string;
  rating: number;
  comment: string;
  author: string;
  reply: string | null;
  createdAt: string;
}

/** A line of a customer's order they may review, with their review if written. */
export interface ReviewableLine {
  itemId: string;
  productId: string;
  name: string;
  review: { rating: number; comment: string; status: ReviewStatus } | null;
}

export interface AdminReview extends ShownReview {
  productId: string;
  productName: string;
  orderId: string;
  status: ReviewStatus;
  hiddenReason: string | null;
}

export type Moderation =
  | { action: 'approve' }
  | { action: 'hide'; reason: string }
  | { action: 'reply'; reply: string };

const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] || 'A customer';

/**
 * Reviews from buyers only (docs/rules/reviews.md): a customer reviews each cookie of a
 * delivered or collected order once; the owner approves, hides or replies. The shown summaries are
 * kept per catalogue version, which moderation bumps, so pages change at once.
 */
export function createReviewsService(db: Db, version: CatalogVersion) {
  /** Every product's shown rating, for the shop's cards and the feeds. */
  const summaries = cachedByVersion(db, version, async (exec) => {
    // Summed by the database: a product's thousands of reviews come back as one row.
    const rows = await exec
      .select({
        productId: productReviews.productId,
        count: sql<number>`count(*)::int`.mapWith(Number),
        sum: sql<number>`sum(${productReviews.rating})::int`.mapWith(Number),
      })
      .from(productReviews)
      .where(eq(productReviews.status, 'approved'))
      .groupBy(productReviews.productId);
    return new Map(rows.map((r) => [r.productId, ratingSummaryOf(r.sum, r.count)!]));
  });

  /** A review as the product page shows it (the owner's list adds to it). */
  const shownReview = (r: typeof productReviews.$inferSelect): ShownReview => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    author: r.profileId ? r.authorName : 'A customer',
    reply: r.reply,
    createdAt: r.createdAt.toISOString(),
  });

  /** The customer's own order, for reviewing: anyone else's is "not found". */
  async function ownOrder(exec: Db | Tx, userId: string, orderId: string) {
    const [order] = isUuid(orderId)
      ? await exec
          .select({ id: orders.id, status: orders.status, profileId: orders.profileId })
          .from(orders)
          .where(eq(orders.id, orderId))
      : [];
    if (!order || order.profileId !== userId) throw notFound('Order not found');
    return order;
  }

  return {
    summaries,
    async summaryOf(productId: string): Promise<RatingSummary | null> {
      return (await summaries()).get(productId) ?? null;
    },

    /** A product's shown reviews, newest first: `limit` of them (all when not given) after `offset`. */
    async shownFor(productId: string, limit?: number, offset = 0): Promise<ShownReview[]> {
      if (!isUuid(productId)) return [];
      const q = db
        .select({ r: productReviews })
        .from(productReviews)
        .where(and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved')))
        .orderBy(desc(productReviews.createdAt), desc(productReviews.id));
      const rows = limit ? await q.limit(limit).offset(offset) : await q;
      return rows.map(({ r }) => shownReview(r));
    },

    /** The cookies of the customer's order, each with their review if written. */
    async forOrder(userId: string, orderId: string) {
      const order = await ownOrder(db, userId, orderId);
      const lines = await db
        .select({ item: orderItems, review: productReviews })
        .from(orderItems)
        .leftJoin(productReviews, eq(productReviews.orderItemId, orderItems.id))
        .where(
          and(eq(orderItems.orderId, order.id), isNull(orderItems.giftCard), isNotNull(orderItems.productId)),
        )
        .orderBy(orderItems.productName);
      return {
        number: orderNumber(order.id),
        open: order.status === 'completed',
        lines: lines.map(
          ({ item, review }): ReviewableLine => ({
            itemId: item.id,
            productId: item.productId!,
            name: item.productName,
            review: review ? { rating: review.rating, comment: review.comment, status: review.status } : null,
          }),
        ),
      };
    },

    /** The buyer's review of one line of their delivered or collected order; once per line. */
    async write(userId: string, orderId: string, itemId: unknown, input: unknown) {
      const review = parseOrThrow(ReviewInputSchema, input);
      return db.transaction(async (tx) => {
        const order = await ownOrder(tx, userId, orderId);
        const [line] =
          typeof itemId === 'string' && isUuid(itemId)
            ? await tx
                .select({ productId: orderItems.productId, giftCard: orderItems.giftCard })
                .from(orderItems)
                .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, order.id)))
            : [];
        if (!line?.productId || line.giftCard) throw badRequest(REVIEW_MESSAGES.notBought);
        if (order.status !== 'completed') throw badRequest(REVIEW_MESSAGES.notYet);
        const [who] = await tx
          .select({ name: profiles.fullName })
          .from(profiles)
          .where(eq(profiles.id, userId));
        // The unique index decides a double submit: the second changes nothing.
        const made = await tx
          .insert(productReviews)
          .values({
            orderItemId: itemId as string,
            productId: line.productId,
            profileId: userId,
            authorName: firstName(who?.name ?? ''),
            rating: review.rating,
            comment: review.comment,
          })
          .onConflictDoNothing({ target: productReviews.orderItemId })
          .returning({ id: productReviews.id });
        if (made.length === 0) throw badRequest(REVIEW_MESSAGES.already);
        return made[0]!.id;
      });
    },

    /** Every review for the owner, newest first, hidden ones too; of one status if asked. */
    async listForAdmin(status?: ReviewStatus): Promise<AdminReview[]> {
      const rows = await db
        .select({ r: productReviews, productName: orderItems.productName, orderId: orderItems.orderId })
        .from(productReviews)
        .innerJoin(orderItems, eq(orderItems.id, productReviews.orderItemId))
        .where(status ? eq(productReviews.status, status) : sql`true`)
        .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
        .limit(200);
      return rows.map(({ r, productName, orderId }) => ({
        ...shownReview(r),
        productId: r.productId,
        productName,
        orderId,
        status: r.status,
        hiddenReason: r.hiddenReason,
      }));
    },

    /** How many reviews each status has, for the owner's honest count beside the shown average. */
    async countsByStatus(): Promise<Record<ReviewStatus, number>> {
      const rows = await db
        .select({ status: productReviews.status, n: sql<number>`count(*)`.mapWith(Number) })
        .from(productReviews)
        .groupBy(productReviews.status);
      const counts = { pending: 0, approved: 0, hidden: 0 };
      for (const r of rows) counts[r.status] = r.n;
      return counts;
    },

    /** The owner approves, hides (with a reason) or replies; the customer's words never change. */
    async moderate(id: string, change: Moderation) {
      if (!isUuid(id)) throw notFound('Review not found');
      const set =
        change.action === 'approve'
          ? { status: 'approved' as const, hiddenReason: null }
          : change.action === 'hide'
            ? { status: 'hidden' as const, hiddenReason: change.reason.trim() }
            : { reply: change.reply.trim() || null };
      if (change.action === 'hide' && !set.hiddenReason) throw badRequest(REVIEW_MESSAGES.reason);
      if (change.action === 'reply' && change.reply.trim().length > MAX_REVIEW_REPLY)
        throw badRequest(REVIEW_MESSAGES.reply);
      await version.changing(async (tx) => {
        const [before] = await tx
          .select()
          .from(productReviews)
          .where(eq(productReviews.id, id))
          .for('update');
        if (!before) throw notFound('Review not found');
        await tx
          .update(productReviews)
          .set({ ...set, moderatedAt: new Date() })
          .where(eq(productReviews.id, id));
        await recordActivity(tx, {
          kind: `review.${change.action}`,
          record: ['review', id],
          before: Object.fromEntries(Object.keys(set).map((k) => [k, before[k as keyof typeof before]])),
          after: set,
        });
      });
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
