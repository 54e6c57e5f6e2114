/** Tables owned by src/server/trade/. */
import { sql } from 'drizzle-orm';
import {
  check,
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
import { VAT_RATES } from '../../../shared/food-information';
import { CREDIT_NOTE_REASONS, CREDIT_NOTE_SETTLEMENTS } from '../../../shared/trade/credit-notes';
import { STANDING_ORDER_STATUSES, STANDING_RUN_STATUSES } from '../../../shared/trade/standing-orders';
import { TRADE_PRICE_KINDS, TRADE_STATUSES, type TradeLine } from '../../../shared/trade/trade';
import { profiles } from './account';
import { products } from './catalog';
import { createdAt, oneOf, updatedAt } from './columns';
import { deliveryZones } from './delivery-zones';
import { orders } from './orders';

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
    lines: jsonb('lines').$type<TradeLine[]>().notNull(),
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

/**
 * A credit note against one issued invoice, for cookies short on the day or returned: numbered
 * CN-000001 on from its own sequence, priced at the invoice's unit prices (decision 091). On an
 * unpaid invoice it lowers what the invoice asks; on one paid by bank transfer the money is given
 * back by transfer.
 */
export const tradeCreditNotes = pgTable(
  'trade_credit_notes',
  {
    number: integer('number').primaryKey(),
    invoiceNumber: integer('invoice_number')
      .notNull()
      .references(() => tradeInvoices.number, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => tradeAccounts.id, { onDelete: 'restrict' }),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    reason: text('reason', { enum: CREDIT_NOTE_REASONS }).notNull(),
    note: text('note'),
    /** 'invoice' (taken off what the invoice asks) or 'bank_transfer' (paid back). */
    settledBy: text('settled_by', { enum: CREDIT_NOTE_SETTLEMENTS }).notNull(),
    netPennies: integer('net_pennies').notNull(),
    vatPennies: integer('vat_pennies').notNull(),
    totalPennies: integer('total_pennies').notNull(),
    issuedBy: text('issued_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('trade_credit_notes_invoice_idx').on(t.invoiceNumber),
    check('trade_credit_notes_number_check', sql`${t.number} > 0`),
    check(
      'trade_credit_notes_total_check',
      sql`${t.totalPennies} = ${t.netPennies} + ${t.vatPennies} and ${t.totalPennies} > 0`,
    ),
    check('trade_credit_notes_reason_check', oneOf(t.reason, CREDIT_NOTE_REASONS)),
    check('trade_credit_notes_settled_check', oneOf(t.settledBy, CREDIT_NOTE_SETTLEMENTS)),
  ],
);

/** One line of a credit note: which invoice line it credits, how many, at the invoice's price. */
export const tradeCreditNoteLines = pgTable(
  'trade_credit_note_lines',
  {
    creditNoteNumber: integer('credit_note_number')
      .notNull()
      .references(() => tradeCreditNotes.number, { onDelete: 'cascade' }),
    /** The invoice line's position: what has been credited of it is summed from here. */
    invoicePosition: integer('invoice_position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPenniesExVat: integer('unit_pennies_ex_vat').notNull(),
    vatRate: integer('vat_rate').notNull(),
    netPennies: integer('net_pennies').notNull(),
    vatPennies: integer('vat_pennies').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.creditNoteNumber, t.invoicePosition] }),
    check('trade_credit_note_lines_vat_rate_check', oneOf(t.vatRate, VAT_RATES)),
    check('trade_credit_note_lines_quantity_check', sql`${t.quantity} > 0`),
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
    updatedAt: updatedAt(),
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
