import { and, eq, inArray } from 'drizzle-orm';
import { normaliseGiftCardCode } from '~/shared/gift-cards/gift-card-code';
import type { Actor } from '~/shared/orders/actor';
import type { Tx } from '../db/client';
import { giftCardLedger, giftCards } from '../db/schema';
import { hashGiftCardCode } from '../gift-cards/gift-card-codes';
import type { OpenCheckout } from './open-checkouts';
import type { ReceivedPayment } from './order-payments';
import { applyStatus } from './order-status';

/** The session id (and event id) of what gift cards paid for an order: one per order. */
export const giftCardSessionId = (orderId: string) => `gift-card:${orderId}`;

/** An order paid in full by its gift cards, recorded as money is (decision 032). */
export function giftCardPayment(orderId: string, pennies: number): ReceivedPayment {
  return {
    provider: 'gift_card',
    eventId: giftCardSessionId(orderId),
    sessionId: giftCardSessionId(orderId),
    orderId,
    amount: { pennies, currency: 'gbp' },
  };
}

export const REPLACED_NOTE = 'Replaced by a newer checkout with the same gift card';

/**
 * The customer's own orders waiting for payment that hold any of these cards are cancelled (their
 * holds released), so going back from the payment page and paying again with the same card finds
 * its balance. Answers their payment pages, to close once this commits.
 */
export async function cancelCheckoutsHolding(
  tx: Tx,
  open: OpenCheckout[],
  rawCodes: readonly string[],
  actor: Actor,
) {
  const holding = open.filter((o) => o.order.giftCardPennies > 0);
  const hashes = rawCodes.flatMap((c) => {
    const code = normaliseGiftCardCode(c);
    return code ? [hashGiftCardCode(code)] : [];
  });
  if (holding.length === 0 || hashes.length === 0) return [];
  const rows = await tx
    .selectDistinct({ orderId: giftCardLedger.orderId })
    .from(giftCardLedger)
    .innerJoin(giftCards, eq(giftCards.id, giftCardLedger.cardId))
    .where(
      and(
        inArray(
          giftCardLedger.orderId,
          holding.map((o) => o.order.id),
        ),
        eq(giftCardLedger.kind, 'held'),
        inArray(giftCards.codeHash, hashes),
      ),
    );
  const ids = new Set(rows.map((r) => r.orderId));
  const replaced = holding.filter((o) => ids.has(o.order.id)).map((o) => o.order);
  for (const order of replaced) await applyStatus(tx, order, 'cancelled', actor, REPLACED_NOTE);
  return replaced;
}
