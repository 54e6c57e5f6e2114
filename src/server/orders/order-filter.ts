import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { COLLECTION_ZONE, type OrderFilter } from '~/shared/orders/schemas';
import { SHOP_TIME_ZONE } from '~/shared/time/london-time';
import { accountsMatching } from '../account/customers';
import { escapeLike } from '../db/escape-like';
import { orders } from '../db/schema';

/** Start of a London day as a timestamp (midnight in London, summer time or not). */
const londonMidnight = (day: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${SHOP_TIME_ZONE})`;

/**
 * What the search box matches, each through a btree index (no trigram extension needed, so it
 * works on PGlite and PostgreSQL alike):
 * - an order number: the first characters of the id (`#` optional) -> a range on the primary key;
 * - a postcode: its start, ignoring spaces and case -> `orders_ship_postcode_search_idx`;
 * - a customer's e-mail (start) or name (any part; the name on the order from its start) ->
 *   the matching accounts (a small table, the account module's `accountsMatching`) then
 *   `orders_profile_created_idx`, or `orders_ship_name_search_idx`.
 */
function searchCondition(q: string): SQL {
  const text = q.toLowerCase();
  const like = `${escapeLike(text)}%`;
  const postcode = `${escapeLike(q.replace(/\s+/g, '').toUpperCase())}%`;
  const conditions: SQL[] = [
    sql`upper(replace(${orders.shipPostcode}, ' ', '')) like ${postcode}`,
    sql`lower(${orders.shipName}) like ${like}`,
    sql`${orders.profileId} in (${accountsMatching(q)})`,
  ];
  const number = q.replace(/^#/, '').toLowerCase();
  if (/^[0-9a-f]{1,8}$/.test(number)) {
    // Every uuid starting with these characters lies between the lowest and highest completion.
    const low = `${number.padEnd(8, '0')}-0000-0000-0000-000000000000`;
    const high = `${number.padEnd(8, 'f')}-ffff-ffff-ffff-ffffffffffff`;
    conditions.push(sql`${orders.id} between ${low}::uuid and ${high}::uuid`);
  }
  return or(...conditions)!;
}

/** Orders of a zone (through orders_delivery_zone_idx), or those collected: as `sales_zone` (migration 0025). */
export const zoneCondition = (zone: string): SQL =>
  zone === COLLECTION_ZONE
    ? eq(orders.fulfilment, 'collection')
    : and(eq(orders.deliveryZoneId, zone), eq(orders.fulfilment, 'delivery'))!;

/** The WHERE of the orders list and its CSV export; undefined selects every order. */
export function orderFilterWhere(f: OrderFilter): SQL | undefined {
  return and(
    f.q ? searchCondition(f.q) : undefined,
    f.status ? eq(orders.status, f.status) : undefined,
    f.from ? sql`${orders.createdAt} >= ${londonMidnight(f.from)}` : undefined,
    f.to ? sql`${orders.createdAt} < ${londonMidnight(f.to, 1)}` : undefined,
    // Through orders_delivery_date_idx.
    f.day ? eq(orders.deliveryDate, f.day) : undefined,
    f.zone ? zoneCondition(f.zone) : undefined,
  );
}
