import { and, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import type { Actor } from '~/shared/orders/actor';
import type { DeliveryStatus, OrderStatus } from '~/shared/orders/statuses';
import { recordActivity } from '../activity/activity-log';
import type { Tx } from '../db/client';
import { deliveries, orderStatusHistory, orders } from '../db/schema';
import { releaseForOrder } from '../gift-cards/gift-card-ledger';
import { isFinished, scrubIfCustomerDeleted } from './orders-privacy';

export type { Actor } from '~/shared/orders/actor';
export { SYSTEM } from '~/shared/orders/actor';

export type OrderRow = typeof orders.$inferSelect;

/** The order, locked until the transaction ends: status changes, payments and refunds queue here. */
export async function lockOrder(tx: Tx, id: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).limit(1).for('update');
  return row ?? null;
}

/**
 * The one way an order's status changes: updates it and writes the history row in the caller's
 * transaction (which holds the order's lock). Setting the status it already has changes nothing.
 * `alongside` is another write of the same change (a paid order's delivery), made in the same
 * statement.
 */
export async function applyStatus(
  tx: Tx,
  order: OrderRow,
  to: OrderStatus,
  actor: Actor,
  note: string | null = null,
  also: Partial<typeof orders.$inferInsert> = {},
  alongside?: SQLWrapper,
): Promise<boolean> {
  if (order.status === to && Object.keys(also).length === 0 && !alongside) return false;
  const withAlongside = alongside ? sql`alongside as (${alongside.getSQL()}), ` : sql``;
  const update = tx
    .update(orders)
    .set({
      status: to,
      ...(to === 'cancelled' && order.status !== 'cancelled' ? { cancelledAt: sql`now()` } : {}),
      ...also,
    })
    .where(eq(orders.id, order.id));
  if (order.status === to) {
    if (alongside) await tx.execute(sql`with ${withAlongside}changed as (${update.getSQL()}) select 1`);
    else await update;
    return false;
  }
  const history = tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    actorType: actor.type,
    actorId: actor.id ?? null,
    actorName: actor.name,
    note,
  });
  // The change and its history row in one statement (one round trip).
  await tx.execute(sql`with ${withAlongside}changed as (${update.getSQL()}) ${history.getSQL()}`);
  await recordActivity(tx, {
    kind: 'order.status',
    record: ['order', order.id],
    before: { status: order.status },
    after: { status: to, note },
  });
  // An unpaid order that is cancelled gives back what it held on gift cards (decision 044).
  if (to === 'cancelled' && !order.paidAt && order.giftCardPennies > 0)
    await releaseForOrder(tx, order.id, actor, note ?? 'Order cancelled');
  // A customer who deleted their account keeps no delivery details on a finished order.
  if (isFinished(to)) await scrubIfCustomerDeleted(tx, order.id);
  await deliveryFollows(tx, order, to);
  return true;
}

/**
 * The delivery follows its order (docs/decisions/032), so the customer and the Deliveries list
 * never read "Preparing" for an order that was cancelled or has left: cancelled closes it, shipped
 * puts it on its way (a collection's: ready to collect), completed delivers it, and an order
 * brought back from cancelled (paid after all) is prepared again. A delivery already further on,
 * or failed, keeps what the driver said. Only these changes touch it: paying writes none.
 */
async function deliveryFollows(tx: Tx, order: OrderRow, to: OrderStatus) {
  let next: DeliveryStatus;
  let from: DeliveryStatus[];
  if (to === 'cancelled') [next, from] = ['cancelled', ['preparing', 'ready', 'picked_up', 'failed']];
  else if (to === 'shipped')
    [next, from] = [order.fulfilment === 'collection' ? 'ready' : 'picked_up', ['preparing', 'cancelled']];
  else if (to === 'completed') [next, from] = ['delivered', ['preparing', 'ready', 'picked_up', 'cancelled']];
  else if (order.status === 'cancelled') [next, from] = ['preparing', ['cancelled']];
  else return;
  await tx
    .update(deliveries)
    .set({ status: next })
    .where(and(eq(deliveries.orderId, order.id), inArray(deliveries.status, from)));
}

/** The first history row, written with the order itself (in the same statement: `place`). */
export function createdRow(orderId: string, actor: Actor): typeof orderStatusHistory.$inferInsert {
  return {
    orderId,
    fromStatus: null,
    toStatus: 'pending',
    actorType: actor.type,
    actorId: actor.id ?? null,
    actorName: actor.name,
    note: 'Order placed',
  };
}
