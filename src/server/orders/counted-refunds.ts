import { inArray, sql } from 'drizzle-orm';
import { refunds } from '../db/schema';
import { thisOrder } from './order-payments';

/** Refunds that count against an order: made, or being made (a failed one gave nothing back). */
export const countedRefund = () => inArray(refunds.status, ['pending', 'succeeded']);

/** What the counted refunds of the outer query's order come to (0 when none). */
export const refundedSum = sql<number>`coalesce((
  select sum(${refunds.amountPennies}) from ${refunds}
  where ${refunds.orderId} = ${thisOrder} and ${countedRefund()}
), 0)`.mapWith(Number);
