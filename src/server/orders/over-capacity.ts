import { eq } from 'drizzle-orm';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { OrderFlag } from '~/shared/orders/statuses';
import type { IsoDate } from '~/shared/time/london-time';
import type { Tx } from '../db/client';
import { orders } from '../db/schema';
import type { PaidOrder } from './order-payments';

/**
 * How an order's day stands at the moment it is paid: over capacity (or past its cut-off), or
 * closed to this kind of order. The bake-days module answers (`dayAtPayment`); services.ts hands
 * it in, so orders never imports bake days (bake days read orders, not the other way round).
 */
export type DayAtPayment = (
  tx: Tx,
  date: IsoDate,
  fulfilment: Fulfilment,
  paidAt: Date,
  /** The order's delivery zone: a posted zone dispatches on its own weekdays (a Monday, say). */
  zoneId: string | null,
) => Promise<{ overCapacity: boolean; closed: boolean }>;

/**
 * After a payment is recorded: money taken is never refused, so an order paid after its delivery
 * day filled (e.g. paid after it was cancelled and its place freed) or after the day's cut-off
 * is kept and flagged "Over capacity" for the owner, and one whose day was closed after it was
 * placed is flagged "Day closed after ordering". Answers the flags it added.
 */
export async function flagDayProblems(
  tx: Tx,
  order: PaidOrder,
  dayAtPayment: DayAtPayment,
): Promise<OrderFlag[]> {
  if (!order.deliveryDate) return [];
  const day = await dayAtPayment(tx, order.deliveryDate, order.fulfilment, new Date(), order.deliveryZoneId);
  const added = (
    [
      ['over_capacity', day.overCapacity],
      ['day_closed_after_ordering', day.closed],
    ] as const
  ).flatMap(([flag, applies]) => (applies && !order.flags.includes(flag) ? [flag] : []));
  if (added.length > 0) {
    await tx
      .update(orders)
      .set({ flags: [...order.flags, ...added] })
      .where(eq(orders.id, order.id));
  }
  return added;
}
