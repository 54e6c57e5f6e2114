/** Tables owned by src/server/reviews/. */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { REVIEW_STATUSES } from '../../../shared/reviews/reviews';
import { profiles } from './account';
import { products } from './catalog';
import { createdAt, oneOf } from './columns';
import { orderItems } from './orders';

/**
 * A buyer's review of a cookie they bought, once per order line. Only the owner's
 * moderation changes it: its status, the reason it is hidden, and the shop's reply.
 */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null once the customer's account is deleted: the review stays, signed "A customer". */
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** The first name it is signed with, taken when written. */
    authorName: text('author_name').notNull(),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    hiddenReason: text('hidden_reason'),
    reply: text('reply'),
    createdAt: createdAt(),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('product_reviews_once_idx').on(t.orderItemId),
    check('product_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('product_reviews_status_check', oneOf(t.status, REVIEW_STATUSES)),
    index('product_reviews_product_idx').on(t.productId, t.status, t.createdAt),
  ],
);
