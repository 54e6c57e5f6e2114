import { and, eq, notInArray } from 'drizzle-orm';
import { formatPence } from '~/shared/money/money';
import { SYSTEM } from '~/shared/orders/actor';
import { recordActivity } from '../activity/activity-log';
import type { Db, Tx } from '../db/client';
import { orderPayments, orders, refunds } from '../db/schema';
import { AppError, badRequest, notFound } from '../errors';
import { giveBackBoughtCards, lockBoughtCards, takeBackBoughtCards } from '../gift-cards/bought-card-refunds';
import { refundableByCard, refundToCards } from '../gift-cards/gift-card-ledger';
import type { CardProvider } from './card-provider';
import { orderMoney, refundable } from './order-money';
import { type Actor, lockOrder } from './order-status';

export type RefundRow = typeof refunds.$inferSelect;

/** Money taken and money given back (or being given back) for an order, read under its lock. */
async function balance(tx: Tx, orderId: string) {
  const money = await orderMoney(tx, orderId);
  return { ...money, providerRefunded: money.refunded - money.toCards, remaining: refundable(money) };
}

export interface RefundInput {
  /** Pence to refund; null refunds everything that remains. */
  amountPennies: number | null;
  reason: string;
  /** One key per intended refund (the form's): a repeat with it returns the first refund. */
  requestKey: string;
  /**
   * The owner's choice to give a gift-card-paid part back to the bank card instead (with the
   * reason); by default the gift-card part goes back to the gift cards first (decision 044).
   */
  toBankCard?: boolean;
}

/**
 * What of a refund went back on gift cards: all of a gift-card row, or for a bank card's row the
 * gift-card row written beside it by the same request (reserve's `:gift-card` key).
 */
export async function giftCardPartOf(tx: Tx, refund: RefundRow): Promise<number> {
  if (refund.provider === 'gift_card') return refund.amountPennies;
  const [beside] = await tx
    .select({ amount: refunds.amountPennies })
    .from(refunds)
    .where(
      and(
        eq(refunds.orderId, refund.orderId),
        eq(refunds.requestKey, `${refund.requestKey}:gift-card`),
        eq(refunds.provider, 'gift_card'),
      ),
    )
    .limit(1);
  return beside?.amount ?? 0;
}

/** Payments made through a provider (not by hand, not by gift card): what a provider refund goes against. */
const byProviderPayment = notInArray(orderPayments.provider, ['manual', 'gift_card']);

/**
 * Refunds through the payment provider, exactly once per request key, never beyond what was paid.
 * The refund row is written first (pending) under the order's lock, so concurrent refunds queue
 * and each sees the others; the provider is then asked with the row's id as idempotency key, and
 * the row is marked succeeded or failed (a failed one no longer counts).
 */
