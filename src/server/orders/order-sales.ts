import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { addDays, type IsoDate, londonDate, weekdayOf } from '~/shared/bake-days/london-time';
import {
  BEST_SELLERS_COUNT,
  type BestSeller,
  SALES_DAYS,
  SALES_WEEKS,
  type SalesInsights,
  type SalesPoint,
} from '~/shared/orders/sales';
import type { Db } from '../db/client';
import { orderItems, orders, refunds } from '../db/schema';
import { countedRefund } from './counted-refunds';
import { SHOP_TIME_ZONE } from './order-filter';
import { sold } from './order-stats';

/** Start of a London day as a timestamp (midnight in London, summer time or not). */
const londonMidnight = (day: IsoDate) => sql`(${day}::date::timestamp at time zone ${SHOP_TIME_ZONE})`;

/** Orders whose money was received, placed on London days `from` to `to` (inclusive). */
const soldBetween = (from: IsoDate, to: IsoDate) => and(sold(), placedBetween(from, to));

const placedBetween = (from: IsoDate, to: IsoDate) =>
  and(gte(orders.createdAt, londonMidnight(from)), lt(orders.createdAt, londonMidnight(addDays(to, 1))));

const mondayOf = (day: IsoDate) => addDays(day, -((weekdayOf(day) + 6) % 7));

/**
 * Revenue and orders per London day over the last 12 weeks in one grouped scan (through
 * `orders_status_created_idx`) and their refunds in another, folded into the last 30 days and the 12 weeks here; and the best
 * sellers of the last 30 days. Revenue is decision 007's rule: paid, baking, shipped and
 * completed totals, less refunds; pending and cancelled orders are not sales.
 */
export async function salesInsights(db: Db, now = new Date()): Promise<SalesInsights> {
  const today = londonDate(now);
  const firstDay = addDays(today, -(SALES_DAYS - 1));
  const firstWeek = addDays(mondayOf(today), -7 * (SALES_WEEKS - 1));
  const since = firstWeek < firstDay ? firstWeek : firstDay;
  const sold = sql<number>`sum(${orderItems.quantity})`.mapWith(Number);
  const lineRevenue = sql<number>`sum(${orderItems.quantity} * ${orderItems.unitPricePennies})`.mapWith(
    Number,
  );
  const londonDay = sql<string>`((${orders.createdAt} at time zone ${SHOP_TIME_ZONE})::date)::text`;

  const [perDay, refundsPerDay, best] = await Promise.all([
    db
      .select({
        day: londonDay,
        orders: sql<number>`count(*)`.mapWith(Number),
        takings: sql<number>`sum(${orders.totalPennies})`.mapWith(Number),
      })
      .from(orders)
      .where(soldBetween(since, today))
      .groupBy(sql`1`),
    // Refunds are few: summed per day of their order apart, not asked of every order.
    db
      .select({ day: londonDay, pennies: sql<number>`sum(${refunds.amountPennies})`.mapWith(Number) })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(and(countedRefund(), soldBetween(since, today)))
      .groupBy(sql`1`),
    db
      .select({
        // A product's latest name; lines of a deleted product are grouped by the name they were sold as.
        productId: sql<string | null>`(array_agg(${orderItems.productId}))[1]`,
        name: sql<string>`(array_agg(${orderItems.productName} order by ${orders.createdAt} desc))[1]`,
        quantity: sold,
        revenue: lineRevenue,
      })
      .from(orderItems)
      .innerJoin(orders, sql`${orders.id} = ${orderItems.orderId}`)
      .where(soldBetween(firstDay, today))
      .groupBy(sql`coalesce(${orderItems.productId}::text, 'name:' || ${orderItems.productName})`)
      .orderBy(desc(sold), desc(lineRevenue), sql`2`)
      .limit(BEST_SELLERS_COUNT),
  ]);

  const byDay = new Map(perDay.map((r) => [r.day, { orders: r.orders, revenue: r.takings }]));
  for (const r of refundsPerDay) {
    const day = byDay.get(r.day);
    if (day) day.revenue -= r.pennies;
  }
  const point = (start: IsoDate, length: number): SalesPoint => {
    let orderCount = 0;
    let revenue = 0;
    for (let i = 0; i < length; i++) {
      const row = byDay.get(addDays(start, i));
      orderCount += row?.orders ?? 0;
      revenue += row?.revenue ?? 0;
    }
    return { start, orders: orderCount, revenue_pennies: revenue };
  };
  return {
    days: Array.from({ length: SALES_DAYS }, (_, i) => point(addDays(firstDay, i), 1)),
    weeks: Array.from({ length: SALES_WEEKS }, (_, i) => point(addDays(firstWeek, 7 * i), 7)),
    best_sellers: best.map(
      (b): BestSeller => ({
        product_id: b.productId,
        name: b.name,
        quantity: b.quantity,
        revenue_pennies: b.revenue,
      }),
    ),
  };
}
