/** Tables owned by src/server/made-to-order/. */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { DEPOSIT_KINDS, ENQUIRY_STATUSES, QUOTE_STATUSES } from '../../../shared/made-to-order/made-to-order';
import { FULFILMENTS } from '../../../shared/orders/fulfilment';
import { profiles } from './account';
import { products } from './catalog';
import { bytea, createdAt, oneOf, updatedAt } from './columns';

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
