import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { paymentEvents } from '../db/schema';
import type { Logger } from '../logger';
import type { PaymentOutcome, ReceivedPayment } from '../orders/order-payments';
import type { OrdersService } from '../orders/orders-service';

/** A provider's word that a payment session was paid. */
export interface PaymentConfirmation extends ReceivedPayment {
  eventType: string;
}

export type ConfirmationResult = PaymentOutcome | 'duplicate_event';

/**
 * Turns a confirmed payment into a recorded payment and (usually) a paid order, exactly once
 * however many times and in whatever order the events arrive: the event id is claimed in the
 * statement that locks the order (a repeat stops at that first statement, having waited for the
 * first one's transaction), and the orders module records the money under the order's row lock,
 * so a concurrent confirmation of the same order by another event waits and then finds it paid.
 * The claim commits with the money or not at all: a confirmation that fails leaves its event
 * unclaimed, so the provider's retry records it.
 */
export function createPaymentConfirmations(db: Db, orders: OrdersService, log: Logger) {
  // The claim's shape is fixed (its values are placeholders): the orders module builds the claim
  // and the order's lock into one statement once, not on every payment.
  const claim = db
    .insert(paymentEvents)
    .values({
      id: sql.placeholder('eventId'),
      provider: sql.placeholder('eventProvider'),
      type: sql.placeholder('eventType'),
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id })
    .getSQL();

  /** Records an event that needs no action, so a repeat is recognised. */
  async function recordEvent(provider: string, eventId: string, eventType: string): Promise<boolean> {
    const rows = await db
      .insert(paymentEvents)
      .values({ id: eventId, provider, type: eventType })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    return rows.length > 0;
  }

  async function confirm(c: PaymentConfirmation): Promise<ConfirmationResult> {
    let refundDue: string | null = null;
    const result = await db.transaction(async (tx): Promise<ConfirmationResult> => {
      const {
        outcome,
        orderId,
        refundDue: due,
      } = await orders.recordPayment(tx, c, {
        statement: claim,
        values: { eventId: c.eventId, eventProvider: c.provider, eventType: c.eventType },
      });
      if (outcome === 'unknown_order' || outcome === 'duplicate_event') return outcome;
      if (due && orderId) refundDue = orderId;
      const level = outcome === 'paid' || outcome === 'already_paid' ? 'info' : 'warn';
      log[level]({ orderId, provider: c.provider, eventId: c.eventId, outcome }, 'payment recorded');
      return outcome;
    });
    // Money for an order nobody wants any more goes back once the payment is on record.
    if (refundDue) await orders.refundUnwanted(refundDue);
    if (result === 'unknown_order') {
      log.warn(
        { sessionId: c.sessionId, orderId: c.orderId, eventId: c.eventId },
        'payment for an unknown order',
      );
    }
    return result;
  }

  return { confirm, recordEvent };
}

export type PaymentConfirmations = ReturnType<typeof createPaymentConfirmations>;
