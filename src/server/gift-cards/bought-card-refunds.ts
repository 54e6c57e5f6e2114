import { and, eq, inArray, isNotNull, like, sql } from 'drizzle-orm';
import type { Actor } from '~/shared/orders/actor';
import type { Tx } from '../db/client';
import { giftCardLedger, giftCards } from '../db/schema';
import { balancesOf, lockCards, type Movement, recordMovements } from './gift-card-ledger';

/**
 * Refunding an order that bought gift cards takes the money back off those cards (decision 064):
 * a refund must never leave the buyer with their money and the recipient with a card to spend.
 * Everything here runs in the refund's transaction, under the order's lock and then the cards'
 * (the order a checkout spends a card on is never the order that bought it, so no circle).
 */

/** How a refund's take-back starts on the card's ledger (matched again if the refund fails). */
export const PURCHASE_REFUNDED = 'Purchase refunded';
/** How the ledger says a take-back was given back because the provider refused the refund. */
export const PURCHASE_REFUND_FAILED = 'Refund of the purchase failed: balance given back';

export interface BoughtCardsBalance {
  cards: { id: string; balance: number }[];
  /** What the bought cards can still be spent for: the most a refund of the purchase can take back. */
  spendablePennies: number;
}

/** The cards an order bought, locked until the transaction ends, and what is left on them; null when it bought none. */
export async function lockBoughtCards(tx: Tx, orderId: string): Promise<BoughtCardsBalance | null> {
  const ids = await tx
    .select({ id: giftCards.id })
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), isNotNull(giftCards.orderId)));
  if (ids.length === 0) return null;
  const rows = await lockCards(
    tx,
    ids.map((r) => r.id),
  );
  const balances = await balancesOf(
    tx,
    rows.map((r) => r.id),
  );
  const cards = rows.map((r) => ({
    id: r.id,
    balance: r.status === 'active' ? Math.max(balances.get(r.id) ?? 0, 0) : 0,
  }));
  return { cards, spendablePennies: cards.reduce((sum, c) => sum + c.balance, 0) };
}

/**
 * Takes `pennies` of a refunded purchase off the cards it bought, card by card; a card left with
 * nothing is voided, and its ledger says the purchase was refunded. The caller has checked that
 * `pennies` is at most `spendablePennies` (a card partly spent is refunded at most its balance).
 */
export async function takeBackBoughtCards(
  tx: Tx,
  bought: BoughtCardsBalance,
  orderId: string,
  pennies: number,
  actor: Actor,
  reason: string,
) {
  let rest = pennies;
  const moves: Movement[] = [];
  const emptied: string[] = [];
  for (const card of bought.cards) {
    const take = Math.min(card.balance, rest);
    if (take <= 0) continue;
    rest -= take;
    const voids = take === card.balance;
    if (voids) emptied.push(card.id);
    moves.push({
      cardId: card.id,
      kind: 'adjusted',
      amountPennies: -take,
      orderId,
      actor,
      reason: `${PURCHASE_REFUNDED}${voids ? ', card voided' : ''}: ${reason}`,
    });
  }
  await recordMovements(tx, moves);
  if (emptied.length > 0)
    await tx.update(giftCards).set({ status: 'void' }).where(inArray(giftCards.id, emptied));
}

/**
 * The provider refused a refund that had taken `pennies` off the bought cards: the cards it was
 * taken from get it back, and a card voided only by refunds of its purchase is active
 * again. Under the order's lock, like the take-back it undoes.
 */
export async function giveBackBoughtCards(tx: Tx, orderId: string, pennies: number, actor: Actor) {
  const bought = await lockBoughtCards(tx, orderId);
  if (!bought) return;
  const ids = bought.cards.map((c) => c.id);
  const rows = await tx
    .select({
      cardId: giftCardLedger.cardId,
      taken:
        sql<number>`-coalesce(sum(case when ${like(giftCardLedger.reason, `${PURCHASE_REFUNDED}%`)} or ${like(giftCardLedger.reason, `${PURCHASE_REFUND_FAILED}%`)} then ${giftCardLedger.amountPennies} end), 0)`.mapWith(
          Number,
        ),
      voidedByOwner: sql<boolean>`bool_or(${like(giftCardLedger.reason, 'Voided:%')})`,
    })
    .from(giftCardLedger)
    .where(and(inArray(giftCardLedger.cardId, ids), eq(giftCardLedger.kind, 'adjusted')))
    .groupBy(giftCardLedger.cardId);
  let rest = pennies;
  const moves: Movement[] = [];
  const active: string[] = [];
  for (const row of rows) {
    const back = Math.min(row.taken, rest);
    if (back <= 0) continue;
    rest -= back;
    moves.push({
      cardId: row.cardId,
      kind: 'adjusted',
      amountPennies: back,
      orderId,
      actor,
      reason: PURCHASE_REFUND_FAILED,
    });
    if (!row.voidedByOwner) active.push(row.cardId);
  }
  await recordMovements(tx, moves);
  if (active.length > 0) {
    await tx
      .update(giftCards)
      .set({ status: 'active' })
      .where(and(inArray(giftCards.id, active), eq(giftCards.status, 'void')));
  }
}
