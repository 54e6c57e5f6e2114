import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BoxContents, BoxFilling } from '../../shared/boxes/box';
import { type AllergenInfo, VAT_RATES } from '../../shared/food-information';
import {
  GIFT_CARD_MOVEMENTS,
  GIFT_CARD_STATUSES,
  type GiftCardPurchase,
} from '../../shared/gift-cards/gift-card-code';
import { DEPOSIT_KINDS, ENQUIRY_STATUSES, QUOTE_STATUSES } from '../../shared/made-to-order/made-to-order';
import { CONSENT_SOURCES } from '../../shared/marketing/consent';
import { MESSAGE_STATES } from '../../shared/message-states';
import { FULFILMENTS } from '../../shared/orders/fulfilment';
import { DELIVERY_STATUSES, ORDER_FLAGS, ORDER_STATUSES } from '../../shared/orders/statuses';
import { DISCOUNT_KINDS } from '../../shared/pricing/price-order';
import type { RecipeLine } from '../../shared/recipes/recipe';
import { INGREDIENT_UNITS } from '../../shared/recipes/units';
import { REVIEW_STATUSES } from '../../shared/reviews/reviews';
import { STANDING_ORDER_STATUSES, STANDING_RUN_STATUSES } from '../../shared/trade/standing-orders';
import { TRADE_PRICE_KINDS, TRADE_STATUSES } from '../../shared/trade/trade';

/**
 * `column in (...)` built from the TypeScript list the code uses, so a CHECK constraint allows
 * exactly the values the code knows and a new status cannot be forgotten in the database. Written
 * as the first migrations spelled them (text joined by ',', numbers by ', '), so the generated SQL
 * is the same and no migration is needed for the change.
 */
