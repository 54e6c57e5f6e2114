import { eq } from 'drizzle-orm';
import { formatPence } from '~/shared/money/money';
import type { Tx } from '../db/client';
import { orders, refunds } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { orderMoney, owed, refundable } from './order-money';
import { type Actor, lockOrder } from './order-status';

export interface CreditOnAccount {
  orderId: string;
  pennies: number;
  /** What the books print beside it: the credit note's number and why. */
  reason: string;
  /** The credit note's own key: it is recorded once. */
  requestKey: string;
  actor: Actor;
  /** The invoice was paid by bank transfer: the money is paid back, not taken off what it asks. */
  payBack: boolean;
}

/**
 * A trade credit note's effect on its order (decision 091), in the credit note's transaction and
 * under the order's lock. On an order that still asks for money, a `credit` refund (no money
 * moves) takes the amount off what it asks, and an order left asking nothing is settled; on one
 * paid by bank transfer, a `manual` refund records the money the shop pays back. Either way the
 * books, revenue and the dashboard count it as they count any refund. Returns what the order
 * still asks afterwards (0 when the money was paid back).
 */
export async function creditOnAccount(tx: Tx, c: CreditOnAccount): Promise<number> {
  const order = await lockOrder(tx, c.orderId);
  if (!order) throw notFound('Order not found');
  const money = await orderMoney(tx, order.id);
  const most = c.payBack ? refundable(money) : owed(order.totalPennies, money);
  if (c.pennies > most) {
    throw badRequest(`At most ${formatPence(Math.max(most, 0))} can be credited on this order.`);
  }
  await tx.insert(refunds).values({
    orderId: order.id,
    amountPennies: c.pennies,
    reason: c.reason,
    status: 'succeeded',
    provider: c.payBack ? 'manual' : 'credit',
    requestKey: c.requestKey,
    actorName: c.actor.name,
  });
  // Credited down to nothing asked: settled, as a payment of the rest would have settled it.
  if (!c.payBack && c.pennies === most && !order.paidAt) {
    await tx.update(orders).set({ paidAt: new Date() }).where(eq(orders.id, order.id));
  }
  return c.payBack ? 0 : most - c.pennies;
}
