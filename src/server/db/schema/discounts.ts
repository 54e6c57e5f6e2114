/** Tables owned by src/server/discounts/. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DISCOUNT_KINDS } from '../../../shared/pricing/price-order';
import { createdAt, oneOf, updatedAt } from './columns';

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
