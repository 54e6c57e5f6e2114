/** Tables owned by src/server/club/. */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BoxFilling } from '../../../shared/boxes/box';
import { DELIVERY_STATUSES, SUBSCRIPTION_STATUSES } from '../../../shared/club/club';
import { profiles } from './account';
import { products } from './catalog';
import { createdAt, oneOf, updatedAt } from './columns';
import { orders } from './orders';

/**
 * A customer's Cookie Club membership: what comes (a product, which may be a box, and how many),
 * how often, on which weekday, and the saved card each delivery is charged to.
 */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** When `productId` is a box the member fills: what goes in each box (a fixed box holds its own). */
    boxFilling: jsonb('box_filling').$type<BoxFilling>(),
    quantity: integer('quantity').notNull(),
    everyWeeks: integer('every_weeks').notNull(),
    /** 0 = Sunday ... 6 = Saturday (London), the weekday its deliveries come on. */
    weekday: integer('weekday').notNull(),
    /** awaiting_card (joined, first card not saved yet), active, paused, failing, cancelled. */
    status: text('status').notNull().default('awaiting_card'),
    /** Paused until this date (resumes on it); null while paused until resumed. */
    pausedUntil: date('paused_until', { mode: 'string' }),
    /** The next delivery's date by the cadence: the scheduler makes it `SUBSCRIPTION_LEAD_DAYS` before. */
    nextDeliveryDate: date('next_box_date', { mode: 'string' }).notNull(),
    /** The provider the card is saved with, and its references (Stripe customer and PaymentMethod). */
    paymentProvider: text('payment_provider', { enum: ['test', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    paymentMethodId: text('payment_method_id'),
    /** "Visa ending 4242", as the customer recognises it. */
    cardLabel: text('card_label'),
    /** The hosted page open to save (or update) the card: the setup's own id. */
    setupSessionId: text('setup_session_id').unique(),
    /** The price per delivery, delivery charge included, the customer was last told (a change is e-mailed first). */
    quotedPennies: integer('quoted_pennies').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('subscriptions_status_check', oneOf(t.status, SUBSCRIPTION_STATUSES)),
    check('subscriptions_every_weeks_check', sql`${t.everyWeeks} in (2, 4)`),
    check('subscriptions_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('subscriptions_quantity_check', sql`${t.quantity} between 1 and 500`),
    index('subscriptions_profile_idx').on(t.profileId),
    index('subscriptions_due_idx')
      .on(t.nextDeliveryDate)
      .where(sql`${t.status} in ('active','failing','paused')`),
  ],
);

/**
 * One Cookie Club delivery of a subscription (its table keeps the name `subscription_boxes`:
 * docs/decisions/095): made once per (subscription, scheduled date) as a real order, and charged
 * with one idempotency key per attempt (docs/decisions/045).
 */
export const clubDeliveries = pgTable(
  'subscription_boxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** The date the cadence gave it; unique per subscription, whatever day it moved to. */
    scheduledDate: date('box_date', { mode: 'string' }).notNull(),
    /** The bake day it was booked on (the scheduled date, or the next open day when that was full or closed). */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** skipped, due (to charge), charging, paid, missed (unpaid at its cut-off), refunded. */
    status: text('status').notNull(),
    totalPennies: integer('total_pennies').notNull().default(0),
    /** Charges tried; the provider's idempotency key is `club-<delivery id>-<attempt>`. */
    attempts: integer('attempts').notNull().default(0),
    chargeStartedAt: timestamp('charge_started_at', { withTimezone: true }),
    firstDeclinedAt: timestamp('first_declined_at', { withTimezone: true }),
    nextRetryAt: timestamp('next_retry_at', { withTimezone: true }),
    lastError: text('last_error'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('subscription_boxes_once_idx').on(t.subscriptionId, t.scheduledDate),
    uniqueIndex('subscription_boxes_order_idx').on(t.orderId),
    check('subscription_boxes_status_check', oneOf(t.status, DELIVERY_STATUSES)),
    index('subscription_boxes_due_idx').on(t.nextRetryAt).where(sql`${t.status} in ('due','charging')`),
  ],
);

/** What happened to a subscription and who did it (the customer, the owner on their behalf, the shop). */
export const subscriptionHistory = pgTable(
  'subscription_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    actorType: text('actor_type', { enum: ['customer', 'admin', 'system'] }).notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_history_sub_idx').on(t.subscriptionId, t.createdAt)],
);
