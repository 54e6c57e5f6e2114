/** Tables owned by src/server/catalog/. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BoxFilling } from '../../../shared/boxes/box';
import { type AllergenInfo, VAT_RATES } from '../../../shared/food-information';
import { bytea, createdAt, oneOf, updatedAt } from './columns';

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
