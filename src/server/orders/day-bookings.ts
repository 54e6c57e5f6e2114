import { sql } from 'drizzle-orm';
import type { IsoDate } from '~/shared/time/london-time';
import type { Db, Tx } from '../db/client';
import { foldWhenDue } from '../db/fold-when-due';

/** Any fixed number: one instance folds at a time; the others go on without waiting. */
const FOLD_LOCK = 7_274_057;

/** Cookies and units booked on one day for one product (null: a deleted product's lines). */
export interface DayBooking {
  date: IsoDate;
  productId: string | null;
  cookies: number;
  units: number;
}

const byDateAndProduct = (a: DayBooking, b: DayBooking) =>
  a.date.localeCompare(b.date) || (a.productId ?? '').localeCompare(b.productId ?? '');

/**
 * What the triggers keep in `day_bookings` (migration 0026, decision 057), summed per day and
 * product, leaving out what comes to nothing: to hold beside `recountBookings`.
 */
export async function keptBookings(exec: Db | Tx): Promise<DayBooking[]> {
  const result = await exec.execute(sql`
    select date::text as date, product_id as "productId", sum(cookies)::int as cookies, sum(units)::int as units
    from day_bookings group by date, product_id
    having sum(cookies) <> 0 or sum(units) <> 0`);
  return rowsOf<DayBooking>(result).sort(byDateAndProduct);
}

/**
 * The bookings counted afresh from the order lines: every line of an order with a delivery date
 * that is not cancelled, per day and product. The rule the triggers keep; a test, or an operator
 * who doubts the kept figures after restoring a backup, compares the two.
 */
export async function recountBookings(exec: Db | Tx): Promise<DayBooking[]> {
  const result = await exec.execute(sql`
    select o.delivery_date::text as date, i.product_id as "productId",
      sum(i.quantity * i.cookies_each)::int as cookies, sum(i.quantity)::int as units
    from orders o join order_items i on i.order_id = o.id
    where o.delivery_date is not null and o.status <> 'cancelled'
    group by o.delivery_date, i.product_id`);
  return rowsOf<DayBooking>(result).sort(byDateAndProduct);
}

/**
 * Folds the rows of changes the triggers wrote into one row per day and product, so a day's
 * figure stays a few rows however many orders were placed and cancelled for it; products that
 * come to nothing go. The sums never change, so readers (a checkout under its day's lock
 * included) are right before, during and after a fold. Changes committed while it runs stay for
 * the next one. Runs after each expiry sweep, beside the sales' fold (decision 018).
 */
export function foldBookings(db: Db): Promise<void> {
  return foldWhenDue(db, FOLD_LOCK, sql`exists (select 1 from day_bookings where not folded)`, [
    sql`
      with gone as (
        delete from day_bookings where date in (select date from day_bookings where not folded)
        returning *
      ), folded as (
        insert into day_bookings (date, product_id, cookies, units, folded)
        select date, product_id, sum(cookies), sum(units), true
        from gone group by date, product_id
        having sum(cookies) <> 0 or sum(units) <> 0
      )
      select 1`,
  ]);
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
