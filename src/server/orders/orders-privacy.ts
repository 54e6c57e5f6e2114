import { and, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orders, profiles } from '../db/schema';

/** The name an order shows once its customer has deleted their account. */
export const DELETED_CUSTOMER = 'Deleted customer';

/** Once an order has reached one of these, nobody needs to know where it went any more. */
const FINISHED = ['completed'] as const;

/**
 * Erases the delivery details (recipient name, phone, address) of finished orders whose customer
 * has deleted their account. Totals, lines and dates stay: they are the shop's tax records.
 * Open orders keep their address until they are finished, so they can still be delivered; the
 * orders module calls this again (with the order's id) when an order is finished.
 */
export async function scrubFinishedOrdersOfDeletedCustomers(
  tx: Db | Tx,
  only: { profileId: string } | { orderId: string },
): Promise<number> {
  const deletedProfiles = tx.select({ id: profiles.id }).from(profiles).where(isNotNull(profiles.deletedAt));
  const which: SQL = 'profileId' in only ? eq(orders.profileId, only.profileId) : eq(orders.id, only.orderId);
  const scrubbed = await tx
    .update(orders)
    .set({ shipName: DELETED_CUSTOMER, shipPhone: '', shipAddress: '', shipCity: '', shipPostcode: '' })
    .where(and(which, inArray(orders.status, [...FINISHED]), inArray(orders.profileId, deletedProfiles)))
    .returning({ id: orders.id });
  return scrubbed.length;
}
