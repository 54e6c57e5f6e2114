import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { clubDeliveries, subscriptions } from '../db/schema';
import type { SavedCard } from '../payments/payment-provider';
import { deliveryPayments } from './club-admin';
import { CLUB, type ClubDeps } from './club-deps';
import { addHistory } from './club-history';
import { historyOf, viewsOf } from './club-views';

export const ENDED_BY_DELETION = 'The member deleted their account';

/**
 * A deleted account's Cookie Club ends in the deletion's own transaction: every
 * subscription is cancelled, a delivery made but not yet paid is never charged (its pending order is
 * cancelled with the account's other pending orders), and the saved cards are forgotten here. The
 * open card pages are closed too: their setup session is cleared, so a card saved there now saves
 * nothing. Answers the cards, for the caller to detach at the provider once this has committed.
 */
export async function endForDeletedAccount(tx: Tx, profileId: string): Promise<SavedCard[]> {
  const subs = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.profileId, profileId))
    .for('update');
  if (subs.length === 0) return [];
  const ids = subs.map((s) => s.id);
  for (const sub of subs) {
    if (sub.status !== 'cancelled') await addHistory(tx, sub.id, 'cancelled', CLUB, ENDED_BY_DELETION);
  }
  await tx
    .update(subscriptions)
    .set({
      status: 'cancelled',
      cancelledAt: sql`coalesce(${subscriptions.cancelledAt}, now())`,
      paymentMethodId: null,
      cardLabel: null,
      setupSessionId: null,
    })
    .where(inArray(subscriptions.id, ids));
  await tx
    .update(clubDeliveries)
    .set({ status: 'missed', nextRetryAt: null, lastError: ENDED_BY_DELETION })
    .where(and(inArray(clubDeliveries.subscriptionId, ids), eq(clubDeliveries.status, 'due')));
  return subs.flatMap((s) =>
    s.paymentMethodId
      ? [{ customerId: s.providerCustomerId, paymentMethodId: s.paymentMethodId, label: s.cardLabel ?? '' }]
      : [],
  );
}

/** Detaches a deleted account's saved cards at the provider (best effort: a refusal is logged). */
export async function detachCards(deps: ClubDeps, cards: readonly SavedCard[]) {
  for (const card of cards) {
    try {
      await deps.provider.savedCards?.detach(card);
    } catch (err) {
      deps.log.error({ err }, 'could not detach a deleted account’s saved card at the provider');
    }
  }
}

/** "Download my data": the member's subscriptions, each with its deliveries, their payments and its history. */
export async function subscriptionsExport(deps: ClubDeps, profileId: string) {
  const rows = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.profileId, profileId))
    .orderBy(subscriptions.createdAt);
  const views = await viewsOf(deps, deps.db, rows);
  const out = [];
  for (const view of views) {
    out.push({
      ...view,
      payments: await deliveryPayments(deps, view),
      history: await historyOf(deps.db, view.id),
    });
  }
  return out;
}
