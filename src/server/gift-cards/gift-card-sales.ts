import { and, eq, isNotNull } from 'drizzle-orm';
import { SYSTEM } from '~/shared/orders/actor';
import { londonDate, londonInstant } from '~/shared/time/london-time';
import type { Db, Tx } from '../db/client';
import { giftCards, orderItems, orders, profiles } from '../db/schema';
import { badRequest, notFound } from '../errors';
import { giftCardEmailKey } from '../mail/gift-card-email';
import type { MailService } from '../mail/mail-service';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { boughtOn, issueCard } from './gift-card-ledger';

/** A bought card's e-mail goes out at this London time on its send date (today's goes at once). */
export const GIFT_CARD_SEND_TIME = '08:00';
/** Resends of one card's e-mail its buyer may ask for per hour. */
export const RESENDS_PER_HOUR = 3;

/** When a card to send on `sendOn` goes out: 08:00 London that day, or now when that has passed. */
export function sendAtFor(sendOn: string, now = new Date()): Date {
  if (sendOn <= londonDate(now)) return now;
  const at = londonInstant(sendOn, GIFT_CARD_SEND_TIME);
  return at > now ? at : now;
}

/**
 * A paid order's gift cards (decision 047): one card per card bought, issued in the payment's
 * transaction (the order's row is locked by it), each with its e-mail queued in the outbox for
 * its send date. Once per order: an order whose cards exist already issues none (a payment
 * webhook arriving twice, or a payment recorded after a cancellation). Answers how many it issued.
 */
export async function issueBoughtCards(
  tx: Tx,
  mail: Pick<MailService, 'queueGiftCard'>,
  orderId: string,
  now = new Date(),
): Promise<number> {
  const lines = await tx
    .select({
      giftCard: orderItems.giftCard,
      pennies: orderItems.unitPricePennies,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.giftCard)));
  if (lines.length === 0) return 0;
  if ((await boughtOn(tx, orderId)).length > 0) return 0;
  const [buyer] = await tx
    .select({ name: profiles.fullName })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.profileId))
    .where(eq(orders.id, orderId));
  const buyerName = buyer?.name || 'Someone';
  let issued = 0;
  for (const line of lines) {
    const purchase = line.giftCard!;
    for (let i = 0; i < line.quantity; i++) {
      const { card, code } = await issueCard(tx, {
        pennies: line.pennies,
        actor: SYSTEM,
        reason: 'Bought in the shop',
        orderId,
        purchase,
        now,
      });
      const sendAt = sendAtFor(purchase.sendOn, now);
      await mail.queueGiftCard(
        {
          cardId: card.id,
          code,
          pennies: line.pennies,
          expiresAt: card.expiresAt,
          recipientName: purchase.recipientName,
          recipientEmail: purchase.recipientEmail,
          message: purchase.message,
          from: buyerName,
        },
        sendAt,
        tx,
      );
      await tx.update(giftCards).set({ sentAt: sendAt }).where(eq(giftCards.id, card.id));
      issued++;
    }
  }
  return issued;
}

/** A bought card as its buyer's order page shows it. */
export interface BoughtCardView {
  id: string;
  last4: string;
  amount_pennies: number;
  recipient_name: string;
  recipient_email: string;
  /** The buyer's message to the recipient ('' when none): the buyer's own data, in their export. */
  message: string;
  send_on: string;
  /** When its e-mail went (or goes) out; in the future = not sent yet. */
  sent_at: string | null;
  expires_at: string;
}

/** The cards an order bought (none until it is paid), for its buyer's page and the owner's. */
export async function boughtCardsOf(db: Db | Tx, orderId: string): Promise<BoughtCardView[]> {
  const rows = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), isNotNull(giftCards.orderId)))
    .orderBy(giftCards.createdAt, giftCards.id);
  return rows.map((c) => ({
    id: c.id,
    last4: c.last4,
    amount_pennies: c.initialPennies,
    recipient_name: c.recipientName ?? '',
    recipient_email: c.recipientEmail ?? '',
    message: c.message ?? '',
    send_on: c.sendOn ?? '',
    sent_at: c.sentAt?.toISOString() ?? null,
    expires_at: c.expiresAt.toISOString(),
  }));
}

/**
 * The buyer sends a card's e-mail again (decision 047): the same e-mail, with the same code,
 * re-queued in the outbox (the shop keeps only the code's hash, so it could not write it again).
 * Only the buyer's own order's cards, only once the e-mail has gone out, at most
 * RESENDS_PER_HOUR an hour per card.
 */
export async function resendBoughtCard(
  db: Db,
  mail: Pick<MailService, 'requeue'>,
  rateLimiter: RateLimiter,
  profileId: string,
  orderId: string,
  cardId: string,
  now = new Date(),
): Promise<BoughtCardView> {
  const [card] = await db
    .select({ id: giftCards.id, sentAt: giftCards.sentAt })
    .from(giftCards)
    .innerJoin(orders, eq(orders.id, giftCards.orderId))
    .where(and(eq(giftCards.id, cardId), eq(giftCards.orderId, orderId), eq(orders.profileId, profileId)));
  if (!card) throw notFound('Gift card not found');
  if (!card.sentAt || card.sentAt > now) {
    throw badRequest('This gift card has not been sent yet: it goes out on the date you chose.');
  }
  await rateLimiter.hit(
    `gift-card-resend:${card.id}`,
    RESENDS_PER_HOUR,
    3600,
    'This gift card was sent again a moment ago. Please wait an hour before sending it again.',
  );
  const queued = await mail.requeue(giftCardEmailKey(card.id));
  if (!queued)
    throw badRequest('This gift card’s e-mail is being sent right now. Please try again in a minute.');
  await db.update(giftCards).set({ sentAt: now }).where(eq(giftCards.id, card.id));
  const [view] = (await boughtCardsOf(db, orderId)).filter((c) => c.id === card.id);
  return view!;
}