function oneOf(column: AnyPgColumn, values: readonly string[] | readonly number[]): SQL {
  const list = values.every((v) => typeof v === 'number')
    ? values.join(', ')
    : values.map((v) => `'${String(v).replaceAll("'", "''")}'`).join(',');
  return sql`${column} in (${sql.raw(list)})`;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---- Accounts (the tables better-auth's Drizzle adapter expects, under our own names) ----

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  // better-auth's two-factor plugin: a confirmed authenticator (docs/rules/accounts.md).
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /**
     * This session was made by a second factor (a code, a backup code or a trusted device) or
     * confirmed one: what the back office demands (decision 077). Sessions made any other way
     * (a sign-in before setting it up, as a customer) say false.
     */
    secondFactor: boolean('second_factor').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** better-auth's two-factor plugin: one authenticator secret (encrypted) and backup codes per user. */
export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factors_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable('verifications', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** better-auth's rate-limit counters, kept in the database so every instance shares them. */
export const authRateLimits = pgTable('auth_rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    createdAt: createdAt(),
    /** Set when the customer deleted their account: the row stays (orders point at it), scrubbed. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('profiles_created_at_idx').on(t.createdAt.desc()),
    // The orders search finds a customer by the start of their e-mail.
    index('profiles_email_search_idx').on(sql`lower(${t.email}) text_pattern_ops`),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // `admin` is the owner (the row every shop has had since the start); staff and bakers since issue 45.
    role: text('role', { enum: ['admin', 'staff', 'baker'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    // One role per person: the back office's powers never add up from two rows.
    uniqueIndex('user_roles_one_per_user').on(t.userId),
    check('user_roles_role_check', sql`${t.role} in ('admin', 'staff', 'baker')`),
  ],
);

/**
 * An owner's invitation to the back office (issue 45): the link's token is kept only as its
 * SHA-256, so a copy of the database cannot be used to join. Used once (`used_at`), for 7 days.
 */
export const staffInvites = pgTable(
  'staff_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['admin', 'staff', 'baker'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_invites_email_idx').on(t.email),
    check('staff_invites_role_check', sql`${t.role} in ('admin', 'staff', 'baker')`),
  ],
);

/**
 * The back office's activity log (issue 45, docs/rules/activity-log.md): one row per change, in the
 * change's own transaction. Append-only: a trigger refuses UPDATE and DELETE. It names the people
 * of the back office who acted, never a customer: records are referred to by their id, so a
 * deleted customer's entries stay and no longer name them.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // No foreign key: a removed person's entries stay as they were written.
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    ip: text('ip'),
    kind: text('kind').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
  },
  (t) => [
    index('activity_log_at_idx').on(t.at.desc()),
    index('activity_log_record_idx').on(t.recordType, t.recordId),
    index('activity_log_actor_idx').on(t.actorId, t.at.desc()),
  ],
);

/** A `user_roles.role` as stored. */
export type UserRoleRow = (typeof userRoles.$inferSelect)['role'];

// ---- Catalogue ----

/** Binary data (photos). PGlite gives a Uint8Array and node-postgres a Buffer (also a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    pricePennies: integer('price_pennies').notNull(),
    /** Ingredients as the owner writes them; allergens are marked *like this* and shown in bold. */
    ingredients: text('ingredients').notNull().default(''),
    /** The 14 UK allergens: contains, may_contain or free_from; a missing key is not yet assessed. */
    allergenInfo: jsonb('allergen_info').$type<AllergenInfo>().notNull().default({}),
    nutrition: jsonb('nutrition').$type<Record<string, string>>().notNull().default({}),
    netWeightGrams: integer('net_weight_grams'),
    shelfLifeDays: integer('shelf_life_days').notNull().default(7),
    storageAdvice: text('storage_advice').notNull().default(''),
    /** The owner's answer to "Is it wholly or partly covered in chocolate?" (sets the VAT rate). */
    chocolateCovered: boolean('chocolate_covered').notNull().default(false),
    /** VAT rate in percent, prices being VAT-inclusive. */
    vatRate: integer('vat_rate').notNull().default(0),
    /** The content hash of the product's photo (product_photo_files), or null for the drawn picture. */
    photoHash: text('photo_hash'),
    isActive: boolean('is_active').notNull().default(true),
    /** Still shown in the shop, but cannot be bought. */
    soldOut: boolean('sold_out').notNull().default(false),
    /** `gift_card`: sold at the amount the buyer picks, no bake day, no delivery (decision 044). */
    kind: text('kind', { enum: ['cookie', 'gift_card'] })
      .notNull()
      .default('cookie'),
    /** Limited and seasonal (decision 043): on sale from / until these London dates (inclusive); null = always. */
    onSaleFrom: date('on_sale_from', { mode: 'string' }),
    onSaleUntil: date('on_sale_until', { mode: 'string' }),
    /** The delivery (or collection) days it can be had on (inclusive); null = any bake day. */
    deliverFrom: date('deliver_from', { mode: 'string' }),
    deliverUntil: date('deliver_until', { mode: 'string' }),
    /** Order at least this many days before its day. */
    leadDays: integer('lead_days').notNull().default(0),
    /** The most units sold for one bake day, held under the day's lock; null = no limit but the day's. */
    dailyLimit: integer('daily_limit'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_check', sql`${t.pricePennies} >= 0`),
    check('products_vat_rate_check', oneOf(t.vatRate, VAT_RATES)),
    check('products_shelf_life_check', sql`${t.shelfLifeDays} > 0`),
    check('products_net_weight_check', sql`${t.netWeightGrams} > 0`),
    check('products_lead_days_check', sql`${t.leadDays} between 0 and 365`),
    check('products_daily_limit_check', sql`${t.dailyLimit} > 0`),
    index('products_active_created_idx').on(t.isActive, t.createdAt.desc()),
    index('products_created_at_idx').on(t.createdAt.desc()),
  ],
);

/**
 * A product that is a box of cookies (decision 042): its size, the cookies it may hold (null:
 * every active cookie) and, instead of the customer's choice, an optional fixed assortment.
 */
export const productBoxes = pgTable(
  'product_boxes',
  {
    productId: uuid('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: integer('size').notNull(),
    /** The cookies a customer may choose from; null = every active cookie. */
    allowedProductIds: uuid('allowed_product_ids').array(),
    /** A fixed assortment (cookie id and count, adding up to the size); null = the customer chooses. */
    fixedFilling: jsonb('fixed_filling').$type<BoxFilling>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('product_boxes_size_check', sql`${t.size} between 2 and 48`)],
);

/**
 * Product photos, stored in the database so every instance serves them: the metadata-free master
 * and its sized variants, addressed by the master's content hash (shared if two products match).
 */
export const productPhotoFiles = pgTable(
  'product_photo_files',
  {
    hash: text('hash').notNull(),
    /** 'master.webp', '400.avif', '800.avif', '400.webp' or '800.webp'. */
    variant: text('variant').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.variant] })],
);

// ---- Orders, payments and deliveries ----

/** Discount codes the owner runs (admin Discounts); uses are counted from the orders that carry one. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Upper-case letters, digits and dashes; matched case-insensitively. */
    code: text('code').notNull(),
    kind: text('kind', { enum: DISCOUNT_KINDS }).notNull(),
    /** Percent off (1-100) for `percent`, pence off for `fixed`, 0 for `free_delivery`. */
    value: integer('value').notNull(),
    minSubtotalPennies: integer('min_subtotal_pennies').notNull().default(0),
    /** London dates, inclusive; null = no bound. */
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    maxUses: integer('max_uses'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_idx').on(sql`upper(${t.code})`),
    check('discount_codes_kind_check', oneOf(t.kind, DISCOUNT_KINDS)),
    check(
      'discount_codes_value_check',
      sql`(${t.kind} = 'percent' and ${t.value} between 1 and 100) or (${t.kind} = 'fixed' and ${t.value} > 0) or (${t.kind} = 'free_delivery' and ${t.value} = 0)`,
    ),
    check('discount_codes_min_check', sql`${t.minSubtotalPennies} >= 0`),
    check('discount_codes_max_uses_check', sql`${t.maxUses} is null or ${t.maxUses} > 0`),
  ],
);

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
     * The delivery zone the server found for `ship_postcode` when ordered (issue 30), kept by name
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
    index('orders_delivery_zone_idx').on(t.deliveryZoneId, t.deliveryDate),
    check(
      'orders_collection_slot_check',
      sql`(${t.collectionSlotFrom} is null) = (${t.collectionSlotTo} is null) and (${t.collectionSlotFrom} is null or ${t.fulfilment} = 'collection')`,
    ),
  ],
);

