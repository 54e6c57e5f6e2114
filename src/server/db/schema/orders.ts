/** Tables owned by src/server/orders/. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
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
import type { BoxContents } from '../../../shared/boxes/box';
import { VAT_RATES } from '../../../shared/food-information';
import type { GiftCardPurchase } from '../../../shared/gift-cards/gift-card-code';
import { FULFILMENTS } from '../../../shared/orders/fulfilment';
import { PART_PAYMENT_PURPOSES } from '../../../shared/orders/paid-state';
import { DELIVERY_STATUSES, ORDER_FLAGS, ORDER_STATUSES } from '../../../shared/orders/statuses';
import { profiles } from './account';
import { products } from './catalog';
import { createdAt, oneOf, updatedAt } from './columns';
import { deliveryZones } from './delivery-zones';
import { discountCodes } from './discounts';
import { termsVersions } from './legal';

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    subtotalPennies: integer('subtotal_pennies').notNull(),
    /** Delivery charged (0 for collection, over the free-delivery threshold or with a free-delivery code). */
    deliveryFeePennies: integer('delivery_fee_pennies').notNull(),
    totalPennies: integer('total_pennies').notNull(),
    /** Delivered to `ship_*`, or collected from the bakery. */
    fulfilment: text('fulfilment', { enum: FULFILMENTS }).notNull().default('delivery'),
    /** The discount code used, as the customer typed it (upper-cased); its use is held while pending. */
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, { onDelete: 'restrict' }),
    discountCode: text('discount_code'),
    /** Taken off the cookies by the code. */
    discountPennies: integer('discount_pennies').notNull().default(0),
    /** Delivery a free-delivery code waived. */
    deliveryWaivedPennies: integer('delivery_waived_pennies').notNull().default(0),
    /** What gift cards pay of the total (held while pending, spent once paid); the rest is by card. */
    giftCardPennies: integer('gift_card_pennies').notNull().default(0),
    /** Where it goes, copied from the profile when ordered so later profile edits don't move it. */
    shipName: text('ship_name').notNull(),
    shipPhone: text('ship_phone').notNull(),
    shipAddress: text('ship_address').notNull(),
    shipCity: text('ship_city').notNull(),
    shipPostcode: text('ship_postcode').notNull(),
    /** Sent to someone else: the ship_* fields are the recipient's; the slip shows no prices. */
    isGift: boolean('is_gift').notNull().default(false),
    /** Printed on the packing slip of a gift; up to 200 characters. */
    giftMessage: text('gift_message'),
    paymentProvider: text('payment_provider', { enum: ['test', 'stripe'] }).notNull(),
    paymentSessionId: text('payment_session_id').unique(),
    /** The hosted payment page, so a customer can go back to it while it is open. */
    paymentUrl: text('payment_url'),
    /** When the hosted payment page stops taking payment; a pending order is cancelled after it. */
    paymentExpiresAt: timestamp('payment_expires_at', { withTimezone: true }),
    /**
     * A trade order on account (decision 085): baked while still unpaid, paid against its invoice.
     * The bake list and production sheet count it with the paid orders.
     */
    onAccount: boolean('on_account').notNull().default(false),
    /** The provider's payment (Stripe PaymentIntent) refunds are made against. */
    paymentIntentId: text('payment_intent_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The London date the customer chose for delivery (bake days); null on orders placed before. */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    /**
     * The delivery zone the server found for `ship_postcode` when ordered, kept by name
     * and method so later zone edits do not move placed orders; null for collection and for orders
     * placed before zones (or while the shop has none).
     */
    deliveryZoneId: uuid('delivery_zone_id').references((): AnyPgColumn => deliveryZones.id, {
      onDelete: 'set null',
    }),
    deliveryZoneName: text('delivery_zone_name'),
    /** 'van' (the run sheet) or 'post' (the dispatch list: the day is the dispatch day). */
    deliveryMethod: text('delivery_method'),
    /** What the post usually takes after dispatch ("2-3 days"), for the customer's texts. */
    deliveryTransitDays: text('delivery_transit_days'),
    /**
     * The collection time chosen at checkout, 'HH:MM' London time from and to (decision 084); null
     * for deliveries and for collections on a day without slots. Counted under the day's lock.
     */
    collectionSlotFrom: text('collection_slot_from'),
    collectionSlotTo: text('collection_slot_to'),
    /**
     * The terms of sale its customer accepted: set by a trigger to the newest version when the
     * order is written (never from the browser), and never changed by a later edit of the terms.
     */
    termsVersion: integer('terms_version').references(() => termsVersions.version, { onDelete: 'restrict' }),
    /** What the owner must look at (ORDER_FLAGS), set by the server only. */
    flags: text('flags', { enum: ORDER_FLAGS }).array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_status_check', oneOf(t.status, ORDER_STATUSES)),
    check(
      'orders_total_check',
      sql`${t.totalPennies} = ${t.subtotalPennies} - ${t.discountPennies} + ${t.deliveryFeePennies}`,
    ),
    check('orders_discount_check', sql`${t.discountPennies} between 0 and ${t.subtotalPennies}`),
    check('orders_gift_card_check', sql`${t.giftCardPennies} between 0 and ${t.totalPennies}`),
    check('orders_fulfilment_check', oneOf(t.fulfilment, FULFILMENTS)),
    // A code's uses and a customer's uses of it are counted from here (held while pending).
    index('orders_discount_code_idx')
      .on(t.discountCodeId, t.profileId)
      .where(sql`${t.discountCodeId} is not null`),
    index('orders_created_at_idx').on(t.createdAt.desc()),
    index('orders_profile_created_idx').on(t.profileId, t.createdAt.desc()),
    // Lists by status, newest first; with the total, the dashboard's sales per day read the index alone.
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.totalPennies),
    // The orders search (orders/order-filter.ts): postcode and name on the order from their start.
    index('orders_ship_postcode_search_idx').on(
      sql`upper(replace(${t.shipPostcode}, ' ', '')) text_pattern_ops`,
    ),
    index('orders_ship_name_search_idx').on(sql`lower(${t.shipName}) text_pattern_ops`),
    // The expiry sweep's search: pending orders whose payment page has closed.
    index('orders_pending_expiry_idx').on(t.paymentExpiresAt).where(sql`${t.status} = 'pending'`),
    index('orders_delivery_date_idx').on(t.deliveryDate, t.status),
    // The books' files: a period's paid orders in the order they were paid (books-entries.ts).
    index('orders_paid_at_idx').on(t.paidAt, t.id).where(sql`${t.paidAt} is not null`),
    index('orders_delivery_zone_idx').on(t.deliveryZoneId, t.deliveryDate),
    check(
      'orders_collection_slot_check',
      sql`(${t.collectionSlotFrom} is null) = (${t.collectionSlotTo} is null) and (${t.collectionSlotFrom} is null or ${t.fulfilment} = 'collection')`,
    ),
  ],
);