export function createRefunds(
  db: Db,
  provider: CardProvider,
  onRefunded: (tx: Tx, refund: RefundRow) => Promise<void>,
) {
  async function reserve(
    orderId: string,
    input: RefundInput,
    actor: Actor,
  ): Promise<{ row: RefundRow; fresh: boolean }> {
    return db.transaction(async (tx) => {
      const order = await lockOrder(tx, orderId);
      if (!order) throw notFound('Order not found');
      const [earlier] = await tx
        .select()
        .from(refunds)
        .where(and(eq(refunds.orderId, orderId), eq(refunds.requestKey, input.requestKey)))
        .limit(1);
      if (earlier) return { row: earlier, fresh: false };
      const { paid, remaining } = await balance(tx, orderId);
      if (paid === 0) throw badRequest('This order has not been paid, so there is nothing to refund.');
      if (remaining === 0) throw badRequest('This order has already been refunded in full.');
      // Money taken by hand only ("Mark as paid") is given back by hand: no provider holds it.
      const [byProvider] = await tx
        .select({ id: orderPayments.id })
        .from(orderPayments)
        .where(and(eq(orderPayments.orderId, orderId), byProviderPayment))
        .limit(1);
      // The gift-card part goes back to the cards first, unless the owner chose the bank card.
      const onCards = [...(await refundableByCard(tx, orderId)).values()].reduce((a, b) => a + b, 0);
      const max = input.toBankCard ? remaining - onCards : remaining;
      if (input.toBankCard && max <= 0) {
        throw badRequest('Nothing was paid by bank card on this order: refund it to the gift card.');
      }
      // A refunded gift card purchase ends the card: at most what its cards still hold (decision 064).
      const bought = await lockBoughtCards(tx, orderId);
      if (bought && bought.spendablePennies < max) {
        const left = bought.spendablePennies;
        if (left === 0) {
          throw badRequest(
            'The gift cards on this order have been spent or voided, so there is nothing to refund.',
          );
        }
        if ((input.amountPennies ?? left) > left) {
          throw badRequest(
            `The gift cards on this order have ${formatPence(left)} left on them: you can refund at most ${formatPence(left)}.`,
            { amount: `At most ${formatPence(left)}` },
          );
        }
      }
      const amount = input.amountPennies ?? Math.min(max, bought?.spendablePennies ?? max);
      if (amount > max) {
        throw badRequest(`You can refund at most ${formatPence(max)} on this order.`, {
          amount: `At most ${formatPence(max)}`,
        });
      }
      if (bought) await takeBackBoughtCards(tx, bought, orderId, amount, actor, input.reason);
      const toCards = input.toBankCard ? 0 : Math.min(amount, onCards);
      const rest = amount - toCards;
      if (toCards > 0) {
        await refundToCards(tx, orderId, toCards, actor, input.reason);
        const [cardRow] = await tx
          .insert(refunds)
          .values({
            orderId,
            amountPennies: toCards,
            reason: input.reason,
            status: 'succeeded',
            provider: 'gift_card',
            requestKey: rest > 0 ? `${input.requestKey}:gift-card` : input.requestKey,
            actorName: actor.name,
          })
          .returning();
        if (rest === 0) {
          await recordActivity(tx, {
            kind: 'order.refund',
            record: ['order', orderId],
            after: { amount_pennies: amount, reason: input.reason, to: 'gift card' },
          });
          await onRefunded(tx, cardRow!);
          return { row: cardRow!, fresh: false };
        }
      }
      const [row] = await tx
        .insert(refunds)
        .values({
          orderId,
          amountPennies: rest,
          reason: input.reason,
          provider: byProvider ? order.paymentProvider : 'manual',
          requestKey: input.requestKey,
          actorName: actor.name,
        })
        .returning();
      await recordActivity(tx, {
        kind: 'order.refund',
        record: ['order', orderId],
        after: { amount_pennies: amount, reason: input.reason, to: row!.provider },
      });
      return { row: row!, fresh: true };
    });
  }

  async function settle(row: RefundRow): Promise<RefundRow> {
    if (row.provider === 'manual') return succeed(row, null);
    const [payment] = await db
      .select({ sessionId: orderPayments.sessionId, intent: orderPayments.paymentIntentId })
      .from(orderPayments)
      .where(and(eq(orderPayments.orderId, row.orderId), byProviderPayment))
      .limit(1);
    const [order] = await db
      .select({ intent: orders.paymentIntentId, sessionId: orders.paymentSessionId })
      .from(orders)
      .where(eq(orders.id, row.orderId));
    let refundId: string;
    try {
      ({ refundId } = await provider.refund({
        sessionId: payment?.sessionId ?? order?.sessionId ?? '',
        paymentIntentId: payment?.intent ?? order?.intent ?? null,
        amountPennies: row.amountPennies,
        idempotencyKey: row.id,
      }));
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db.transaction(async (tx) => {
        await lockOrder(tx, row.orderId);
        const [failed] = await tx
          .update(refunds)
          .set({ status: 'failed', lastError: message.slice(0, 500) })
          .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')))
          .returning();
        // What the refund took off the gift cards this order bought goes back on them.
        if (failed) await giveBackBoughtCards(tx, row.orderId, failed.amountPennies, SYSTEM);
      });
      throw new AppError(502, 'refund_failed', `The payment provider refused the refund: ${message}`);
    }
    return succeed(row, refundId);
  }

  function succeed(row: RefundRow, refundId: string | null): Promise<RefundRow> {
    return db.transaction(async (tx) => {
      await lockOrder(tx, row.orderId);
      const [done] = await tx
        .update(refunds)
        .set({ status: 'succeeded', providerRefundId: refundId, lastError: null })
        .where(and(eq(refunds.id, row.id), eq(refunds.status, 'pending')))
        .returning();
      if (done) await onRefunded(tx, done);
      return done ?? row;
    });
  }

  return {
    async refund(orderId: string, input: RefundInput, actor: Actor): Promise<RefundRow> {
      const { row, fresh } = await reserve(orderId, input, actor);
      // A repeated request whose first attempt is still with the provider gets that attempt.
      return fresh || row.status === 'pending' ? settle(row) : row;
    },

    /**
     * A refund made outside the shop (Stripe's dashboard): the provider says how much it has
     * refunded in all; whatever we do not know of yet becomes a refund row of its own.
     */
    async reconcileProviderTotal(paymentIntentId: string, totalRefunded: number, eventId: string) {
      return db.transaction(async (tx) => {
        const [order] = await tx
          .select({ id: orders.id })
          .from(orders)
          .where(eq(orders.paymentIntentId, paymentIntentId))
          .limit(1);
        if (!order) return 'unknown_order' as const;
        await lockOrder(tx, order.id);
        const { providerRefunded, remaining } = await balance(tx, order.id);
        const missing = Math.min(totalRefunded - providerRefunded, remaining);
        if (missing <= 0) return 'in_step' as const;
        const [row] = await tx
          .insert(refunds)
          .values({
            orderId: order.id,
            amountPennies: missing,
            reason: 'Refunded in the payment provider’s dashboard',
            status: 'succeeded',
            provider: 'stripe',
            requestKey: `provider:${eventId}`,
            actorName: 'Payment provider',
          })
          .onConflictDoNothing()
          .returning();
        // Money given back outside the shop still ends the gift cards it bought, as far as they go.
        const bought = row ? await lockBoughtCards(tx, order.id) : null;
        if (bought) {
          const take = Math.min(missing, bought.spendablePennies);
          await takeBackBoughtCards(tx, bought, order.id, take, SYSTEM, row!.reason);
        }
        if (row) await onRefunded(tx, row);
        return 'recorded' as const;
      });
    },
  };
}
