import { and, between, eq, sql } from 'drizzle-orm';
import type { IsoDate } from '~/shared/time/london-time';
import type { Db, Tx } from '../db/client';
import { orderItems, orders } from '../db/schema';

/** The orders that hold their cookies' place on their day: all but cancelled ones. */
const holdsItsPlace = sql`${orders.status} <> 'cancelled'`;

/**
 * Cookies already reserved for each date from `from` to `to` (inclusive): the lines of every
 * order for that delivery day that is not cancelled (a pending order holds its place until it is
 * paid or cancelled). Bake days count their capacity with it; the orders module owns the tables.
 */
export async function bookedCookiesByDate(
  exec: Db | Tx,
  from: IsoDate,
  to: IsoDate,
): Promise<Record<IsoDate, number>> {
  const rows = await exec
    .select({
      date: orders.deliveryDate,
      // A box counts as its cookies (the oven bakes cookies, not boxes).
      cookies: sql<number>`coalesce(sum(${orderItems.quantity} * ${orderItems.cookiesEach}), 0)::int`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(between(orders.deliveryDate, from, to), holdsItsPlace))
    .groupBy(orders.deliveryDate);
  return Object.fromEntries(rows.map((r) => [r.date!, Number(r.cookies)]));
}

/**
 * The cookies booked for one date as a scalar subquery, for a statement that reads the day's
 * rules in the same round trip, or for `bookedCookiesOnDay` (the same count as
 * `bookedCookiesByDate`). Counted order by order through `order_items_order_id_idx`: joined,
 * PostgreSQL hashes every line the shop ever sold (a sequential scan that grows with its history:
 * 2.6 ms beside 20,000 past orders on the embedded database, 0.5 ms this way), and the count
 * taken under a day's lock would hold that lock longer. Over many days the join is cheaper while
 * the history is short, so `bookedCookiesByDate` keeps it (bench/RESULTS.md).
 */
export const bookedCookiesOn = (date: IsoDate) =>
  // Aliased (drizzle leaves columns unqualified in a select with no join, where "id" would be a
  // line's), so `holdsItsPlace` is spelt out: not cancelled.
  sql<number>`(
  select coalesce(sum((
    select sum(i.quantity * i.cookies_each) from ${orderItems} i where i.order_id = o.id
  )), 0)::int from ${orders} o
  where o.delivery_date = ${date} and o.status <> 'cancelled'
)`.mapWith(Number);

/** Cookies already reserved for one date (see `bookedCookiesOn`). */
export async function bookedCookiesOnDay(exec: Db | Tx, date: IsoDate): Promise<number> {
  const [row] = await exec.select({ booked: bookedCookiesOn(date) }).from(sql`(select 1) as one`);
  return row?.booked ?? 0;
}
