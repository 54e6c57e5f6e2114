import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { OrderStatus } from '~/shared/orders/statuses';
import { DELETED_CUSTOMER, deletedAccountIds } from '../account/customers';
import type { Db, Tx } from '../db/client';
import { orderStatusHistory, orders } from '../db/schema';

/** Once an order has reached one of these, nobody needs to know where it went any more. */
const FINISHED: readonly OrderStatus[] = ['completed', 'cancelled'];

export const isFinished = (status: OrderStatus) => FINISHED.includes(status);

/**
 * Erases the delivery details (recipient name, phone, address, gift message) of finished orders
 * whose customer has deleted their account. Totals, lines and dates stay: they are the shop's tax
 * records. Open orders keep their address until they are finished, so they can still be delivered.
 */
async function scrubFinishedOrders(tx: Db | Tx, which: SQL): Promise<number> {
  const scrubbed = await tx
    .update(orders)
    .set({
      shipName: DELETED_CUSTOMER,
      shipPhone: '',
      shipAddress: '',
      shipCity: '',
      shipPostcode: '',
      giftMessage: null,
    })
    .where(and(which, inArray(orders.status, [...FINISHED]), inArray(orders.profileId, deletedAccountIds())))
    .returning({ id: orders.id });
  return scrubbed.length;
}

/**
 * When a customer deletes their account (in that transaction, after the profile is marked
 * deleted): their finished orders lose the recipient's details, and the history no longer names
 * them as the author of a change (e.g. cancelling).
 */
export async function forgetCustomerInOrders(tx: Tx, profileId: string): Promise<void> {
  await scrubFinishedOrders(tx, eq(orders.profileId, profileId));
  await tx
    .update(orderStatusHistory)
    .set({ actorName: DELETED_CUSTOMER })
    .where(and(eq(orderStatusHistory.actorType, 'customer'), eq(orderStatusHistory.actorId, profileId)));
}

/** Called by `applyStatus` when an order is finished: a deleted customer's order is scrubbed now. */
export async function scrubIfCustomerDeleted(tx: Tx, orderId: string): Promise<void> {
  await scrubFinishedOrders(tx, eq(orders.id, orderId));
}
