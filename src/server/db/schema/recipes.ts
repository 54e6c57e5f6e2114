/** Tables owned by src/server/recipes/. */
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RecipeLine } from '../../../shared/recipes/recipe';
import { INGREDIENT_UNITS } from '../../../shared/recipes/units';
import { products } from './catalog';
import { createdAt, oneOf, updatedAt } from './columns';

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
