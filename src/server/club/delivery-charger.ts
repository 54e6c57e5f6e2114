import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { RETRY_AFTER_DAYS } from '~/shared/club/club';
import type { OrderView } from '~/shared/orders/order-view';
import { addDays, atLondonTimeOf, londonDate } from '~/shared/time/london-time';
import type { Tx } from '../db/client';
import { clubDeliveries, products, profiles, subscriptions } from '../db/schema';
import { CLUB, type ClubDeps, deliveryReference } from './club-deps';
import { ownerPausedEmail, updateCardEmail } from './club-emails';
import { addHistory } from './club-history';
import { contentsOf } from './club-pricing';

/** A charge left "charging" this long (the process stopped mid-call) is asked again, with the same key. */
const STALE_CHARGE_MS = 10 * 60_000;

export type ChargeResult = 'paid' | 'declined' | 'refunded' | 'not_due' | 'error' | 'missed';

/** The provider's idempotency key of one attempt to charge one delivery: a repeat of it is the same charge. */
export const chargeKey = (deliveryId: string, attempt: number) => `club-${deliveryId}-${attempt}`;

type DeliveryRow = typeof clubDeliveries.$inferSelect;

/**
 * Claims a delivery to charge: one scheduler wins each attempt (a conditional update), so however many
 * run, each attempt is one request with one idempotency key. A claim left behind by a stopped
 * process is taken again with the same attempt number, so the provider answers it as the same charge.
 */
async function claim(deps: ClubDeps, deliveryId: string, now: Date): Promise<DeliveryRow | null> {
  const [fresh] = await deps.db
    .update(clubDeliveries)
    .set({ status: 'charging', attempts: sql`${clubDeliveries.attempts} + 1`, chargeStartedAt: now })
    .where(
      and(
        eq(clubDeliveries.id, deliveryId),
        eq(clubDeliveries.status, 'due'),
        or(isNull(clubDeliveries.nextRetryAt), lte(clubDeliveries.nextRetryAt, now)),
      ),
    )
    .returning();
  if (fresh) return fresh;
  const [stale] = await deps.db
    .update(clubDeliveries)
    .set({ chargeStartedAt: now })
    .where(
      and(
        eq(clubDeliveries.id, deliveryId),
        eq(clubDeliveries.status, 'charging'),
        lt(clubDeliveries.chargeStartedAt, new Date(now.getTime() - STALE_CHARGE_MS)),
      ),
    )
    .returning();
  return stale ?? null;
}

/** Charges one delivery with its saved card, when it is due and its order can still be baked. */
export async function chargeDelivery(deps: ClubDeps, deliveryId: string, now: Date): Promise<ChargeResult> {
  const delivery = await claim(deps, deliveryId, now);
  if (!delivery?.orderId) return 'not_due';
  const [sub] = await deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, delivery.subscriptionId));
  const order = await deps.orders.getForAdmin(delivery.orderId);
  if (order.paid_at) return settlePaid(deps, delivery, order, now);
  const pastCutoff =
    order.status !== 'pending' ||
    (order.payment.expires_at !== null && new Date(order.payment.expires_at) <= now);
  const card = sub?.paymentMethodId
    ? { customerId: sub.providerCustomerId, paymentMethodId: sub.paymentMethodId, label: sub.cardLabel ?? '' }
    : null;
  if (!sub || !card || !deps.provider.savedCards || pastCutoff) {
    // Nothing to charge it to, or too late to bake it: counted as a failed attempt, never charged.
    return declined(
      deps,
      delivery,
      now,
      pastCutoff ? 'Not charged: the box’s cut-off has passed' : 'No saved card',
    );
  }
  let answer: Awaited<ReturnType<NonNullable<typeof deps.provider.savedCards>['charge']>>;
  try {
    answer = await deps.provider.savedCards.charge({
      card,
      amountPennies: order.total_pennies,
      idempotencyKey: chargeKey(delivery.id, delivery.attempts),
      orderId: order.id,
      paymentReference: deliveryReference(delivery.id),
      description: `Cookie Club box ${order.number}`,
    });
  } catch (err) {
    // No answer (network, provider down): the claim goes stale and is asked again with the same key.
    deps.log.error({ err, deliveryId }, 'Cookie Club charge got no answer; it will be asked again');
    return 'error';
  }
  if (!answer.ok) return declined(deps, delivery, now, answer.message);
  await deps.recordCharge({
    eventId: `club_charge_${answer.paymentIntentId}`,
    eventType: answer.eventType,
    action: {
      kind: 'paid',
      payment: {
        sessionId: deliveryReference(delivery.id),
        orderId: order.id,
        paymentIntentId: answer.paymentIntentId,
        amount: answer.amount,
      },
    },
  });
  return settlePaid(deps, delivery, await deps.orders.getForAdmin(order.id), now);
}

/**
 * A delivery whose order is paid (by the charge's answer or a webhook): paid, or, when the money came
 * after the delivery's cut-off, refunded and not baked.
 */
export async function settlePaid(
  deps: ClubDeps,
  delivery: DeliveryRow,
  order: OrderView,
  now: Date,
): Promise<ChargeResult> {
  const paidAt = new Date(order.paid_at ?? now);
  const late =
    order.flags.includes('paid_after_cancellation') ||
    (order.payment.expires_at !== null && paidAt >= new Date(order.payment.expires_at));
  if (late) {
    const reason = 'Paid after the box’s cut-off: refunded, not baked';
    if (order.status !== 'cancelled') await deps.orders.setStatus(order.id, 'cancelled', CLUB, reason);
    if (order.refunded_pennies < order.paid_pennies) {
      await deps.orders.refund(
        order.id,
        { amountPennies: null, reason, requestKey: `club-late:${delivery.id}` },
        CLUB,
      );
    }
    await deps.db
      .update(clubDeliveries)
      .set({ status: 'refunded', nextRetryAt: null })
      .where(eq(clubDeliveries.id, delivery.id));
    return 'refunded';
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(clubDeliveries)
      .set({ status: 'paid', nextRetryAt: null, lastError: null })
      .where(eq(clubDeliveries.id, delivery.id));
    const back = await tx
      .update(subscriptions)
      .set({ status: 'active' })
      .where(and(eq(subscriptions.id, delivery.subscriptionId), eq(subscriptions.status, 'failing')))
      .returning({ id: subscriptions.id });
    if (back.length) await addHistory(tx, delivery.subscriptionId, 'card_working', CLUB, 'A box was paid');
  });
  return 'paid';
}