/** Every status change of an order: who, when, from, to (the order's history). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: ORDER_STATUSES }),
    toStatus: text('to_status', { enum: ORDER_STATUSES }).notNull(),
    /** customer, admin (actorId is the user), or system (expiry, payment provider). */
    actorType: text('actor_type', { enum: ['customer', 'admin', 'system'] }).notNull(),
    actorId: text('actor_id'),
    actorName: text('actor_name').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.createdAt)],
);

/** Money given back, one row per refund, made through the payment provider. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amountPennies: integer('amount_pennies').notNull(),
    reason: text('reason').notNull(),
    /** pending while the provider is asked; a failed refund no longer counts against the order. */
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    /**
     * `manual`: money taken by hand (cash, transfer), given back by hand: no provider is asked.
     * `gift_card`: given back to the gift cards that paid (their ledger, decision 044).
     * `credit`: a trade credit note taken off what an unpaid invoice asks: no money moves
     * (decision 091), but the books and revenue count it as any refund.
     */
    provider: text('provider', { enum: ['test', 'stripe', 'manual', 'gift_card', 'credit'] }).notNull(),
    providerRefundId: text('provider_refund_id').unique(),
    /** The form's one-time key: a double click or a retried request makes one refund. */
    requestKey: text('request_key').notNull(),
    actorName: text('actor_name').notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    check('refunds_amount_check', sql`${t.amountPennies} > 0`),
    uniqueIndex('refunds_request_key_idx').on(t.orderId, t.requestKey),
    index('refunds_order_idx').on(t.orderId),
  ],
);

