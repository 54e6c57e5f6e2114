import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { RECENT_ORDERS_COUNT } from '~/shared/constants';
import type { OrderView } from '~/shared/orders/order-view';
import { orderNumber, REVENUE_STATUSES } from '~/shared/orders/statuses';
import { customer } from '../account/customers';
import type { Db } from '../db/client';
import { newestFirst } from '../db/paging';
import { orderPayments, orders, refunds, salesByDay } from '../db/schema';
import { zoneCondition } from './order-filter';
import { thisOrder } from './order-money';
import { takenOnPartPaidByDay } from './order-payments';
import { foldSales } from './sales-ledger';

/**
 * Orders whose money was received: a revenue status (decision 007) and a recorded payment
 * (decision 032: a status set by hand makes no money). Migration 0014's `sales_key` says the same.
 */
export const sold = () => and(inArray(orders.status, [...REVENUE_STATUSES]), isNotNull(orders.paidAt))!;

/**
 * What the customer paid for an order and was not given back: card payments and money the owner
 * recorded by hand, less refunds made or being made to them. Gift cards are left out both ways
 * (decision 074): a card the customer bought was paid for when bought, so the order it later pays
 * for counts only what it took on top, and a refund to a gift card goes back to the card.
 */
const paidByCustomer = sql<number>`coalesce((
  select sum(p.amount_pennies) from ${orderPayments} p
  where p.order_id = ${thisOrder} and p.currency = 'gbp' and p.provider <> 'gift_card'
), 0) - coalesce((
  select sum(r.amount_pennies) from ${refunds} r
  where r.order_id = ${thisOrder} and r.status in ('pending', 'succeeded') and r.provider <> 'gift_card'
), 0)`;

/** An order on the dashboard: a view of the order, named by who ordered (not a gift's recipient). */
export interface RecentOrderDto
  extends Pick<OrderView, 'id' | 'number' | 'created_at' | 'total_pennies' | 'status' | 'paid_at'> {
  customer: Pick<OrderView['customer'], 'full_name'>;
}

export interface OrderTotals {
  total_revenue_pennies: number;
  /** Orders whose money was received (the revenue rule), as the charts' "from n orders" count them. */
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
  const [[totals], recent, taken] = await Promise.all([
    db
      .select({
        // Paid orders, as the charts count them: a checkout left unpaid or cancelled is no order.
        totalOrders: sql<number>`coalesce(sum(${salesByDay.orders})
          filter (where ${inArray(salesByDay.status, [...REVENUE_STATUSES])}), 0)`.mapWith(Number),
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
        customerName: customer.fullName,
        createdAt: orders.createdAt,
        totalPennies: orders.totalPennies,
        status: orders.status,
        paidAt: orders.paidAt,
      })
      .from(orders)
      .innerJoin(customer, eq(customer.id, orders.profileId))
      .where(zone ? zoneCondition(zone) : undefined)
      .orderBy(newestFirst(orders.createdAt), desc(orders.id))
      .limit(RECENT_ORDERS_COUNT),
    takenOnPartPaidByDay(db, {}, zone),
  ]);
  // A part-paid order counts what has been taken of it, never what is still owed (decision 088).
  const deposits = [...taken.values()].reduce((a, b) => a + b, 0);
  return {
    total_revenue_pennies: totals!.revenue + deposits,
    total_orders: totals!.totalOrders,
    pending_orders: totals!.pendingOrders,
    recent_orders: recent.map((o) => ({
      id: o.id,
      number: orderNumber(o.id),
      customer: { full_name: o.customerName },
      created_at: o.createdAt.toISOString(),
      total_pennies: o.totalPennies,
      status: o.status,
      paid_at: o.paidAt ? o.paidAt.toISOString() : null,
    })),
  };
}

/**
 * Each of these customers' orders (paid ones, as the dashboard's Total Orders counts them) and the
 * money they paid (paidByCustomer): a gift card and the order it paid for count once.
 */
export async function spendByCustomer(db: Db, profileIds: string[]) {
  const result = new Map<string, { orderCount: number; spentPennies: number }>();
  if (profileIds.length === 0) return result;
  const rows = await db
    .select({
      profileId: orders.profileId,
      orderCount: sql<number>`count(*) filter (where ${sold()})`.mapWith(Number),
      spent: sql<number>`coalesce(sum(${paidByCustomer}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(inArray(orders.profileId, profileIds))
    .groupBy(orders.profileId);
  for (const r of rows) result.set(r.profileId, { orderCount: r.orderCount, spentPennies: r.spent });
  return result;
}