/**
 * Where the shop delivers (Settings -> Delivery, issue 30, decision 041): postcode rules, the
 * method, fee, threshold, minimum, weekdays, cut-off and cap. Kept in memory per catalogue
 * version (decision 056): every write bumps it, so an order on any instance prices by the zones
 * as they are. No rows = the shop delivers everywhere at the Settings fee (as before zones).
 */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    postcodes: text('postcodes').array().notNull(),
    /** 'van' | 'post' | 'none' (no delivery: the customer is offered collection). */
    method: text('method').notNull(),
    feePennies: integer('fee_pennies').notNull().default(0),
    freeOverPennies: integer('free_over_pennies'),
    minimumOrderPennies: integer('minimum_order_pennies'),
    weekdays: integer('weekdays').array().notNull().default(sql`'{}'::integer[]`),
    cutoffTime: text('cutoff_time'),
    cutoffDaysBefore: integer('cutoff_days_before'),
    dailyOrderCap: integer('daily_order_cap'),
    serviceCode: text('service_code'),
    transitDays: text('transit_days'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('delivery_zones_method_check', sql`${t.method} in ('van','post','none')`),
    check('delivery_zones_fee_check', sql`${t.feePennies} >= 0`),
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
     */
    provider: text('provider', { enum: ['test', 'stripe', 'manual', 'gift_card'] }).notNull(),
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

// ---- Gift cards (owned by src/server/gift-cards, decision 044) ----

/**
 * A gift card: the code itself is never stored, only its SHA-256 (a leaked database hands out no
 * card) and its last 4 characters to show. The balance is the sum of its ledger.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    last4: text('last4').notNull(),
    /** What it was issued for, in pence (GBP). */
    initialPennies: integer('initial_pennies').notNull(),
    status: text('status', { enum: GIFT_CARD_STATUSES }).notNull().default('active'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The order that bought it; null when the owner issued it by hand. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    recipientName: text('recipient_name'),
    recipientEmail: text('recipient_email'),
    message: text('message'),
    /** The London date its e-mail goes out (bought cards). */
    sendOn: date('send_on', { mode: 'string' }),
    /** When its e-mail was queued for the recipient (last time, when resent). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    issuedBy: text('issued_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('gift_cards_initial_check', sql`${t.initialPennies} > 0`),
    check('gift_cards_status_check', oneOf(t.status, GIFT_CARD_STATUSES)),
    index('gift_cards_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
    index('gift_cards_unsent_idx').on(t.sendOn).where(sql`${t.sentAt} is null and ${t.orderId} is not null`),
    index('gift_cards_created_idx').on(t.createdAt.desc()),
  ],
);

/** Every movement of a card's balance (issued, held, released, spent, refunded, adjusted, expired). */
export const giftCardLedger = pgTable(
  'gift_card_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cardId: uuid('card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: GIFT_CARD_MOVEMENTS }).notNull(),
    /** Signed pence: what this movement adds to the balance. */
    amountPennies: integer('amount_pennies').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    actorType: text('actor_type', { enum: ['customer', 'admin', 'system'] }).notNull(),
    actorName: text('actor_name').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('gift_card_ledger_kind_check', oneOf(t.kind, GIFT_CARD_MOVEMENTS)),
    check(
      'gift_card_ledger_sign_check',
      sql`(${t.kind} in ('issued','released','refunded') and ${t.amountPennies} > 0) or (${t.kind} in ('held','spent','expired') and ${t.amountPennies} < 0) or (${t.kind} = 'adjusted' and ${t.amountPennies} <> 0)`,
    ),
    index('gift_card_ledger_card_idx').on(t.cardId, t.createdAt),
    index('gift_card_ledger_order_idx').on(t.orderId).where(sql`${t.orderId} is not null`),
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

/** Provider events already handled, so a repeated webhook changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

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

// ---- Contact and e-mail ----

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    /**
     * Who sent it, when they were signed in: "Download my data" hands a message to this account,
     * never to whoever later signs up with the address typed (decision 031).
     */
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The owner's reading of it: unread (new), read, or handled (answered, nothing left to do). */
    state: text('state', { enum: MESSAGE_STATES }).notNull().default('unread'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_at_idx').on(t.createdAt.desc()),
    check('contact_messages_state_check', oneOf(t.state, MESSAGE_STATES)),
    // The sidebar counts unread messages on every admin page.
    index('contact_messages_unread_idx').on(t.createdAt).where(sql`${t.state} = 'unread'`),
    index('contact_messages_user_id_idx').on(t.userId).where(sql`${t.userId} is not null`),
  ],
);

