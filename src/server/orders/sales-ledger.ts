import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { foldWhenDue } from '../db/fold-when-due';

/** Any fixed number: one instance folds at a time; the others read without waiting. */
const FOLD_LOCK = 7_274_018;

/**
 * Folds the rows of changes the triggers wrote (migrations 0013 and 0025, decision 018) into one row
 * per day and key (status or product, and zone), so the dashboard reads a few rows per day however many orders changed. Only days with
 * new changes are touched, each in full; keys that come to nothing go. The sums never change, so
 * readers are right before, during and after a fold; a fold only keeps them quick. Changes
 * committed while it runs stay as they are for the next one. A call while a fold is under way
 * joins it (the dashboard's totals and its charts both ask, at once): the sums are right either way.
 */
export function foldSales(db: Db): Promise<void> {
  let fold = underWay.get(db);
  if (!fold) {
    fold = foldNow(db).finally(() => underWay.delete(db));
    underWay.set(db, fold);
  }
  return fold;
}

/** The fold under way on each database, if any. */
const underWay = new WeakMap<Db, Promise<void>>();

function foldNow(db: Db): Promise<void> {
  // The rows a fold removes are vacuumed like any others': by autovacuum on PostgreSQL, by the
  // shop's upkeep on the embedded database (docs/decisions/026).
  return foldWhenDue(
    db,
    FOLD_LOCK,
    sql`exists (select 1 from sales_by_day where not folded)
      or exists (select 1 from sales_by_day_product where not folded)`,
    [
      sql`
        with gone as (
          delete from sales_by_day where day in (select day from sales_by_day where not folded)
          returning *
        ), folded as (
          insert into sales_by_day (day, status, zone, orders, total_pennies, refunded_pennies, folded)
          select day, status, zone, sum(orders), sum(total_pennies), sum(refunded_pennies), true
          from gone group by day, status, zone
          having sum(orders) <> 0 or sum(total_pennies) <> 0 or sum(refunded_pennies) <> 0
        )
        select 1`,
      sql`
        with gone as (
          delete from sales_by_day_product where day in (select day from sales_by_day_product where not folded)
          returning *
        ), folded as (
          insert into sales_by_day_product (day, product_id, product_name, zone, quantity, revenue_pennies, last_placed_at, folded)
          select day, product_id, product_name, zone, sum(quantity), sum(revenue_pennies), max(last_placed_at), true
          from gone group by day, product_id, product_name, zone
          having sum(quantity) <> 0 or sum(revenue_pennies) <> 0
        )
        select 1`,
    ],
  );
}
