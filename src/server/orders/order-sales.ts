import { and, between, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  BEST_SELLERS_COUNT,
  type BestSeller,
  SALES_DAYS,
  SALES_WEEKS,
  type SalesInsights,
  type SalesPoint,
} from '~/shared/orders/sales';
import { REVENUE_STATUSES } from '~/shared/orders/statuses';
import { addDays, type IsoDate, londonDate, weekdayOf } from '~/shared/time/london-time';
import type { Db } from '../db/client';
import { salesByDay, salesByDayProduct } from '../db/schema';
import { takenOnPartPaidByDay } from './order-payments';
import { foldSales } from './sales-ledger';

const mondayOf = (day: IsoDate) => addDays(day, -((weekdayOf(day) + 6) % 7));

/**
 * Revenue and orders per London day over the last 12 weeks, folded into the last 30 days and the
 * 12 weeks here, and the best sellers of the last 30 days. Revenue is decision 007's rule: paid,
 * baking, shipped and completed totals, less refunds; pending and cancelled orders are not sales.
 * Read from the per-day sales the database keeps as orders change (decision 018): a few rows per
 * day, so it costs the same at 100 or 100,000 orders. Gift cards sold are not revenue, nor best
 * sellers (decision 049); `zone`: one zone's orders only (its id, or 'collection').
 */
export async function salesInsights(db: Db, now = new Date(), zone?: string): Promise<SalesInsights> {
  const today = londonDate(now);
  const firstDay = addDays(today, -(SALES_DAYS - 1));
  const firstWeek = addDays(mondayOf(today), -7 * (SALES_WEEKS - 1));
  const since = firstWeek < firstDay ? firstWeek : firstDay;

  await foldSales(db);
  const [perDay, best, taken] = await Promise.all([
    db
      .select({
        day: salesByDay.day,
        orders: sql<number>`sum(${salesByDay.orders})`.mapWith(Number),
        revenue: sql<number>`sum(${salesByDay.totalPennies} - ${salesByDay.refundedPennies})`.mapWith(Number),
      })
      .from(salesByDay)
      .where(
        and(
          inArray(salesByDay.status, [...REVENUE_STATUSES]),
          between(salesByDay.day, since, today),
          zone ? eq(salesByDay.zone, zone) : undefined,
        ),
      )
      .groupBy(salesByDay.day),
    bestSellers(db, firstDay, today, zone),
    takenOnPartPaidByDay(db, { from: since, to: today }, zone),
  ]);

  const byDay = new Map(perDay.map((r) => [r.day, r]));
  const point = (start: IsoDate, length: number): SalesPoint => {
    let orderCount = 0;
    let revenue = 0;
    for (let i = 0; i < length; i++) {
      const row = byDay.get(addDays(start, i));
      orderCount += row?.orders ?? 0;
      // A part-paid order counts what has been taken of it (decision 088).
      revenue += (row?.revenue ?? 0) + (taken.get(addDays(start, i)) ?? 0);
    }
    return { start, orders: orderCount, revenue_pennies: revenue };
  };
  return {
    days: Array.from({ length: SALES_DAYS }, (_, i) => point(addDays(firstDay, i), 1)),
    weeks: Array.from({ length: SALES_WEEKS }, (_, i) => point(addDays(firstWeek, 7 * i), 7)),
    best_sellers: best,
  };
}

/**
 * The cookies sold most on London days `from` to `to`, grouped by product; a deleted product's
 * lines by the name they were sold under. A product sold under several names shows the one its
 * latest order was placed with.
 */
async function bestSellers(db: Db, from: IsoDate, to: IsoDate, zone?: string): Promise<BestSeller[]> {
  const s = salesByDayProduct;
  // Per day and name first, leaving out what came to nothing (sold, then cancelled).
  const named = db.$with('named').as(
    db
      .select({
        day: s.day,
        productId: s.productId,
        productName: s.productName,
        quantity: sql<number>`sum(${s.quantity})`.as('quantity'),
        revenue: sql<number>`sum(${s.revenuePennies})`.as('revenue'),
        lastPlacedAt: sql<Date>`max(${s.lastPlacedAt})`.as('last_placed_at'),
      })
      .from(s)
      .where(and(between(s.day, from, to), zone ? eq(s.zone, zone) : undefined))
      .groupBy(s.day, s.productId, s.productName)
      .having(sql`sum(${s.quantity}) <> 0`),
  );
  const sold = sql<number>`sum(${named.quantity})`.mapWith(Number);
  const revenue = sql<number>`sum(${named.revenue})`.mapWith(Number);
  const rows = await db
    .with(named)
    .select({
      productId: sql<string | null>`(array_agg(${named.productId}))[1]`,
      name: sql<string>`(array_agg(${named.productName} order by ${named.lastPlacedAt} desc, ${named.productName}))[1]`,
      quantity: sold,
      revenue,
    })
    .from(named)
    .groupBy(sql`coalesce(${named.productId}::text, 'name:' || ${named.productName})`)
    .orderBy(desc(sold), desc(revenue), sql`2`)
    .limit(BEST_SELLERS_COUNT);
  return rows.map((b) => ({
    product_id: b.productId,
    name: b.name,
    quantity: b.quantity,
    revenue_pennies: b.revenue,
  }));
}
