import { and, eq, isNull } from 'drizzle-orm';
import { customer } from '../account/customers';
import type { Db, Tx } from '../db/client';
import { orders } from '../db/schema';
import { applyStatus, SYSTEM } from './order-status';

/** An order's payment page, to be closed once the transaction that cancelled it has committed. */
export interface PaymentPage {
  paymentSessionId: string | null;
  paymentProvider: string;
}

export const CANCELLED_BY_DELETION = 'The customer deleted their account';

/**
 * When a customer deletes their account (in that transaction): their pending, unpaid orders are
 * cancelled, as an expired payment page cancels them, so the bake-day places and discount-code
 * uses they held are free again. Answers their payment pages, for the caller to close.
 */
export async function cancelPendingOrders(tx: Tx, profileId: string): Promise<PaymentPage[]> {
  const pending = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.profileId, profileId), eq(orders.status, 'pending'), isNull(orders.paidAt)))
    .for('update');
  for (const order of pending) await applyStatus(tx, order, 'cancelled', SYSTEM, CANCELLED_BY_DELETION);
  return pending;
}

/** Whether the order's customer has deleted their account (nobody is left to e-mail or to bake for). */
export async function customerDeleted(tx: Db | Tx, orderId: string): Promise<boolean> {
  const [row] = await tx
    .select({ deletedAt: customer.deletedAt })
    .from(orders)
    .innerJoin(customer, eq(customer.id, orders.profileId))
    .where(eq(orders.id, orderId));
  return !!row?.deletedAt;
}
