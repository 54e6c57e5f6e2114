import { and, between, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { IsoDate } from '~/shared/time/london-time';
import type { Db, Tx } from '../db/client';
import { orderItems, orders } from '../db/schema';

/** The orders that hold their cookies' place on their day: all but cancelled ones. */
const holdsItsPlace = sql`${orders.status} <> 'cancelled'`;

/**
 * Cookies already reserved for each date from `from` to `to` (inclusive; `to` may be a SQL
 * expression): the lines of every order for that delivery day that is not cancelled (a pending
 * order holds its place until it is paid or cancelled), as a scalar subquery giving a JSON object
 * { date: cookies }, so a statement reading the days' rules counts them in the same round trip.
 * Counted order by order through `orders_delivery_date_idx` and `order_items_order_id_idx`:
 * joined, PostgreSQL hashed every line the shop ever sold, a scan that grows with its history
 * (checkout's calendar 4.2 -> 2.1 ms of the embedded database's work at 1,500 past orders,
 * bench/RESULTS.md). Bake days count their capacity with it; the orders module owns the tables.
 */
export const bookedCookiesByDateJson = (from: IsoDate | Placeholder, to: IsoDate | SQL) =>
  sql<Record<IsoDate, number> | null>`(
  select json_object_agg(d.date, d.cookies) from (
    select o.delivery_date::text as date, coalesce(sum((
      select sum(i.quantity * i.cookies_each) from ${orderItems} i where i.order_id = o.id
    )), 0)::int as cookies
    from ${orders} o
    where o.delivery_date between ${from}::date and ${to} and o.status <> 'cancelled'
    group by o.delivery_date
  ) d
)`;

/**
 * The cookies booked for one date as a scalar subquery, for a statement that reads the day's
 * rules in the same round trip, or for `bookedCookiesOnDay` (the same count as
 * `bookedCookiesByDateJson`). Counted order by order through `order_items_order_id_idx`: joined,
 * PostgreSQL hashes every line the shop ever sold (a sequential scan that grows with its history:
 * 2.6 ms beside 20,000 past orders on the embedded database, 0.5 ms this way), and the count
 * taken under a day's lock would hold that lock longer.
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

/**
 * Units of each of `productIds` held for one date (lines of orders not cancelled: a pending order
 * holds its units until it is paid or expires), as a scalar subquery giving a JSON object by
 * product id, for the statement that counts the day's cookies under its lock (decision 043).
 */
export const unitsHeldOn = (date: IsoDate, productIds: readonly string[]) =>
  sql<Record<string, number> | null>`(
  select json_object_agg(u.product_id, u.units) from (
    select i.product_id, sum(i.quantity)::int as units
    from ${orders} o join ${orderItems} i on i.order_id = o.id
    where o.delivery_date = ${date} and o.status <> 'cancelled'
      and i.product_id in (${sql.join(
        productIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
    group by i.product_id
  ) u
)`;

/**
 * The cookies booked for one date and the units held of each of `productIds` (see
 * `unitsHeldOn`): one statement, taken under the day's lock.
 */
export async function bookedOnDay(
  exec: Db | Tx,
  date: IsoDate,
  productIds: readonly string[],
): Promise<{ cookies: number; units: Record<string, number> }> {
  if (productIds.length === 0) return { cookies: await bookedCookiesOnDay(exec, date), units: {} };
  const [row] = await exec
    .select({ booked: bookedCookiesOn(date), units: unitsHeldOn(date, productIds) })
    .from(sql`(select 1) as one`);
  return { cookies: row?.booked ?? 0, units: row?.units ?? {} };
}

/**
 * Units held of each of `productIds` per date from `from` to `to` (the owner's forward view, the
 * checkout's "Only 3 left"): by date, then product id.
 */
export async function unitsHeldByDate(
  exec: Db | Tx,
  from: IsoDate,
  to: IsoDate,
  productIds: readonly string[],
): Promise<Record<IsoDate, Record<string, number>>> {
  if (productIds.length === 0) return {};
  const rows = await exec
    .select({
      date: orders.deliveryDate,
      productId: orderItems.productId,
      units: sql<number>`sum(${orderItems.quantity})::int`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(
      and(
        between(orders.deliveryDate, from, to),
        holdsItsPlace,
        inArray(orderItems.productId, [...productIds]),
      ),
    )
    .groupBy(orders.deliveryDate, orderItems.productId);
  const out: Record<IsoDate, Record<string, number>> = {};
  for (const r of rows) {
    const day = out[r.date!] ?? {};
    day[r.productId!] = r.units;
    out[r.date!] = day;
  }
  return out;
}
