/** Tables owned by src/server/settings/. */
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns';

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
