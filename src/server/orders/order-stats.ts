import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { RECENT_ORDERS_COUNT } from '~/shared/constants';
import { type OrderStatus, REVENUE_STATUSES } from '~/shared/orders/statuses';
import type { Db } from '../db/client';
import { newestFirst } from '../db/paging';
import { orders, profiles, refunds } from '../db/schema';
import { countedRefund, refundedSum } from './counted-refunds';

/** Orders whose money was received (decision 007). */
export const sold = () => inArray(orders.status, [...REVENUE_STATUSES]);

/**
 * Money received and kept, per order row: the total of an order in a revenue status, less what was
 * refunded of it (decision 007).
 */
const keptPennies = sql<number>`coalesce(sum(case when ${sold()}
  then ${orders.totalPennies} - ${refundedSum}
  else 0 end), 0)`.mapWith(Number);

/**
 * What was refunded of the orders `where` selects, summed apart from the orders' totals: refunds
 * are few, so this reads a handful of rows instead of asking every order for its refunds.
 */
export const refundedOf = (db: Db, where: SQL | undefined) =>
  db
    .select({ pennies: sql<number>`coalesce(sum(${refunds.amountPennies}), 0)`.mapWith(Number) })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(countedRefund(), sold(), where));

export interface RecentOrderDto {
  id: string;
  customer_name: string;
  created_at: string;
  total_pennies: number;
  status: OrderStatus;
}

export interface OrderTotals {
  total_revenue_pennies: number;
  total_orders: number;
  pending_orders: number;
  recent_orders: RecentOrderDto[];
}

/** The dashboard's order figures, computed by the database. */
export async function orderTotals(db: Db): Promise<OrderTotals> {
  const [[totals], [refunded], recent] = await Promise.all([
    db
      .select({
        totalOrders: count(),
        pendingOrders: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
        takings: sql<number>`coalesce(sum(${orders.totalPennies}) filter (where ${sold()}), 0)`.mapWith(
          Number,
        ),
      })
      .from(orders),
    refundedOf(db, undefined),
    db
      .select({
        id: orders.id,
        customerName: profiles.fullName,
        createdAt: orders.createdAt,
        totalPennies: orders.totalPennies,
        status: orders.status,
      })
      .from(orders)
      .innerJoin(profiles, eq(profiles.id, orders.profileId))
      .orderBy(newestFirst(orders.createdAt), desc(orders.id))
      .limit(RECENT_ORDERS_COUNT),
  ]);
  return {
    total_revenue_pennies: totals!.takings - refunded!.pennies,
    total_orders: totals!.totalOrders,
    pending_orders: totals!.pendingOrders,
    recent_orders: recent.map((o) => ({
      id: o.id,
      customer_name: o.customerName,
      created_at: o.createdAt.toISOString(),
      total_pennies: o.totalPennies,
      status: o.status,
    })),
  };
}

/** Order count and money spent (the revenue rule) of each of these customers. */
export async function spendByCustomer(db: Db, profileIds: string[]) {
  const result = new Map<string, { orderCount: number; spentPennies: number }>();
  if (profileIds.length === 0) return result;
  const rows = await db
    .select({ profileId: orders.profileId, orderCount: count(), spent: keptPennies })
    .from(orders)
    .where(inArray(orders.profileId, profileIds))
    .groupBy(orders.profileId);
  for (const r of rows) result.set(r.profileId, { orderCount: r.orderCount, spentPennies: r.spent });
  return result;
}
