import { and, eq, isNotNull } from 'drizzle-orm';
import type { GiftCardPurchase } from '~/shared/gift-cards/gift-card-code';
import { SYSTEM } from '~/shared/orders/actor';
import { londonDate, londonInstant } from '~/shared/time/london-time';
import type { Db, Tx } from '../db/client';
import { giftCards } from '../db/schema';
import { badRequest, notFound } from '../errors';
import type { GiftCardEmailInput } from '../mail/gift-card-email';
import type { MailService } from '../mail/mail-service';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { hashGiftCardCode, newGiftCardCode } from './gift-card-codes';
import { boughtOn, type CardToIssue, type GiftCardRow, issueCards, lockCards } from './gift-card-ledger';

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

/** Who a bought card's e-mail says it is from: its buyer, or someone when their account has no name. */
const fromWhom = (buyerName: string | null) => buyerName || 'Someone';

/** A bought card's e-mail, with the code it is sent with (the card keeps only its hash). */
const emailOf = (card: GiftCardRow, code: string, from: string): GiftCardEmailInput => ({
  cardId: card.id,
  code,
  pennies: card.initialPennies,
  expiresAt: card.expiresAt,
  recipientName: card.recipientName ?? '',
  recipientEmail: card.recipientEmail ?? '',
  message: card.message ?? '',
  from,
});

/**
 * What the ledger asks of the orders module about the order a card was bought on: the orders
 * module owns orders and their buyers and imports the ledger, never the other way, so it hands
 * these over (services.ts wires them).
 */
export interface CardOrders {
  /** Whether `orderId` is `profileId`'s own order. */
  isBuyers(exec: Db | Tx, profileId: string, orderId: string): Promise<boolean>;
  /** Who a bought card's e-mail says it is from: its buyer, as their account names them. */
  buyerName(exec: Db | Tx, orderId: string): Promise<string | null>;
}

/** What the ledger needs of a paid order to issue the cards bought on it (see `CardOrders`). */
export interface CardsBought {
  orderId: string;
  /** The order's gift card lines, each at its price in pence. */
  lines: { purchase: GiftCardPurchase; pennies: number; quantity: number }[];
  /** Who the cards' e-mails say they are from: the buyer, as their account names them. */
  buyerName: string | null;
}

/**
 * A paid order's gift cards (decision 047): one card per card bought, issued in the payment's
 * transaction (the order's row is locked by it), each with its e-mail queued in the outbox for
 * its send date. Once per order: an order whose cards exist already issues none (a payment
 * webhook arriving twice, or a payment recorded after a cancellation). Answers how many it issued.
 */
export async function issueBoughtCards(
  tx: Tx,
  mail: Pick<MailService, 'queueGiftCards'>,
  { orderId, lines, buyerName: nameOfBuyer }: CardsBought,
  now = new Date(),
): Promise<number> {
  if (lines.length === 0) return 0;
  if ((await boughtOn(tx, orderId)).length > 0) return 0;
  const buyerName = fromWhom(nameOfBuyer);
  const wanted = lines.flatMap((line) => {
    const { purchase } = line;
    const card: CardToIssue = {
      pennies: line.pennies,
      actor: SYSTEM,
      reason: 'Bought in the shop',
      orderId,
      purchase,
      sentAt: sendAtFor(purchase.sendOn, now),
      now,
    };
    return Array.from({ length: line.quantity }, () => card);
  });
  const issued = await issueCards(tx, wanted);
  await mail.queueGiftCards(
    issued.map(({ card, code }) => ({
      email: emailOf(card, code, buyerName),
      sendAt: card.sentAt!,
    })),
    tx,
  );
  return issued.length;
}

/**
 * When a bought card's e-mail was last sent again, or null: `sent_at` is its first sending (08:00
 * on its send date, or when it was bought) until a resend moves it on.
 */
export function resentAt(card: Pick<GiftCardRow, 'sentAt' | 'sendOn' | 'createdAt'>): Date | null {
  if (!card.sentAt || !card.sendOn) return null;
  return card.sentAt > sendAtFor(card.sendOn, card.createdAt) ? card.sentAt : null;
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
  /** When its buyer last had it sent again (with a new code), or null. */
  resent_at: string | null;
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
    resent_at: resentAt(c)?.toISOString() ?? null,
    expires_at: c.expiresAt.toISOString(),
  }));
}

/**
 * The buyer sends a card's e-mail again (decision 064): the outbox keeps no readable code once an
 * e-mail is delivered, so the card gets a new code (the old one stops working: whoever holds the
 * first e-mail can no longer spend it) and its e-mail is written again with it, same balance,
 * same ledger. Only the buyer's own order's cards, only active ones, only once the e-mail has
 * gone out (not one waiting for its date), at most RESENDS_PER_HOUR an hour per card. `sent_at`
 * then says when it was sent again.
 */
export async function resendBoughtCard(
  db: Db,
  mail: Pick<MailService, 'resendGiftCard'>,
  rateLimiter: RateLimiter,
  cardOrders: CardOrders,
  profileId: string,
  orderId: string,
  cardId: string,
  now = new Date(),
): Promise<BoughtCardView> {
  const [card] = await db
    .select({ id: giftCards.id, sentAt: giftCards.sentAt })
    .from(giftCards)
    .where(and(eq(giftCards.id, cardId), eq(giftCards.orderId, orderId)));
  if (!card || !(await cardOrders.isBuyers(db, profileId, orderId))) throw notFound('Gift card not found');
  if (!card.sentAt || card.sentAt > now) {
    throw badRequest('This gift card has not been sent yet: it goes out on the date you chose.');
  }
  await rateLimiter.hit(
    `gift-card-resend:${card.id}`,
    RESENDS_PER_HOUR,
    3600,
    'This gift card was sent again a moment ago. Please wait an hour before sending it again.',
  );
  await db.transaction(async (tx) => {
    const [locked] = await lockCards(tx, [card.id]);
    if (locked?.status !== 'active' || locked.expiresAt <= now) {
      throw badRequest('This gift card is no longer valid, so its e-mail cannot be sent again.');
    }
    const code = newGiftCardCode();
    await tx
      .update(giftCards)
      .set({ codeHash: hashGiftCardCode(code), last4: code.slice(-4), sentAt: now })
      .where(eq(giftCards.id, card.id));
    const queued = await mail.resendGiftCard(
      {
        ...emailOf(locked, code, fromWhom(await cardOrders.buyerName(tx, orderId))),
        replacesSentAt: locked.sentAt,
      },
      tx,
    );
    if (!queued)
      throw badRequest('This gift card’s e-mail is being sent right now. Please try again in a minute.');
  });
  const [view] = (await boughtCardsOf(db, orderId)).filter((c) => c.id === card.id);
  return view!;
}
