/** Tables owned by src/server/bake-days/. */
import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

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
