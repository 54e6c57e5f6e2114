/** Tables owned by src/server/delivery-zones/. */
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { ZONE_METHODS } from '../../../shared/delivery-zones/zones';
import { createdAt, oneOf, updatedAt } from './columns';

/**
 * Where the shop delivers (Settings -> Delivery, decision 041): postcode rules, the
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
    check('delivery_zones_method_check', oneOf(t.method, ZONE_METHODS)),
    check('delivery_zones_fee_check', sql`${t.feePennies} >= 0`),
  ],
);
