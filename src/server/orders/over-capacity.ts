import { eq } from 'drizzle-orm';
import { isOverCapacity } from '../bake-days/bake-days-service';
import type { Tx } from '../db/client';
import { orders } from '../db/schema';
import type { PaidOrder } from './order-payments';

/**
 * After a payment is recorded: money taken is never refused, so an order paid after its delivery
 * day filled (e.g. paid after it was cancelled and its place freed) or after the day's cut-off
 * is kept and flagged "Over capacity" for the owner. Answers whether it was flagged.
 */
export async function flagIfOverCapacity(tx: Tx, order: PaidOrder): Promise<boolean> {
  if (!order.deliveryDate || order.flags.includes('over_capacity')) return false;
  if (!(await isOverCapacity(tx, order.deliveryDate, new Date()))) return false;
  await tx
    .update(orders)
    .set({ flags: [...order.flags, 'over_capacity'] })
    .where(eq(orders.id, order.id));
  return true;
}
