/** Tables owned by src/server/legal/. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Who we are: the trader's details the owner sets in Settings; one row (id 1). */
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
