import type { Actor } from '~/shared/orders/actor';
import type { Tx } from '../db/client';
import { subscriptionHistory } from '../db/schema';

/** Writes one line of a subscription's history (what, by whom) in the caller's transaction. */
export async function addHistory(
  tx: Tx,
  subscriptionId: string,
  action: string,
  actor: Actor,
  note: string | null = null,
) {
  await tx.insert(subscriptionHistory).values({
    subscriptionId,
    action,
    actorType: actor.type,
    actorId: actor.id ?? null,
    actorName: actor.name,
    note,
  });
}