/** Every outgoing e-mail waits here until delivered; dedupeKey makes "send once" hold. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    kind: text('kind').notNull(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Extra headers, e.g. a marketing e-mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'logged', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // The admin E-mails page, newest first: ~1 ms instead of sorting the outbox (~170 ms at 100,000).
    index('email_outbox_created_at_idx').on(t.createdAt.desc()),
  ],
);

/** Fixed-window counters for our own rate limits (contact, checkout), shared by every instance. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Version counters that let every instance notice a change (e.g. the catalogue) and drop its caches. */
export const changeCounters = pgTable('change_counters', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

// ---- Bake days (owned by src/server/bake-days) ----

/** The owner's weekly template: one row (id 1), written by the Bake Days page. */
export const bakeDayTemplate = pgTable(
  'bake_day_template',
  {
    id: integer('id').primaryKey().default(1),
    /** 0 = Sunday ... 6 = Saturday. */
    deliveryWeekdays: integer('delivery_weekdays').array().notNull().default(sql`'{2,3,4,5,6}'::integer[]`),
    /** Weekdays customers may collect; null = the delivery weekdays (until the owner chooses). */
    collectionWeekdays: integer('collection_weekdays').array(),
    /** Weekdays the bakery works, where cut-offs fall; null = Monday to Saturday (decision 034). */
    workingWeekdays: integer('working_weekdays').array(),
    /** London wall-clock time, 'HH:MM'. */
    cutoffTime: text('cutoff_time').notNull().default('14:00'),
    cutoffDaysBefore: integer('cutoff_days_before').notNull().default(1),
    horizonDays: integer('horizon_days').notNull().default(21),
    capacityCookies: integer('capacity_cookies').notNull().default(300),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('bake_day_template_single_row', sql`${t.id} = 1`),
    check('bake_day_template_capacity_check', sql`${t.capacityCookies} >= 0`),
  ],
);

/** A date the owner changed: closed with a note, or another capacity. */
export const bakeDayOverrides = pgTable(
  'bake_day_overrides',
  {
    date: date('date', { mode: 'string' }).primaryKey(),
    closed: boolean('closed').notNull().default(false),
    capacityCookies: integer('capacity_cookies'),
    note: text('note'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'bake_day_overrides_capacity_check',
      sql`${t.capacityCookies} is null or ${t.capacityCookies} >= 0`,
    ),
    check('bake_day_overrides_meaning_check', sql`${t.closed} or ${t.capacityCookies} is not null`),
  ],
);

// ---- Recipes and production (owned by src/server/recipes, issue 46) ----

/** What the owner bakes with: its unit, its allergens, and optionally its price and pack size. */
export const ingredients = pgTable(
  'ingredients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    unit: text('unit', { enum: INGREDIENT_UNITS }).notNull(),
    /** Allergen keys (shared/food-information.ts) it contains, and may contain. */
    contains: text('contains').array().notNull().default(sql`'{}'::text[]`),
    mayContain: text('may_contain').array().notNull().default(sql`'{}'::text[]`),
    /** For an ingredient counted "each": what one weighs, to place it in the list by weight. */
    gramsEach: integer('grams_each'),
    /** Pennies per kg (g), per litre (ml) or per piece (each). */
    pricePennies: integer('price_pennies'),
    /** The pack it is bought in, in its unit. */
    packSize: integer('pack_size'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('ingredients_name_idx').on(sql`lower(${t.name})`),
    check('ingredients_unit_check', oneOf(t.unit, INGREDIENT_UNITS)),
    check('ingredients_grams_each_check', sql`${t.gramsEach} > 0`),
    check('ingredients_price_check', sql`${t.pricePennies} >= 0`),
    check('ingredients_pack_size_check', sql`${t.packSize} > 0`),
  ],
);

/**
 * A product's recipe (one per product), or a sub-recipe (no product) that several use, made in
 * grams. Its lines are kept as JSON in each ingredient's own unit; the service checks that every
 * ingredient and sub-recipe they name exists, and refuses to delete one still in use.
 */
export const recipes = pgTable(
  'recipes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .unique()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    cookiesPerBatch: integer('cookies_per_batch'),
    mixerMaxCookies: integer('mixer_max_cookies'),
    wastePercent: integer('waste_percent').notNull().default(0),
    yieldGrams: integer('yield_grams'),
    lines: jsonb('lines').$type<RecipeLine[]>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A product's recipe makes cookies; a sub-recipe makes grams.
    check(
      'recipes_kind_check',
      sql`(${t.productId} is not null and ${t.cookiesPerBatch} > 0 and ${t.mixerMaxCookies} > 0 and ${t.yieldGrams} is null) or (${t.productId} is null and ${t.yieldGrams} > 0)`,
    ),
    check('recipes_waste_check', sql`${t.wastePercent} between 0 and 100`),
  ],
);

/** Extra cookies of a product the owner bakes for the counter on a bake day. */
export const productionExtras = pgTable(
  'production_extras',
  {
    date: date('date', { mode: 'string' }).notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    cookies: integer('cookies').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.date, t.productId] }),
    check('production_extras_cookies_check', sql`${t.cookies} > 0`),
  ],
);

/** When a bake day's production sheet was last printed, so later order changes can be flagged. */
export const productionPrints = pgTable('production_prints', {
  date: date('date', { mode: 'string' }).primaryKey(),
  printedAt: timestamp('printed_at', { withTimezone: true }).notNull(),
});

// ---- Shop settings (owned by src/server/settings) ----

