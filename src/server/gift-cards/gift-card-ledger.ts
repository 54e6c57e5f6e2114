import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  applyGiftCards,
  GIFT_CARD_REFUSALS,
  type GiftCardMovement,
  type GiftCardPurchase,
  giftCardExpiry,
  MAX_GIFT_CARDS_PER_ORDER,
  normaliseGiftCardCode,
} from '~/shared/gift-cards/gift-card-code';
import type { Actor } from '~/shared/orders/actor';
import type { Db, Tx } from '../db/client';
import { giftCardLedger, giftCards } from '../db/schema';
import { badRequest } from '../errors';
import { hashGiftCardCode, newGiftCardCode } from './gift-card-codes';

/**
 * The gift card ledger (decision 044): every change of a balance is a row, the balance is their
 * sum, and every change is made under the card's row lock (`select ... for update`) in the
 * caller's transaction, so two checkouts never spend one balance twice. Cards are always locked
 * in id order, after the order, profile, day and code locks a checkout or payment takes.
 */

export type GiftCardRow = typeof giftCards.$inferSelect;

/** The cards, locked until the transaction ends, in id order (two orders never wait in a circle). */
export async function lockCards(tx: Tx, ids: string[]): Promise<GiftCardRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(giftCards)
    .where(inArray(giftCards.id, [...new Set(ids)]))
    .orderBy(asc(giftCards.id))
    .for('update');
}

/** Each card's balance: the sum of its ledger (read under the card's lock to act on it). */
export async function balancesOf(tx: Db | Tx, ids: string[]): Promise<Map<string, number>> {
  const out = new Map(ids.map((id) => [id, 0]));
  if (ids.length === 0) return out;
  const rows = await tx
    .select({
      cardId: giftCardLedger.cardId,
      balance: sql<number>`sum(${giftCardLedger.amountPennies})`.mapWith(Number),
    })
    .from(giftCardLedger)
    .where(inArray(giftCardLedger.cardId, ids))
    .groupBy(giftCardLedger.cardId);
  for (const r of rows) out.set(r.cardId, r.balance);
  return out;
}

export async function balanceOf(tx: Db | Tx, id: string): Promise<number> {
  return (await balancesOf(tx, [id])).get(id) ?? 0;
}

export interface Movement {
  cardId: string;
  kind: GiftCardMovement;
  amountPennies: number;
  orderId?: string | null;
  actor: Actor;
  reason?: string | null;
}

/** Writes ledger rows (a zero amount is no movement and is skipped); the caller holds the cards' locks. */
export async function recordMovements(tx: Tx, movements: Movement[]) {
  const rows = movements.filter((m) => m.amountPennies !== 0);
  if (rows.length === 0) return;
  await tx.insert(giftCardLedger).values(
    rows.map((m) => ({
      cardId: m.cardId,
      kind: m.kind,
      amountPennies: m.amountPennies,
      orderId: m.orderId ?? null,
      actorType: m.actor.type,
      actorName: m.actor.name,
      reason: m.reason ?? null,
    })),
  );
}

/** A new card: its code is returned once (for the e-mail or the owner) and never stored. */
export interface CardToIssue {
  pennies: number;
  actor: Actor;
  reason: string;
  orderId?: string | null;
  purchase?: GiftCardPurchase | null;
  /** When its e-mail goes out (a bought card). */
  sentAt?: Date | null;
  now?: Date;
}

/**
 * New cards, in one statement for the cards and one for their ledger (an order of twenty holds
 * its lock and connection for two statements, not forty: decision 064). Their codes are returned
 * once, in the order given, and never stored.
 */