/**
 * A declined (or impossible) attempt: the order waits unpaid, not baked; the member is asked to
 * update the card, and the delivery is tried again 1, 3 and 5 days after the first decline. After the
 * last, the subscription pauses and the owner is told.
 */
async function declined(
  deps: ClubDeps,
  delivery: DeliveryRow,
  now: Date,
  reason: string,
): Promise<ChargeResult> {
  const { db, mail, config } = deps;
  const first = delivery.firstDeclinedAt ?? now;
  const retryIn = RETRY_AFTER_DAYS[delivery.attempts - 1];
  // Days on London's calendar at the same time of day: the e-mail promises a date.
  const nextRetryAt =
    retryIn === undefined ? null : atLondonTimeOf(addDays(londonDate(first), retryIn), first);
  const last = nextRetryAt === null;
  const cancelOrder = await db.transaction(async (tx) => {
    await tx
      .update(clubDeliveries)
      .set({ status: last ? 'missed' : 'due', firstDeclinedAt: first, nextRetryAt, lastError: reason })
      .where(eq(clubDeliveries.id, delivery.id));
    const [row] = await tx
      .select({ sub: subscriptions, profile: profiles })
      .from(subscriptions)
      .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
      .where(eq(subscriptions.id, delivery.subscriptionId))
      .for('update', { of: subscriptions });
    if (!row) return false;
    const { sub, profile } = row;
    const name = await productName(tx, sub.productId);
    const ctx = {
      shop: config.shop,
      publicUrl: config.publicUrl,
      to: profile.email,
      subscriptionId: sub.id,
      contents: contentsOf(sub.quantity, name),
    };
    await mail.enqueue(
      updateCardEmail(ctx, {
        id: delivery.id,
        date: delivery.deliveryDate ?? delivery.scheduledDate,
        attempt: delivery.attempts,
        pennies: delivery.totalPennies,
        retryOn: nextRetryAt ? londonDate(nextRetryAt) : null,
      }),
      tx,
    );
    if (!last) {
      if (sub.status === 'active') {
        await tx.update(subscriptions).set({ status: 'failing' }).where(eq(subscriptions.id, sub.id));
        await addHistory(tx, sub.id, 'card_declined', CLUB, reason);
      }
      return false;
    }
    if (sub.status === 'active' || sub.status === 'failing') {
      await tx
        .update(subscriptions)
        .set({ status: 'paused', pausedUntil: null })
        .where(eq(subscriptions.id, sub.id));
      await addHistory(tx, sub.id, 'paused', CLUB, `The card was declined ${delivery.attempts} times`);
      await mail.enqueue(
        ownerPausedEmail(config.shop, config.publicUrl, config.mail.orderAlertTo, {
          id: sub.id,
          deliveryId: delivery.id,
          customer: profile.fullName,
          email: profile.email,
          attempts: delivery.attempts,
        }),
        tx,
      );
    }
    return true;
  });
  // The delivery will not be paid: its order gives its place back now rather than at its cut-off.
  if (cancelOrder && delivery.orderId) {
    const order = await deps.orders.getForAdmin(delivery.orderId);
    if (order.status === 'pending' && !order.paid_at) {
      await deps.orders.setStatus(delivery.orderId, 'cancelled', CLUB, 'Card declined: not baked');
    }
  }
  return last ? 'missed' : 'declined';
}

async function productName(tx: Tx, productId: string | null): Promise<string> {
  if (!productId) return 'cookies';
  const [p] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
  return p?.name ?? 'cookies';
}

/** Boxes to charge now: due (first try or a retry whose time has come) or left charging too long. */
export async function deliveriesToCharge(deps: ClubDeps, now: Date): Promise<string[]> {
  const rows = await deps.db
    .select({ id: clubDeliveries.id })
    .from(clubDeliveries)
    .where(
      or(
        and(
          eq(clubDeliveries.status, 'due'),
          or(isNull(clubDeliveries.nextRetryAt), lte(clubDeliveries.nextRetryAt, now)),
        ),
        and(
          eq(clubDeliveries.status, 'charging'),
          lt(clubDeliveries.chargeStartedAt, new Date(now.getTime() - STALE_CHARGE_MS)),
        ),
      ),
    )
    .orderBy(clubDeliveries.scheduledDate);
  return rows.map((r) => r.id);
}

/**
 * Boxes waiting or charging whose order a webhook has paid meanwhile: settled as paid (or
 * refunded when late), so the delivery's state follows the money however it arrived.
 */
export async function settleWebhookPaid(deps: ClubDeps, now: Date): Promise<number> {
  const open = await deps.db
    .select()
    .from(clubDeliveries)
    .where(inArray(clubDeliveries.status, ['due', 'charging', 'missed']));
  let settled = 0;
  for (const delivery of open) {
    if (!delivery.orderId) continue;
    const order = await deps.orders.getForAdmin(delivery.orderId);
    if (!order.paid_at) continue;
    await settlePaid(deps, delivery, order, now);
    settled++;
  }
  return settled;
}
