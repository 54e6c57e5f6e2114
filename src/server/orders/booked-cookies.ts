import { and, between, eq, sql } from 'drizzle-orm';
import type { IsoDate } from '~/shared/bake-days/london-time';
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
      cookies: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(and(between(orders.deliveryDate, from, to), holdsItsPlace))
    .groupBy(orders.deliveryDate);
  return Object.fromEntries(rows.map((r) => [r.date!, Number(r.cookies)]));
}

/**
 * The cookies booked for one date as a scalar subquery, for a statement that reads the day's
 * rules in the same round trip (the same count as `bookedCookiesByDate`).
 */
export const bookedCookiesOn = (date: IsoDate) =>
  sql<number>`(
  select coalesce(sum(${orderItems.quantity}), 0)::int from ${orders}
  inner join ${orderItems} on ${orderItems.orderId} = ${orders.id}
  where ${orders.deliveryDate} = ${date} and ${holdsItsPlace}
)`.mapWith(Number);