export async function issueCards(
  tx: Tx,
  inputs: CardToIssue[],
): Promise<{ card: GiftCardRow; code: string }[]> {
  if (inputs.length === 0) return [];
  const codes = inputs.map(() => newGiftCardCode());
  const cards = await tx
    .insert(giftCards)
    .values(
      inputs.map((input, i) => {
        const now = input.now ?? new Date();
        return {
          codeHash: hashGiftCardCode(codes[i]!),
          last4: codes[i]!.slice(-4),
          initialPennies: input.pennies,
          expiresAt: giftCardExpiry(now),
          orderId: input.orderId ?? null,
          recipientName: input.purchase?.recipientName ?? null,
          recipientEmail: input.purchase?.recipientEmail ?? null,
          message: input.purchase?.message ?? null,
          sendOn: input.purchase?.sendOn ?? null,
          sentAt: input.sentAt ?? null,
          issuedBy: input.actor.name,
          createdAt: now,
        };
      }),
    )
    .returning();
  // Rows come back in the order inserted: pair them with their codes by hash, which is certain.
  const byHash = new Map(cards.map((c) => [c.codeHash, c]));
  const issued = codes.map((code) => ({ card: byHash.get(hashGiftCardCode(code))!, code }));
  await recordMovements(
    tx,
    issued.map(({ card }, i) => ({
      cardId: card.id,
      kind: 'issued' as const,
      amountPennies: inputs[i]!.pennies,
      orderId: inputs[i]!.orderId,
      actor: inputs[i]!.actor,
      reason: inputs[i]!.reason,
    })),
  );
  return issued;
}

/** A new card: its code is returned once (for the e-mail or the owner) and never stored. */
export async function issueCard(tx: Tx, input: CardToIssue): Promise<{ card: GiftCardRow; code: string }> {
  const [issued] = await issueCards(tx, [input]);
  return issued!;
}

/** The card a typed code names, or null (a wrong code and an unknown one are the same). */
export async function findByCode(tx: Db | Tx, raw: unknown): Promise<GiftCardRow | null> {
  const code = normaliseGiftCardCode(raw);
  if (!code) return null;
  const [card] = await tx
    .select()
    .from(giftCards)
    .where(eq(giftCards.codeHash, hashGiftCardCode(code)));
  return card ?? null;
}

/** Whether a card can pay today, and why not. */
export function refusal(card: GiftCardRow, balance: number, now = new Date()): string | null {
  if (card.status === 'void') return GIFT_CARD_REFUSALS.invalid;
  if (card.status === 'expired' || card.expiresAt <= now) return GIFT_CARD_REFUSALS.expired;
  if (balance <= 0) return GIFT_CARD_REFUSALS.empty;
  return null;
}

/** What each card would pay of an order, as checkout plans it (under the cards' locks when `lock`). */
export interface GiftCardPlan {
  cards: { id: string; last4: string; pennies: number }[];
  coveredPennies: number;
}

/**
 * The typed codes checked and applied to `totalPennies` in the order given: each pays up to its
 * balance until the total is covered. A wrong, used-up, expired or repeated code is refused with
 * its reason (field `gift_cards`); with `lock`, the cards stay locked until the transaction ends.
 */