/** Every payment a provider reported taking, whatever state the order was in: money is never lost. */
export const orderPayments = pgTable(
  'order_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /**
     * `manual`: the owner's "Mark as paid" (docs/decisions/032); its session id is its own key.
     * `gift_card`: what gift cards paid (decision 044), recorded when the order is paid.
     */
    provider: text('provider', { enum: ['test', 'stripe', 'manual', 'gift_card'] }).notNull(),
    sessionId: text('session_id').notNull(),
    paymentIntentId: text('payment_intent_id'),
    amountPennies: integer('amount_pennies').notNull(),
    currency: text('currency').notNull(),
    eventId: text('event_id').notNull(),
    /** How a manual payment was taken (cash, bank_transfer, card_in_person); null for a provider's. */
    method: text('method', { enum: ['cash', 'bank_transfer', 'card_in_person'] }),
    /** Who recorded a manual payment; null for a provider's. */
    recordedBy: text('recorded_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_payments_session_idx').on(t.provider, t.sessionId),
    index('order_payments_order_idx').on(t.orderId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Null once the product is deleted; the line keeps the name and price it was sold at. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePennies: integer('unit_price_pennies').notNull(),
    /** The VAT rate (percent) it was sold at. */
    vatRate: integer('vat_rate').notNull().default(0),
    /** A gift card bought: who it is for and when it is sent (its card is issued once paid). */
    giftCard: jsonb('gift_card').$type<GiftCardPurchase>(),
    /** A box's filling as sold: each cookie's id, name and count in ONE box (decision 042); null for a loose cookie. */
    boxContents: jsonb('box_contents').$type<BoxContents>(),
    /** Cookies baked for one unit: 1, or a box's size (capacity and the bake list count cookies). */
    cookiesEach: integer('cookies_each').notNull().default(1),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} > 0`),
    check('order_items_cookies_each_check', sql`${t.cookiesEach} > 0`),
    check('order_items_price_check', sql`${t.unitPricePennies} >= 0`),
    check('order_items_vat_rate_check', oneOf(t.vatRate, VAT_RATES)),
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_product_id_idx').on(t.productId),
  ],
);

/**
 * The dashboard's sales, per London day (of the order's placing), order status and zone: how many
 * orders, their totals and their counted refunds (decision 007), gift cards sold left out (they
 * are not revenue until spent: migration 0025, decision 049). Kept by triggers on orders and refunds
 * (migration 0013, decision 018) in the transaction that changes them, as rows of changes that
 * are only ever inserted, so concurrent payments never wait for each other here; reading sums
 * every row of a day, and `foldSales` (orders/sales-ledger.ts) folds a day's changes into one
 * `folded` row now and then.
 */
export const salesByDay = pgTable(
  'sales_by_day',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    /** SALES_ZONE of the orders: their delivery zone's id, 'collection', or null (no zone). */
    zone: text('zone'),
    orders: integer('orders').notNull(),
    totalPennies: bigint('total_pennies', { mode: 'number' }).notNull(),
    refundedPennies: bigint('refunded_pennies', { mode: 'number' }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('sales_by_day_day_idx').on(t.day),
    index('sales_by_day_unfolded_idx').on(t.day).where(sql`not ${t.folded}`),
  ],
);

/**
 * Cookies sold per London day and product (by id, and the name it was sold under) by orders in a
 * revenue status: the best sellers. Kept like `salesByDay`, by triggers on orders and order items.
 */
export const salesByDayProduct = pgTable(
  'sales_by_day_product',
  {
    day: date('day', { mode: 'string' }).notNull(),
    productId: uuid('product_id'),
    productName: text('product_name').notNull(),
    /** As `salesByDay.zone`. */
    zone: text('zone'),
    quantity: integer('quantity').notNull(),
    revenuePennies: bigint('revenue_pennies', { mode: 'number' }).notNull(),
    /** When the latest order counted here was placed: a renamed cookie shows the name it last sold under. */
    lastPlacedAt: timestamp('last_placed_at', { withTimezone: true }).notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('sales_by_day_product_day_idx').on(t.day),
    index('sales_by_day_product_unfolded_idx').on(t.day).where(sql`not ${t.folded}`),
  ],
);

/**
 * Cookies and units booked per delivery day and product (decision 057): the lines of every order
 * with a delivery date that is not cancelled, as rows of changes written by triggers on orders
 * and order items (migration 0026), so checkout's calendar and a checkout's capacity check under
 * the day's lock read a few rows per day, not every order's lines. A day's figure is the sum of
 * its rows; `foldBookings` (orders/day-bookings.ts) folds a day's changes into one row per product.
 * `productId` is null for lines whose product was deleted (their cookies still count).
 */
export const dayBookings = pgTable(
  'day_bookings',
  {
    date: date('date', { mode: 'string' }).notNull(),
    productId: uuid('product_id'),
    cookies: integer('cookies').notNull(),
    units: integer('units').notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('day_bookings_date_idx').on(t.date),
    index('day_bookings_unfolded_idx').on(t.date).where(sql`not ${t.folded}`),
  ],
);

export const deliveries = pgTable(
  'deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('preparing'),
    trackingCode: text('tracking_code'),
    driverNotes: text('driver_notes'),
    /** Why a delivery failed, as the driver put it on the run sheet. */
    failureNote: text('failure_note'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('deliveries_status_check', oneOf(t.status, DELIVERY_STATUSES)),
    uniqueIndex('deliveries_order_id_idx').on(t.orderId),
    index('deliveries_created_at_idx').on(t.createdAt.desc()),
  ],
);

/**
 * An amount asked for on an existing order on the provider's hosted page: a made-to-order job's
 * deposit or balance (and, later, a trade invoice paid by card). Its session is the order's
 * current `payment_session_id`, so the provider's confirmation comes through the same webhook
 * path and `order_payments` as any order's. At most one open request per order and purpose.
 */
export const orderPaymentRequests = pgTable(
  'order_payment_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: PART_PAYMENT_PURPOSES }).notNull(),
    amountPennies: integer('amount_pennies').notNull(),
    sessionId: text('session_id'),
    url: text('url'),
    /** Where the customer comes back to from the page (the job's own page). */
    returnPath: text('return_path'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('order_payment_requests_session_idx').on(t.sessionId),
    index('order_payment_requests_order_idx').on(t.orderId),
    check('order_payment_requests_purpose_check', oneOf(t.purpose, PART_PAYMENT_PURPOSES)),
    check('order_payment_requests_amount_check', sql`${t.amountPennies} > 0`),
  ],
);