/** What the owner edits on the Settings page: one row (id 1); absent = the configured defaults. */
export const shopSettings = pgTable(
  'shop_settings',
  {
    id: integer('id').primaryKey().default(1),
    deliveryFeePennies: integer('delivery_fee_pennies').notNull(),
    /** Free delivery from this many pence of cookies (after discount); null = never free. */
    freeDeliveryOverPennies: integer('free_delivery_over_pennies'),
    collectionEnabled: boolean('collection_enabled').notNull().default(false),
    collectionAddress: text('collection_address').notNull().default(''),
    collectionHours: text('collection_hours').notNull().default(''),
    /** Collection time slots (decision 084): 15, 30 or 60 minutes; null = no slots, any time in the hours. */
    collectionSlotMinutes: integer('collection_slot_minutes'),
    /** The first slot's start and the last one's end, 'HH:MM' London time. */
    collectionSlotOpens: text('collection_slot_opens'),
    collectionSlotCloses: text('collection_slot_closes'),
    /** Orders each slot takes. */
    collectionSlotCap: integer('collection_slot_cap'),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('shop_settings_single_row', sql`${t.id} = 1`),
    check('shop_settings_fee_check', sql`${t.deliveryFeePennies} >= 0`),
    check(
      'shop_settings_free_delivery_check',
      sql`${t.freeDeliveryOverPennies} is null or ${t.freeDeliveryOverPennies} > 0`,
    ),
    check(
      'shop_settings_collection_slots_check',
      sql`${t.collectionSlotMinutes} is null or (${t.collectionSlotMinutes} in (15, 30, 60)
        and ${t.collectionSlotCap} between 1 and 100
        and ${t.collectionSlotOpens} ~ '^[0-2][0-9]:[0-5][0-9]$' and ${t.collectionSlotCloses} ~ '^[0-2][0-9]:[0-5][0-9]$'
        and ${t.collectionSlotOpens} < ${t.collectionSlotCloses})`,
    ),
  ],
);

// ---- Legal information (owned by src/server/legal) ----

/** Who we are (issue 49): the trader's details the owner sets in Settings; one row (id 1). */
export const traderDetails = pgTable(
  'trader_details',
  {
    id: integer('id').primaryKey().default(1),
    legalName: text('legal_name').notNull().default(''),
    address: text('address').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    companyNumber: text('company_number').notNull().default(''),
    registeredOffice: text('registered_office').notNull().default(''),
    vatNumber: text('vat_number').notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [check('trader_details_single_row', sql`${t.id} = 1`)],
);

/**
 * Every version of the terms of sale, never changed or removed (a trigger refuses it): an order
 * keeps the version its customer accepted, and /terms/VERSION shows it for good.
 */
export const termsVersions = pgTable('terms_versions', {
  version: integer('version').primaryKey(),
  body: text('body').notNull(),
  createdAt: createdAt(),
});

// ---- Backups (owned by src/server/backup) ----

/**
 * Every backup the shop took or tried (docs/decisions/027): kept in the database, so every
 * instance shows the owner the same "Last backup". Not itself backed up.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Why it was taken: scheduled, manual (npm run backup), before-migration, before-restore. */
    reason: text('reason').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    /** The file written, if one was. */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    /** Written, restored into a scratch database and found equal to its manifest (and copied, with BACKUP_COMMAND). */
    verified: boolean('verified').notNull(),
    /** Why it failed; null when verified. */
    error: text('error'),
  },
  (t) => [index('backup_runs_finished_idx').on(t.finishedAt)],
);

// ---- The Cookie Club (subscriptions, issue 33; docs/decisions/045) ----

