import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orderPayments, orders, refunds } from '../db/schema';

/**
 * The outer query's order id, always table-qualified: drizzle leaves columns unqualified in a
 * one-table select, where a bare "id" inside a subquery would mean the subquery's own table.
 */
export const thisOrder = sql.raw('"orders"."id"');

/** Sum of the money taken for an order. */
export const paidSum = sql<number>`coalesce((
  select sum(p.amount_pennies) from ${orderPayments} p
  where p.order_id = ${thisOrder} and p.currency = 'gbp'
), 0)`.mapWith(Number);

/** Refunds that count against an order: made, or being made (a failed one gave nothing back). */
export const countedRefund = () => inArray(refunds.status, ['pending', 'succeeded']);

/** What the counted refunds of the outer query's order come to (0 when none). */
export const refundedSum = sql<number>`coalesce((
  select sum(${refunds.amountPennies}) from ${refunds}
  where ${refunds.orderId} = ${thisOrder} and ${countedRefund()}
), 0)`.mapWith(Number);

export interface OrderMoney {
  /** Money taken so far, by any means (a deposit alone included). */
  paid: number;
  /** Money given back, or being given back: credit notes left out, they gave none back. */
  refunded: number;
  /** Of `refunded`, what went back onto gift cards rather than through a provider. */
  toCards: number;
  /** What credit notes took off the order before it was paid (decision 091): never money taken. */
  credited: number;
}

const pennies = (sum: ReturnType<typeof sql>) => sql<number>`coalesce((${sum}), 0)`.mapWith(Number);

/**
 * An order's money in one statement: a transaction's queries must not overlap (pg refuses it from
 * v9), and the payment path reads this under the order's lock.
 */
export async function orderMoney(exec: Db | Tx, orderId: string): Promise<OrderMoney> {
  const refundsWhere = (...more: Parameters<typeof and>) =>
    sql`select sum(${refunds.amountPennies}) from ${refunds} where ${and(eq(refunds.orderId, orderId), ...more)}`;
  const [row] = await exec
    .select({
      paid: pennies(
        sql`select sum(${orderPayments.amountPennies}) from ${orderPayments}
          where ${and(eq(orderPayments.orderId, orderId), eq(orderPayments.currency, 'gbp'))}`,
      ),
      refunded: pennies(refundsWhere(countedRefund(), ne(refunds.provider, 'credit'))),
      toCards: pennies(refundsWhere(countedRefund(), eq(refunds.provider, 'gift_card'))),
      credited: pennies(refundsWhere(eq(refunds.provider, 'credit'), eq(refunds.status, 'succeeded'))),
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row ?? { paid: 0, refunded: 0, toCards: 0, credited: 0 };
}

/** Money taken less money given back: what can still be paid back. */
export const refundable = (m: OrderMoney) => Math.max(m.paid - m.refunded, 0);

/** What an order still asks: its total less the money taken and what credit notes took off it. */
export const owed = (totalPennies: number, m: OrderMoney) => totalPennies - m.paid - m.credited;

export async function stillOwed(exec: Db | Tx, order: { id: string; totalPennies: number }): Promise<number> {
  return owed(order.totalPennies, await orderMoney(exec, order.id));
}
