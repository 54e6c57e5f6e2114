/** Tables owned by src/server/marketing/. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CONSENT_SOURCES } from '../../../shared/marketing/consent';
import { profiles } from './account';
import { products } from './catalog';
import { createdAt, oneOf } from './columns';

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