/**
 * A customer's Cookie Club membership: what comes (a product, which may be a box, and how many),
 * how often, on which weekday, and the saved card each box is charged to.
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
    /** 0 = Sunday ... 6 = Saturday (London), the weekday boxes are delivered on. */
    weekday: integer('weekday').notNull(),
    /** awaiting_card (joined, first card not saved yet), active, paused, failing, cancelled. */
    status: text('status').notNull().default('awaiting_card'),
    /** Paused until this date (resumes on it); null while paused until resumed. */
    pausedUntil: date('paused_until', { mode: 'string' }),
    /** The next box's date by the cadence: the scheduler makes it `SUBSCRIPTION_LEAD_DAYS` before. */
    nextBoxDate: date('next_box_date', { mode: 'string' }).notNull(),
    /** The provider the card is saved with, and its references (Stripe customer and PaymentMethod). */
    paymentProvider: text('payment_provider', { enum: ['test', 'stripe'] }).notNull(),
    providerCustomerId: text('provider_customer_id'),
    paymentMethodId: text('payment_method_id'),
    /** "Visa ending 4242", as the customer recognises it. */
    cardLabel: text('card_label'),
    /** The hosted page open to save (or update) the card: the setup's own id. */
    setupSessionId: text('setup_session_id').unique(),
    /** The price per box including delivery the customer was last told (a change is e-mailed first). */
    quotedPennies: integer('quoted_pennies').notNull(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('awaiting_card','active','paused','failing','cancelled')`,
    ),
    check('subscriptions_every_weeks_check', sql`${t.everyWeeks} in (2, 4)`),
    check('subscriptions_weekday_check', sql`${t.weekday} between 0 and 6`),
    check('subscriptions_quantity_check', sql`${t.quantity} between 1 and 500`),
    index('subscriptions_profile_idx').on(t.profileId),
    index('subscriptions_due_idx').on(t.nextBoxDate).where(sql`${t.status} in ('active','failing','paused')`),
  ],
);

/**
 * One box of a subscription: made once per (subscription, box date) as a real order, and charged
 * with one idempotency key per attempt (docs/decisions/045).
 */
export const subscriptionBoxes = pgTable(
  'subscription_boxes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => subscriptions.id, { onDelete: 'cascade' }),
    /** The date the cadence gave it; unique per subscription, whatever day it moved to. */
    boxDate: date('box_date', { mode: 'string' }).notNull(),
    /** The bake day it was booked on (the box date, or the next open day when that was full or closed). */
    deliveryDate: date('delivery_date', { mode: 'string' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** skipped, due (to charge), charging, paid, missed (unpaid at its cut-off), refunded. */
    status: text('status').notNull(),
    totalPennies: integer('total_pennies').notNull().default(0),
    /** Charges tried; the provider's idempotency key is `club-<box id>-<attempt>`. */
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
    uniqueIndex('subscription_boxes_once_idx').on(t.subscriptionId, t.boxDate),
    uniqueIndex('subscription_boxes_order_idx').on(t.orderId),
    check(
      'subscription_boxes_status_check',
      sql`${t.status} in ('skipped','due','charging','paid','missed','refunded')`,
    ),
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

/**
 * A buyer's review of a cookie they bought, once per order line (issue 50). Only the owner's
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
    check('product_reviews_status_check', sql`${t.status} in ('pending','approved','hidden')`),
    index('product_reviews_product_idx').on(t.productId, t.status, t.createdAt),
  ],
);

// ---- Marketing consent, basket reminders, back-in-stock (owned by src/server/marketing) ----

/**
 * Every marketing consent given or withdrawn, never changed or removed (a trigger refuses it): the
 * newest row of a customer is their choice now; each keeps the words they were shown and where.
 */
export const marketingConsents = pgTable(
  'marketing_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    given: boolean('given').notNull(),
    wording: text('wording').notNull(),
    source: text('source', { enum: CONSENT_SOURCES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('marketing_consents_profile_idx').on(t.profileId, t.createdAt),
    check('marketing_consents_source_check', oneOf(t.source, CONSENT_SOURCES)),
  ],
);

/**
 * A signed-in customer's basket as the shop last priced it (the basket itself lives in the
 * browser): what a reminder lists, when it was last touched, and when it was reminded of.
 */
export const savedBaskets = pgTable('saved_baskets', {
  profileId: text('profile_id')
    .primaryKey()
    .references(() => profiles.id, { onDelete: 'cascade' }),
  lines: jsonb('lines').$type<{ name: string; quantity: number }[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  remindedAt: timestamp('reminded_at', { withTimezone: true }),
});

/** "Tell me when it's back": one e-mail per request when a sold-out product can be ordered again. */
export const stockAlerts = pgTable(
  'stock_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** A limited product's sold-out day the request is for; null: the product itself is sold out. */
    bakeDate: date('bake_date', { mode: 'string' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    // One waiting request per address, product and day: asking twice is asking once.
    uniqueIndex('stock_alerts_waiting_idx')
      .on(t.productId, sql`lower(${t.email})`, sql`coalesce(${t.bakeDate}, '-infinity'::date)`)
      .where(sql`${t.sentAt} is null and ${t.stoppedAt} is null`),
  ],
);

// ---- Trade customers (decision 082, docs/rules/trade.md) ----

/**
 * A business that buys on account: applied for by a signed-in customer (one per account),
 * approved or declined by the owner. Terms, credit limit and zone are the owner's to set.
 */
export const tradeAccounts = pgTable(
  'trade_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'restrict' }),
    businessName: text('business_name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    vatNumber: text('vat_number'),
    status: text('status', { enum: TRADE_STATUSES }).notNull().default('applied'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    creditLimitPennies: integer('credit_limit_pennies').notNull().default(0),
    deliveryZoneId: uuid('delivery_zone_id').references(() => deliveryZones.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('trade_accounts_profile_idx').on(t.profileId),
    check('trade_accounts_status_check', oneOf(t.status, TRADE_STATUSES)),
    check('trade_accounts_terms_check', sql`${t.paymentTermsDays} between 0 and 120`),
    check('trade_accounts_credit_check', sql`${t.creditLimitPennies} >= 0`),
  ],
);

/**
 * One product on one account's price list: a fixed price ex VAT (kept as typed, whatever retail
 * does later) or a percentage off retail ex VAT, with its case size and minimum.
 */
export const tradePrices = pgTable(
  'trade_prices',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TRADE_PRICE_KINDS }).notNull(),
    fixedPenniesExVat: integer('fixed_pennies_ex_vat'),
    percentOff: integer('percent_off'),
    caseSize: integer('case_size').notNull().default(1),
    minQuantity: integer('min_quantity').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.productId] }),
    check('trade_prices_kind_check', oneOf(t.kind, TRADE_PRICE_KINDS)),
    check(
      'trade_prices_amount_check',
      sql`(${t.kind} = 'fixed' and ${t.fixedPenniesExVat} >= 0 and ${t.percentOff} is null) or (${t.kind} = 'percent' and ${t.percentOff} between 0 and 90 and ${t.fixedPenniesExVat} is null)`,
    ),
    check('trade_prices_case_check', sql`${t.caseSize} between 1 and 500`),
    check('trade_prices_min_check', sql`${t.minQuantity} between 0 and 5000`),
  ],
);

// ---- Made to order (issue 48, decision 086) ----

/** A customer's made-to-order enquiry: signed in or not (an e-mail is enough). */
export const madeToOrderEnquiries = pgTable(
  'made_to_order_enquiries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The signed-in account that asked (the session's), if any. */
    profileId: text('profile_id').references(() => profiles.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    occasion: text('occasion').notNull(),
    dateWanted: date('date_wanted', { mode: 'string' }).notNull(),
    fulfilment: text('fulfilment', { enum: FULFILMENTS }).notNull(),
    quantity: integer('quantity').notNull(),
    wording: text('wording').notNull().default(''),
    designNotes: text('design_notes').notNull().default(''),
    budgetPennies: integer('budget_pennies'),
    status: text('status', { enum: ENQUIRY_STATUSES }).notNull().default('new'),
    declineMessage: text('decline_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('made_to_order_enquiries_quantity_check', sql`${t.quantity} between 1 and 5000`),
    check('made_to_order_enquiries_status_check', oneOf(t.status, ENQUIRY_STATUSES)),
    check('made_to_order_enquiries_fulfilment_check', oneOf(t.fulfilment, FULFILMENTS)),
    check('made_to_order_enquiries_budget_check', sql`${t.budgetPennies} is null or ${t.budgetPennies} >= 0`),
    index('made_to_order_enquiries_created_idx').on(t.createdAt.desc()),
  ],
);

/** Up to 3 reference pictures of an enquiry: the metadata-free master product photos keep. */
export const madeToOrderPictures = pgTable(
  'made_to_order_pictures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => madeToOrderEnquiries.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('made_to_order_pictures_position_idx').on(t.enquiryId, t.position),
    check('made_to_order_pictures_position_check', sql`${t.position} between 1 and 3`),
  ],
);

/**
 * The owner's quote for an enquiry, reached by the customer through its unguessable token. The
 * money is kept as `quoteMoney` (src/shared/made-to-order) computed it when the quote was sent.
 */
export const madeToOrderQuotes = pgTable(
  'made_to_order_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => madeToOrderEnquiries.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    status: text('status', { enum: QUOTE_STATUSES }).notNull().default('sent'),
    deliveryPennies: integer('delivery_pennies').notNull(),
    subtotalPennies: integer('subtotal_pennies').notNull(),
    totalPennies: integer('total_pennies').notNull(),
    depositKind: text('deposit_kind', { enum: DEPOSIT_KINDS }).notNull(),
    /** Percent (0-100) or pence, as the owner typed it; `deposit_pennies` is what it comes to. */
    depositValue: integer('deposit_value').notNull(),
    depositPennies: integer('deposit_pennies').notNull(),
    balanceDaysBefore: integer('balance_days_before').notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    /** How many of the day's cookies the job uses (booked against the day's capacity). */
    cookies: integer('cookies').notNull(),
    message: text('message').notNull().default(''),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('made_to_order_quotes_token_idx').on(t.token),
    // One quote an enquiry may still accept: a new quote replaces the one sent before.
    uniqueIndex('made_to_order_quotes_open_idx').on(t.enquiryId).where(sql`${t.status} = 'sent'`),
    check('made_to_order_quotes_status_check', oneOf(t.status, QUOTE_STATUSES)),
    check('made_to_order_quotes_deposit_kind_check', oneOf(t.depositKind, DEPOSIT_KINDS)),
    check(
      'made_to_order_quotes_total_check',
      sql`${t.totalPennies} = ${t.subtotalPennies} + ${t.deliveryPennies} and ${t.deliveryPennies} >= 0`,
    ),
    check('made_to_order_quotes_deposit_check', sql`${t.depositPennies} between 0 and ${t.totalPennies}`),
    check('made_to_order_quotes_days_check', sql`${t.balanceDaysBefore} between 0 and 60`),
    check('made_to_order_quotes_cookies_check', sql`${t.cookies} between 1 and 5000`),
  ],
);

export const madeToOrderQuoteLines = pgTable(
  'made_to_order_quote_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => madeToOrderQuotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPricePennies: integer('unit_price_pennies').notNull(),
  },
  (t) => [
    index('made_to_order_quote_lines_quote_idx').on(t.quoteId),
    check('made_to_order_quote_lines_quantity_check', sql`${t.quantity} between 1 and 5000`),
    check('made_to_order_quote_lines_price_check', sql`${t.unitPricePennies} >= 0`),
  ],
);

// ---- Trade orders on account and their VAT invoices (decision 085, docs/rules/trade.md) ----

/**
 * An order placed on account by a trade customer: the `orders` row (which books its day) plus
 * the lines as `priceTradeLines` priced them, ex VAT, so its invoice copies them and never
 * recomputes them. The order's `total_pennies` is this row's `total_pennies`.
 */
export const tradeOrders = pgTable(
  'trade_orders',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'restrict' }),
    /** `TradeLine[]` as priced when placed (unit ex VAT, rate, net, VAT per line). */
    lines: jsonb('lines')
      .$type<
        {
          productId: string;
          name: string;
          quantity: number;
          unitPenniesExVat: number;
          vatRate: number;
          netPennies: number;
          vatPennies: number;
        }[]
      >()
      .notNull(),
    netPennies: integer('net_pennies').notNull(),
    vatPennies: integer('vat_pennies').notNull(),
    totalPennies: integer('total_pennies').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('trade_orders_account_idx').on(t.accountId, t.createdAt.desc()),
    check('trade_orders_total_check', sql`${t.totalPennies} = ${t.netPennies} + ${t.vatPennies}`),
  ],
);

/**
 * The last number used of each document sequence ('invoice', later 'credit_note'): the next
 * number is taken by updating this row in the invoice's own transaction, so numbers have no gaps
 * (a rolled-back invoice gives its number back) and no duplicates (the row lock queues them).
 */
export const tradeDocumentCounters = pgTable('trade_document_counters', {
  sequence: text('sequence').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * A full VAT invoice for one delivered trade order: everything HMRC asks for, copied when
 * issued (the shop's and the customer's details, the lines), so a later edit changes no invoice.
 * Paid is recorded by the owner (bank transfer) or by a card payment.
 */
export const tradeInvoices = pgTable(
  'trade_invoices',
  {
    number: integer('number').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'restrict' }),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    /** The date of supply (the tax point): the day it was delivered. */
    suppliedOn: date('supplied_on', { mode: 'string' }).notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    sellerName: text('seller_name').notNull(),
    sellerAddress: text('seller_address').notNull(),
    sellerVatNumber: text('seller_vat_number').notNull(),
    customerName: text('customer_name').notNull(),
    customerAddress: text('customer_address').notNull(),
    customerVatNumber: text('customer_vat_number'),
    netPennies: integer('net_pennies').notNull(),
    vatPennies: integer('vat_pennies').notNull(),
    totalPennies: integer('total_pennies').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** 'bank_transfer' (marked by the owner) or 'card'. */
    paidBy: text('paid_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trade_invoices_order_idx').on(t.orderId),
    index('trade_invoices_account_idx').on(t.accountId, t.issuedOn),
    check('trade_invoices_number_check', sql`${t.number} > 0`),
    check('trade_invoices_total_check', sql`${t.totalPennies} = ${t.netPennies} + ${t.vatPennies}`),
    check('trade_invoices_paid_check', sql`(${t.paidAt} is null) = (${t.paidBy} is null)`),
  ],
);

/** One line of a trade invoice: quantity, unit price ex VAT, VAT rate and amount. */
export const tradeInvoiceLines = pgTable(
  'trade_invoice_lines',
  {
    invoiceNumber: integer('invoice_number')
      .notNull()
      .references(() => tradeInvoices.number, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPenniesExVat: integer('unit_pennies_ex_vat').notNull(),
    vatRate: integer('vat_rate').notNull(),
    netPennies: integer('net_pennies').notNull(),
    vatPennies: integer('vat_pennies').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.invoiceNumber, t.position] }),
    check('trade_invoice_lines_vat_rate_check', oneOf(t.vatRate, VAT_RATES)),
    check('trade_invoice_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

// ---- Standing orders for trade customers (decision 089, docs/rules/trade.md) ----

/**
 * The same cookies on the same weekdays for one trade account: each day is made into a real
 * trade order shortly before its cut-off by the sweep. `lines` are product ids and quantities
 * only; prices are the account's list on the day the order is made.
 */
export const standingOrders = pgTable(
  'standing_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'cascade' }),
    /** 0 = Sunday ... 6 = Saturday, as the bake calendar counts them. */
    weekdays: integer('weekdays').array().notNull(),
    lines: jsonb('lines').$type<{ productId: string; quantity: number }[]>().notNull(),
    status: text('status', { enum: STANDING_ORDER_STATUSES }).notNull().default('active'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('standing_orders_account_idx').on(t.accountId),
    check('standing_orders_status_check', oneOf(t.status, STANDING_ORDER_STATUSES)),
    check(
      'standing_orders_weekdays_check',
      sql`cardinality(${t.weekdays}) > 0 and ${t.weekdays} <@ array[0,1,2,3,4,5,6]`,
    ),
  ],
);

/**
 * One standing order's delivery day: made (its order), skipped, or not made with the reason. The
 * unique (standing order, date) is what makes a day once, however many sweeps run at once.
 */
export const standingOrderRuns = pgTable(
  'standing_order_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    standingOrderId: uuid('standing_order_id')
      .notNull()
      .references(() => standingOrders.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status', { enum: STANDING_RUN_STATUSES }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('standing_order_runs_day_idx').on(t.standingOrderId, t.date),
    check('standing_order_runs_status_check', oneOf(t.status, STANDING_RUN_STATUSES)),
  ],
);
