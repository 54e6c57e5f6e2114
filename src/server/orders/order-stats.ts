import { and, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { RECENT_ORDERS_COUNT } from '~/shared/constants';
import type { OrderView } from '~/shared/orders/order-view';
import { orderNumber, REVENUE_STATUSES } from '~/shared/orders/statuses';
import type { Db } from '../db/client';
import { newestFirst } from '../db/paging';
import { orders, profiles, salesByDay } from '../db/schema';
import { refundedSum } from './counted-refunds';
import { zoneCondition } from './order-filter';
import { foldSales } from './sales-ledger';

/**
 * Orders whose money was received: a revenue status (decision 007) and a recorded payment
 * (decision 032: a status set by hand makes no money). Migration 0014's `sales_key` says the same.
 */
export const sold = () => and(inArray(orders.status, [...REVENUE_STATUSES]), isNotNull(orders.paidAt))!;

/**
 * Money received and kept, per order row: the total of an order in a revenue status, less what was
 * refunded of it (decision 007).
 */
const keptPennies = sql<number>`coalesce(sum(case when ${sold()}
  then ${orders.totalPennies} - ${refundedSum}
  else 0 end), 0)`.mapWith(Number);

/** An order on the dashboard: a view of the order, named by who ordered (not a gift's recipient). */
export interface RecentOrderDto
  extends Pick<OrderView, 'id' | 'number' | 'created_at' | 'total_pennies' | 'status'> {
  customer: Pick<OrderView['customer'], 'full_name'>;
}

export interface OrderTotals {
  total_revenue_pennies: number;
  total_orders: number;
  pending_orders: number;
  recent_orders: RecentOrderDto[];
}

/**
 * The dashboard's order figures: counts and revenue from the per-day sales the database keeps as
 * orders change (decision 018), so they cost the same at 100 or 100,000 orders; of one zone's
 * orders when `zone` is given (the orders list's zone filter, decision 049).
 */
export async function orderTotals(db: Db, zone?: string): Promise<OrderTotals> {
  await foldSales(db);
  const [[totals], recent] = await Promise.all([
    db
      .select({
        totalOrders: sql<number>`coalesce(sum(${salesByDay.orders}), 0)`.mapWith(Number),
        pendingOrders:
          sql<number>`coalesce(sum(${salesByDay.orders}) filter (where ${salesByDay.status} = 'pending'), 0)`.mapWith(
            Number,
          ),
        revenue: sql<number>`coalesce(sum(${salesByDay.totalPennies} - ${salesByDay.refundedPennies})
          filter (where ${inArray(salesByDay.status, [...REVENUE_STATUSES])}), 0)`.mapWith(Number),
      })
      .from(salesByDay)
      .where(zone ? eq(salesByDay.zone, zone) : undefined),
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
      .where(zone ? zoneCondition(zone) : undefined)
      .orderBy(newestFirst(orders.createdAt), desc(orders.id))
      .limit(RECENT_ORDERS_COUNT),
  ]);
  return {
    total_revenue_pennies: totals!.revenue,
    total_orders: totals!.totalOrders,
    pending_orders: totals!.pendingOrders,
    recent_orders: recent.map((o) => ({
      id: o.id,
      number: orderNumber(o.id),
      customer: { full_name: o.customerName },
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