export async function planGiftCards(
  tx: Db | Tx,
  rawCodes: readonly string[],
  totalPennies: number,
  lock: boolean,
): Promise<GiftCardPlan> {
  if (rawCodes.length === 0) return { cards: [], coveredPennies: 0 };
  const refuse = (message: string) => badRequest(message, { gift_cards: message });
  if (rawCodes.length > MAX_GIFT_CARDS_PER_ORDER) throw refuse(GIFT_CARD_REFUSALS.tooMany);
  const codes = rawCodes.map(normaliseGiftCardCode);
  if (codes.some((c) => c === null)) throw refuse(GIFT_CARD_REFUSALS.invalid);
  if (new Set(codes).size !== codes.length) throw refuse(GIFT_CARD_REFUSALS.repeated);
  const hashes = codes.map((c) => hashGiftCardCode(c!));
  const found = await tx
    .select({ id: giftCards.id, codeHash: giftCards.codeHash })
    .from(giftCards)
    .where(inArray(giftCards.codeHash, hashes));
  const idOf = new Map(found.map((f) => [f.codeHash, f.id]));
  const ids = hashes.map((h) => idOf.get(h));
  if (ids.some((id) => !id)) throw refuse(GIFT_CARD_REFUSALS.invalid);
  const rows = lock
    ? await lockCards(tx as Tx, ids as string[])
    : await tx
        .select()
        .from(giftCards)
        .where(inArray(giftCards.id, ids as string[]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const balances = await balancesOf(tx, ids as string[]);
  const cards = (ids as string[]).map((id) => byId.get(id)!);
  for (const card of cards) {
    const why = refusal(card, balances.get(card.id) ?? 0);
    if (why) throw refuse(why);
  }
  const { amounts, coveredPennies } = applyGiftCards(
    totalPennies,
    cards.map((c) => balances.get(c.id) ?? 0),
  );
  return {
    cards: cards
      .map((c, i) => ({ id: c.id, last4: c.last4, pennies: amounts[i]! }))
      .filter((c) => c.pennies > 0),
    coveredPennies,
  };
}

/** The plan held for a pending order (the cards locked by `planGiftCards(..., true)`). */
export async function holdForOrder(tx: Tx, orderId: string, plan: GiftCardPlan, actor: Actor) {
  await recordMovements(
    tx,
    plan.cards.map((c) => ({
      cardId: c.id,
      kind: 'held' as const,
      amountPennies: -c.pennies,
      orderId,
      actor,
    })),
  );
}

/** What each card still holds for an order (held less released), by card. */
async function openHolds(tx: Tx, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({
      cardId: giftCardLedger.cardId,
      held: sql<number>`-sum(${giftCardLedger.amountPennies})`.mapWith(Number),
    })
    .from(giftCardLedger)
    .where(and(eq(giftCardLedger.orderId, orderId), inArray(giftCardLedger.kind, ['held', 'released'])))
    .groupBy(giftCardLedger.cardId);
  return new Map(rows.filter((r) => r.held > 0).map((r) => [r.cardId, r.held]));
}

/**
 * An order that will not be paid (expired, cancelled) gives back what it held. A card that has
 * expired meanwhile gets its amount back and loses it again as expired.
 */
export async function releaseForOrder(tx: Tx, orderId: string, actor: Actor, reason: string) {
  const holds = await openHolds(tx, orderId);
  if (holds.size === 0) return;
  const cards = await lockCards(tx, [...holds.keys()]);
  const now = new Date();
  const moves: Movement[] = [];
  for (const card of cards) {
    const pennies = holds.get(card.id)!;
    moves.push({ cardId: card.id, kind: 'released', amountPennies: pennies, orderId, actor, reason });
    if (card.status !== 'active' || card.expiresAt <= now) {
      moves.push({
        cardId: card.id,
        kind: card.status === 'void' ? 'adjusted' : 'expired',
        amountPennies: -pennies,
        orderId,
        actor,
        reason: card.status === 'void' ? 'The card is void' : 'The card expired while the order was pending',
      });
    }
  }
  await recordMovements(tx, moves);
}

/**
 * The order is paid: what it held is spent (the hold released and spent in one go, so the
 * balance does not move). When it held nothing (it was cancelled and released, then paid after
 * all), the same cards are asked again for `wantedPennies` as far as their balances go.
 * Answers the pence spent.
 */
export async function spendForOrder(tx: Tx, orderId: string, wantedPennies: number, actor: Actor) {
  const holds = await openHolds(tx, orderId);
  const moves: Movement[] = [];
  let spent = 0;
  if (holds.size > 0) {
    await lockCards(tx, [...holds.keys()]);
    for (const [cardId, pennies] of holds) {
      moves.push({ cardId, kind: 'released', amountPennies: pennies, orderId, actor, reason: 'Order paid' });
      moves.push({ cardId, kind: 'spent', amountPennies: -pennies, orderId, actor });
      spent += pennies;
    }
  } else {
    const earlier = await tx
      .selectDistinct({ cardId: giftCardLedger.cardId })
      .from(giftCardLedger)
      .where(and(eq(giftCardLedger.orderId, orderId), eq(giftCardLedger.kind, 'held')));
    const cards = await lockCards(
      tx,
      earlier.map((e) => e.cardId),
    );
    const balances = await balancesOf(
      tx,
      cards.map((c) => c.id),
    );
    const usable = cards.filter((c) => !refusal(c, balances.get(c.id) ?? 0));
    const { amounts } = applyGiftCards(
      wantedPennies,
      usable.map((c) => balances.get(c.id) ?? 0),
    );
    usable.forEach((c, i) => {
      moves.push({
        cardId: c.id,
        kind: 'spent',
        amountPennies: -amounts[i]!,
        orderId,
        actor,
        reason: 'Paid after cancellation',
      });
      spent += amounts[i]!;
    });
  }
  await recordMovements(tx, moves);
  return spent;
}

/** What gift cards paid for an order and have not had back yet, by card (spent less refunded). */
export async function refundableByCard(tx: Tx, orderId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({
      cardId: giftCardLedger.cardId,
      left: sql<number>`-sum(${giftCardLedger.amountPennies})`.mapWith(Number),
    })
    .from(giftCardLedger)
    .where(and(eq(giftCardLedger.orderId, orderId), inArray(giftCardLedger.kind, ['spent', 'refunded'])))
    .groupBy(giftCardLedger.cardId);
  return new Map(rows.filter((r) => r.left > 0).map((r) => [r.cardId, r.left]));
}

/** Gives `pennies` of an order back to the gift cards that paid for it (at most what they paid). */
export async function refundToCards(tx: Tx, orderId: string, pennies: number, actor: Actor, reason: string) {
  const left = await refundableByCard(tx, orderId);
  await lockCards(tx, [...left.keys()]);
  let rest = pennies;
  const moves: Movement[] = [];
  for (const [cardId, max] of left) {
    const back = Math.min(max, rest);
    rest -= back;
    moves.push({ cardId, kind: 'refunded', amountPennies: back, orderId, actor, reason });
  }
  await recordMovements(tx, moves);
  return pennies - rest;
}

/** The owner adds to or takes from a card, with a reason; never below £0. */
export async function adjustCard(tx: Tx, cardId: string, pennies: number, actor: Actor, reason: string) {
  const [card] = await lockCards(tx, [cardId]);
  if (!card) return null;
  if (card.status === 'void') throw badRequest('This gift card is void.');
  const balance = await balanceOf(tx, cardId);
  if (balance + pennies < 0) {
    throw badRequest('A card’s balance cannot go below £0.00.', { amount: 'Too much taken off' });
  }
  await recordMovements(tx, [{ cardId, kind: 'adjusted', amountPennies: pennies, actor, reason }]);
  return card;
}

/** The owner voids a card (lost, sold in error): its balance goes, with the reason; it can no longer pay. */
export async function voidCard(tx: Tx, cardId: string, actor: Actor, reason: string) {
  const [card] = await lockCards(tx, [cardId]);
  if (!card) return null;
  if (card.status === 'void') return card;
  const balance = await balanceOf(tx, cardId);
  await recordMovements(tx, [
    { cardId, kind: 'adjusted', amountPennies: -balance, actor, reason: `Voided: ${reason}` },
  ]);
  await tx.update(giftCards).set({ status: 'void' }).where(eq(giftCards.id, cardId));
  return card;
}

/**
 * Cards past their expiry lose what is left on them (an `expired` row) and are marked expired.
 * Safe on several instances at once: each claims different cards (skip locked).
 */
export async function expireDue(tx: Tx, actor: Actor, now = new Date(), limit = 100): Promise<number> {
  const due = await tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.status, 'active'), sql`${giftCards.expiresAt} <= ${now.toISOString()}`))
    .orderBy(asc(giftCards.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (due.length === 0) return 0;
  const balances = await balancesOf(
    tx,
    due.map((c) => c.id),
  );
  await recordMovements(
    tx,
    due.map((c) => ({
      cardId: c.id,
      kind: 'expired' as const,
      amountPennies: -Math.max(balances.get(c.id) ?? 0, 0),
      actor,
      reason: '24 months after it was issued',
    })),
  );
  await tx
    .update(giftCards)
    .set({ status: 'expired' })
    .where(
      inArray(
        giftCards.id,
        due.map((c) => c.id),
      ),
    );
  return due.length;
}

/** The cards bought on an order (issued once it was paid). */
export const boughtOn = (tx: Tx, orderId: string) =>
  tx
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.orderId, orderId), isNotNull(giftCards.orderId)));
