import { and, between, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { IsoDate } from '~/shared/time/london-time';
import { builtOnce } from '../db/built-once';
import type { Db, Tx } from '../db/client';
import { rawRows } from '../db/raw-rows';
import { dayBookings, orderItems, orders } from '../db/schema';

/**
 * Cookies booked for each date from `from` to `to` (inclusive; `to` may be a SQL expression), as
 * a scalar subquery giving a JSON object { date: cookies }, so a statement reading the days' rules
 * reads them in the same round trip. Read from the rows the triggers keep (`day_bookings`,
 * decision 057): a few rows per day, whatever the shop's history. What they hold is the lines of
 * every order for that day that is not cancelled (a pending order holds its place until it is
 * paid or cancelled), `recountBookings` counted afresh. Bake days count their capacity with it;
 * the orders module owns the tables.
 */
export const bookedCookiesByDateJson = (from: IsoDate | Placeholder, to: IsoDate | SQL) =>
  sql<Record<IsoDate, number> | null>`(
  select json_object_agg(d.date, d.cookies) from (
    select b.date::text as date, sum(b.cookies)::int as cookies
    from ${dayBookings} b
    where b.date between ${from}::date and ${to}
    group by b.date
  ) d
)`;

/**
 * The cookies booked for one date as a scalar subquery (as `bookedCookiesByDateJson`), for a
 * statement that reads the day's rules in the same round trip, or for `bookedCookiesOnDay`.
 */
export const bookedCookiesOn = (date: IsoDate | Placeholder) =>
  sql<number>`(
  select coalesce(sum(b.cookies), 0)::int from ${dayBookings} b where b.date = ${date}
)`.mapWith(Number);

/** Cookies already reserved for one date (see `bookedCookiesOn`). */
export async function bookedCookiesOnDay(exec: Db | Tx, date: IsoDate): Promise<number> {
  const [row] = await cookiesOnDay(exec, { date });
  return row?.booked ?? 0;
}

// Counted under the day's lock in every checkout: built once.
const cookiesOnDay = builtOnce('booked_cookies_on_day', (exec) =>
  exec.select({ booked: bookedCookiesOn(sql.placeholder('date')) }).from(sql`(select 1) as one`),
);

/**
 * Units of each of `productIds` held for one date (lines of orders not cancelled: a pending order
 * holds its units until it is paid or expires), as a scalar subquery giving a JSON object by
 * product id, for the statement that reads the day's cookies under its lock (decision 043), from
 * the rows the triggers keep (decision 057).
 */
export const unitsHeldOn = (date: IsoDate, productIds: readonly string[]) =>
  sql<Record<string, number> | null>`(
  select json_object_agg(u.product_id, u.units) from (
    select h.product_id, sum(h.units)::int as units from (
      select b.product_id, b.units
      from ${dayBookings} b
      where b.date = ${date} and b.product_id in (${uuidList(productIds)})
      union all
      select x.product_id, x.units from (${unitsInBoxes(sql`o.delivery_date = ${date}`, productIds)}) x
    ) h
    group by h.product_id
  ) u
)`;

const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * The units of `productIds` inside the boxes of orders that hold their place (not cancelled) on
 * the days `dates` picks, as rows (date, product_id, units): a limited cookie chosen in a box
 * counts against its daily limit as a loose one does. `day_bookings` keeps lines by the
 * box's own product, so these are read from the lines, for the few days and products asked (the
 * orders' delivery-date index); "holds its place" is the same rule as `day_bookings`'.
 */
const unitsInBoxes = (dates: SQL, productIds: readonly string[]) => sql`
  select o.delivery_date as date, (e.value->>'product_id')::uuid as product_id,
    (i.quantity * (e.value->>'quantity')::int) as units
  from ${orders} o
  join ${orderItems} i on i.order_id = o.id
  cross join lateral jsonb_array_elements(i.box_contents) e
  where ${dates} and o.status <> 'cancelled' and i.box_contents is not null
    and (e.value->>'product_id')::uuid in (${uuidList(productIds)})`;

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
      date: dayBookings.date,
      productId: dayBookings.productId,
      units: sql<number>`sum(${dayBookings.units})::int`.mapWith(Number),
    })
    .from(dayBookings)
    .where(and(between(dayBookings.date, from, to), inArray(dayBookings.productId, [...productIds])))
    .groupBy(dayBookings.date, dayBookings.productId);
  const boxed = await rawRows<{ date: string; product_id: string; units: number }>(
    exec,
    sql`select b.date::text as date, b.product_id::text as product_id, sum(b.units)::int as units
      from (${unitsInBoxes(sql`o.delivery_date between ${from}::date and ${to}::date`, productIds)}) b
      group by b.date, b.product_id`,
  );
  const out: Record<IsoDate, Record<string, number>> = {};
  for (const r of [
    ...rows.map((r) => ({ date: r.date!, productId: r.productId!, units: r.units })),
    ...boxed.map((r) => ({ date: r.date, productId: r.product_id, units: Number(r.units) })),
  ]) {
    const day = out[r.date] ?? {};
    day[r.productId] = (day[r.productId] ?? 0) + r.units;
    out[r.date] = day;
  }
  return out;
}
