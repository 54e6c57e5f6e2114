import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { deliveries, orders, paymentEvents } from '../db/schema';
import type { Logger } from '../logger';
import type { MailService } from '../mail/mail-service';
import type { ChargedAmount } from './payment-provider';

/** A provider's word that a payment session was paid. */
export interface PaymentConfirmation {
  provider: 'test' | 'stripe';
  /** The provider's event id; the same id is only ever handled once. */
  eventId: string;
  eventType: string;
  sessionId: string;
  /** Our order id as the provider recorded it; without it the order is found by session id. */
  orderId?: string | null;
  /** What was charged; null when the provider does not say (the test page charges the order total). */
  amount: ChargedAmount | null;
}

export type FulfilmentResult =
  | 'paid'
  | 'duplicate_event'
  | 'already_paid'
  | 'not_pending'
  | 'unknown_order'
  | 'amount_mismatch';

/**
 * Turns a confirmed payment into a paid order, exactly once per order however many times and in
 * whatever order the events arrive: the event id is recorded first (a repeat stops there), and the
 * order moves only from pending to paid in a guarded update, whose row lock makes a concurrent
 * confirmation of the same order wait and then find it already paid. Only the transaction that
 * moved the order creates the delivery and queues the confirmation e-mail.
 */
export function createFulfilment(db: Db, mail: MailService, log: Logger) {
  /** Records an event that needs no action, so a repeat is recognised. */
  async function recordEvent(provider: string, eventId: string, eventType: string): Promise<boolean> {
    const rows = await db
      .insert(paymentEvents)
      .values({ id: eventId, provider, type: eventType })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    return rows.length > 0;
  }

  async function fulfil(c: PaymentConfirmation): Promise<FulfilmentResult> {
    const result = await db.transaction(async (tx): Promise<FulfilmentResult> => {
      const recorded = await tx
        .insert(paymentEvents)
        .values({ id: c.eventId, provider: c.provider, type: c.eventType })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id });
      if (recorded.length === 0) return 'duplicate_event';

      const which = c.orderId
        ? and(
            eq(orders.id, c.orderId),
            or(isNull(orders.paymentSessionId), eq(orders.paymentSessionId, c.sessionId)),
          )
        : eq(orders.paymentSessionId, c.sessionId);
      // A charge in another currency never matches: -1 pence is no order's total.
      const amountMatches = c.amount
        ? eq(orders.totalPennies, c.amount.currency === 'gbp' ? c.amount.pennies : -1)
        : undefined;
      const [order] = await tx
        .update(orders)
        .set({
          status: 'paid',
          paidAt: sql`now()`,
          // A session created just before a crash may not have been stored yet: adopt it.
          paymentSessionId: sql`coalesce(${orders.paymentSessionId}, ${c.sessionId})`,
        })
        .where(and(which, eq(orders.status, 'pending'), isNull(orders.paidAt), amountMatches))
        .returning({ id: orders.id });

      if (!order) {
        const [existing] = await tx
          .select({ id: orders.id, paidAt: orders.paidAt, total: orders.totalPennies })
          .from(orders)
          .where(which)
          .limit(1);
        if (!existing) return 'unknown_order';
        if (existing.paidAt) return 'already_paid';
        if (c.amount) {
          log.error(
            { orderId: existing.id, expected: existing.total, charged: c.amount, eventId: c.eventId },
            'payment amount does not match the order total; order left unpaid for a person to check',
          );
          return 'amount_mismatch';
        }
        // Unpaid but moved on from pending by hand: not ours to change.
        return 'not_pending';
      }

      await tx
        .insert(deliveries)
        .values({ orderId: order.id })
        .onConflictDoNothing({ target: deliveries.orderId });
      await mail.queueOrderConfirmation(order.id, tx);
      log.info({ orderId: order.id, provider: c.provider, eventId: c.eventId }, 'order paid');
      return 'paid';
    });
    if (result === 'unknown_order') {
      log.warn(
        { sessionId: c.sessionId, orderId: c.orderId, eventId: c.eventId },
        'payment for an unknown order',
      );
    }
    return result;
  }

  return { fulfil, recordEvent };
}

export type Fulfilment = ReturnType<typeof createFulfilment>;
