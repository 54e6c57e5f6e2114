import { and, eq, sql } from 'drizzle-orm';
import type { SubscriptionView } from '~/shared/club/club';
import { PauseClubSchema } from '~/shared/club/club-schemas';
import { isUuid } from '~/shared/ids';
import type { Actor } from '~/shared/orders/actor';
import { addDays, atLondonTimeOf, formatBakeDay, type IsoDate, londonDate } from '~/shared/time/london-time';
import { recordActivity } from '../activity/activity-log';
import type { SessionUser } from '../auth/session-service';
import type { Tx } from '../db/client';
import { clubDeliveries, profiles, subscriptions } from '../db/schema';
import { AppError, badRequest, notFound, parseOrThrow } from '../errors';
import type { SavedCard } from '../payments/payment-provider';
import type { UpkeepJob } from '../upkeep/upkeep';
import { detachCards, endForDeletedAccount, subscriptionsExport } from './club-account';
import { adminDetail, adminOverview, upcomingDeliveries } from './club-admin';
import { changeSubscription } from './club-change';
import type { ClubDeps } from './club-deps';
import { CLUB } from './club-deps';
import { addHistory } from './club-history';
import { joinClub } from './club-join';
import { cardPage, clubChoices, fillingChoices, joinOptions } from './club-pages';
import { sendReminders } from './club-reminders';
import { viewsOf } from './club-views';
import { chargeDelivery, deliveriesToCharge, settleWebhookPaid } from './delivery-charger';
import { makeNextDelivery } from './delivery-maker';

type SubRow = typeof subscriptions.$inferSelect;

/**
 * "now" for the scheduler: today's London wall-clock time on the given London date (`--as-of`), or
 * now. Whole days of 24 hours would land on the day before across a clock change (00:30 on the
 * Sunday the clocks go back, plus 13 days, is 23:30 the day before: the date sweep found it).
 */
export function asOfInstant(asOf: IsoDate | undefined, real = new Date()): Date {
  return asOf ? atLondonTimeOf(asOf, real) : real;
}

/**
 * The Cookie Club (docs/decisions/045): members join with a saved card, the scheduler
 * makes each delivery as a real order on its bake day and charges it once, and members (or the owner
 * on their behalf) skip, pause, change and cancel.
 */
export function createSubscriptionsService(deps: ClubDeps) {
  const { db, config, provider, log } = deps;

  /** The subscription, locked, when it is the member's own (or any, for the owner); else "not found". */
  async function lockOwn(tx: Tx, id: string, profileId: string | null): Promise<SubRow> {
    if (!isUuid(id)) throw notFound('Subscription not found');
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
    if (!sub || (profileId !== null && sub.profileId !== profileId)) throw notFound('Subscription not found');
    return sub;
  }

  /** The next delivery's date cannot move before the deliveries already made (it is unbilled only past the lead). */
  const earliestUnbilled = (now: Date) => addDays(londonDate(now), config.subscriptionLeadDays + 1);

  async function openCardPage(sub: SubRow, email: string) {
    if (!provider.savedCards) throw new AppError(503, 'no_saved_cards', 'Saved cards are not available.');
    const page = await provider.savedCards.openSetup({
      reference: sub.id,
      customerEmail: email,
      customerId: sub.providerCustomerId,
      description: 'Cookie Club: the card each box is charged to',
      returnPath: '/account/subscriptions',
    });
    await db
      .update(subscriptions)
      .set({ setupSessionId: page.sessionId, providerCustomerId: page.customerId })
      .where(eq(subscriptions.id, sub.id));
    return { url: page.url, sessionId: page.sessionId };
  }

  /** Makes every due delivery and charges every delivery due a charge, as of `now`. */
  async function runDue(now: Date = new Date()) {
    const today = londonDate(now);
    const counts = { resumed: 0, reminded: 0, made: 0, moved: 0, paid: 0, declined: 0, refunded: 0 };
    // Pauses that end today: deliveries come again from the next date the lead leaves room for.
    const resumed = await db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.status, 'paused'), sql`${subscriptions.pausedUntil} <= ${today}::date`));
    for (const sub of resumed) {
      await resume(sub.id, null, CLUB, now);
      counts.resumed++;
    }
    counts.reminded = await sendReminders(deps, now);
    const due = await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          sql`${subscriptions.status} in ('active','failing')`,
          sql`${subscriptions.nextDeliveryDate} <= ${addDays(today, config.subscriptionLeadDays)}::date`,
        ),
      );
    for (const { id } of due) {
      // Catch-up: every missed date is made once (or moved), one delivery per pass of the loop.
      for (
        let made = await makeNextDelivery(deps, id, now);
        made;
        made = await makeNextDelivery(deps, id, now)
      ) {
        if (made.made) counts.made++;
        if (made.moved) counts.moved++;
      }
    }
    await settleWebhookPaid(deps, now);
    for (const deliveryId of await deliveriesToCharge(deps, now)) {
      const result = await chargeDelivery(deps, deliveryId, now);
      if (result === 'paid') counts.paid++;
      else if (result === 'declined' || result === 'missed') counts.declined++;
      else if (result === 'refunded') counts.refunded++;
    }
    if (Object.values(counts).some((n) => n > 0))
      log.info({ ...counts, asOf: today }, 'Cookie Club scheduler ran');
    return counts;
  }

  async function resume(id: string, profileId: string | null, actor: Actor, now = new Date()) {
    await db.transaction(async (tx) => {
      const sub = await lockOwn(tx, id, profileId);
      if (sub.status !== 'paused') throw badRequest('This subscription is not paused.');
      let next = sub.nextDeliveryDate;
      while (next < earliestUnbilled(now)) next = addDays(next, sub.everyWeeks * 7);
      // Never active without a card: one paused while waiting for its card waits again.
      const status = sub.paymentMethodId ? 'active' : 'awaiting_card';
      await tx
        .update(subscriptions)
        .set({ status, pausedUntil: null, nextDeliveryDate: next })
        .where(eq(subscriptions.id, id));
      await addHistory(tx, id, 'resumed', actor, status === 'awaiting_card' ? 'Waiting for a card' : null);
      await recordActivity(tx, {
        kind: 'subscription.resume',
        record: ['subscription', id],
        before: { status: sub.status, pausedUntil: sub.pausedUntil, nextDeliveryDate: sub.nextDeliveryDate },
        after: { status, pausedUntil: null, nextDeliveryDate: next },
      });
    });
  }

  async function skipNext(id: string, profileId: string | null, actor: Actor) {
    await db.transaction(async (tx) => {
      const sub = await lockOwn(tx, id, profileId);
      if (sub.status === 'cancelled' || sub.status === 'awaiting_card')
        throw badRequest('This subscription has no box to skip.');
      // The skip is a delivery row of its own: the scheduler can never make that date afterwards.
      await tx
        .insert(clubDeliveries)
        .values({ subscriptionId: id, scheduledDate: sub.nextDeliveryDate, status: 'skipped' })
        .onConflictDoNothing();
      await tx
        .update(subscriptions)
        .set({ nextDeliveryDate: addDays(sub.nextDeliveryDate, sub.everyWeeks * 7) })
        .where(eq(subscriptions.id, id));
      await addHistory(tx, id, 'skipped', actor, `Box of ${formatBakeDay(sub.nextDeliveryDate)} skipped`);
      await recordActivity(tx, {
        kind: 'subscription.skip',
        record: ['subscription', id],
        before: { nextDeliveryDate: sub.nextDeliveryDate },
        after: {
          nextDeliveryDate: addDays(sub.nextDeliveryDate, sub.everyWeeks * 7),
          skipped: sub.nextDeliveryDate,
        },
      });
    });
  }

  async function pause(id: string, profileId: string | null, input: unknown, actor: Actor, now = new Date()) {
    const { until } = parseOrThrow(PauseClubSchema, input);
    if (until !== null && until <= londonDate(now)) {
      throw badRequest('Choose a date after today to resume on.', { until: 'Choose a later date' });
    }
    await db.transaction(async (tx) => {
      const sub = await lockOwn(tx, id, profileId);
      if (sub.status === 'cancelled') throw badRequest('This subscription is cancelled.');
      await tx
        .update(subscriptions)
        .set({ status: 'paused', pausedUntil: until })
        .where(eq(subscriptions.id, id));
      await addHistory(tx, id, 'paused', actor, until ? `Until ${formatBakeDay(until)}` : 'Until resumed');
      await recordActivity(tx, {
        kind: 'subscription.pause',
        record: ['subscription', id],
        before: { status: sub.status, pausedUntil: sub.pausedUntil },
        after: { status: 'paused', pausedUntil: until },
      });
    });
  }

  async function cancel(id: string, profileId: string | null, actor: Actor) {
    const unpaid = await db.transaction(async (tx) => {
      const sub = await lockOwn(tx, id, profileId);
      if (sub.status === 'cancelled') return [];
      await tx
        .update(subscriptions)
        .set({ status: 'cancelled', cancelledAt: new Date() })
        .where(eq(subscriptions.id, id));
      await addHistory(tx, id, 'cancelled', actor);
      await recordActivity(tx, {
        kind: 'subscription.cancel',
        record: ['subscription', id],
        before: { status: sub.status },
        after: { status: 'cancelled' },
      });
      // A delivery already paid still comes; one made but unpaid is not charged any more.
      return tx
        .update(clubDeliveries)
        .set({ status: 'missed', nextRetryAt: null, lastError: 'Subscription cancelled' })
        .where(and(eq(clubDeliveries.subscriptionId, id), eq(clubDeliveries.status, 'due')))
        .returning({ orderId: clubDeliveries.orderId });
    });
    for (const { orderId } of unpaid) {
      if (!orderId) continue;
      const order = await deps.orders.getForAdmin(orderId);
      if (order.status === 'pending' && !order.paid_at)
        await deps.orders.setStatus(orderId, 'cancelled', actor, 'Cookie Club cancelled');
    }
  }

  return {
    runDue,

    /** Its background upkeep: the deliveries due, made and charged (catch-up after downtime), every 15 minutes. */
    upkeepJobs(): UpkeepJob[] {
      return [{ name: 'Cookie Club scheduler', everyMs: 15 * 60_000, run: runDue }];
    },

    /**
     * "Join the Cookie Club": the subscription waits for its card; the hosted page saves it, and
     * then the first delivery is made for the chosen day and charged.
     */
    async join(user: SessionUser, input: unknown) {
      const { sub, email } = await joinClub(deps, user, input);
      return { subscriptionId: sub.id, ...(await openCardPage(sub, email)) };
    },

    /**
     * A card was saved on a hosted page (the provider's event, maybe repeated): it becomes the
     * subscription's card, the first delivery is made and charged, and a failing subscription's
     * waiting delivery is tried again at once.
     */
    async cardSaved(setupSessionId: string, card: SavedCard, now = new Date()): Promise<string> {
      const before = await db.transaction(async (tx) => {
        const [sub] = await tx
          .select()
          .from(subscriptions)
          .where(eq(subscriptions.setupSessionId, setupSessionId))
          .for('update');
        if (!sub) return null;
        const first = sub.status === 'awaiting_card';
        await tx
          .update(subscriptions)
          .set({
            paymentMethodId: card.paymentMethodId,
            providerCustomerId: card.customerId ?? sub.providerCustomerId,
            cardLabel: card.label,
            ...(first ? { status: 'active' } : {}),
          })
          .where(eq(subscriptions.id, sub.id));
        if (sub.paymentMethodId !== card.paymentMethodId)
          await addHistory(tx, sub.id, 'card_saved', CLUB, card.label);
        // The new card is tried on a waiting delivery now, not at the next retry.
        await tx
          .update(clubDeliveries)
          .set({ nextRetryAt: now })
          .where(and(eq(clubDeliveries.subscriptionId, sub.id), eq(clubDeliveries.status, 'due')));
        return { id: sub.id, first };
      });
      if (!before) return 'unknown_setup';
      if (before.first) await makeNextDelivery(deps, before.id, now, { first: true });
      for (const deliveryId of await deliveriesToCharge(deps, now))
        await chargeDelivery(deps, deliveryId, now);
      return 'card_saved';
    },

    /** The member's own subscriptions, newest first. */
    async listForCustomer(userId: string): Promise<SubscriptionView[]> {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.profileId, userId))
        .orderBy(sql`${subscriptions.createdAt} desc`);
      return viewsOf(deps, db, rows);
    },

    skipNext,
    pause,
    resume,
    cancel,

    /** Changes frequency, weekday or contents from the next unbilled delivery. */
    async change(id: string, profileId: string | null, input: unknown, actor: Actor, now = new Date()) {
      await db.transaction(async (tx) =>
        changeSubscription(deps, tx, await lockOwn(tx, id, profileId), input, actor, earliestUnbilled(now)),
      );
    },

    /** The join page's choices and today's price per delivery for the member's choice. */
    joinOptions: (choice: { productId: string | null; quantity: number | null; profileId: string | null }) =>
      joinOptions(deps, choice),
    /** What may be subscribed to, without the join page's days and price (a member's "change"). */
    choices: () => clubChoices(deps),
    /** The cookies each of the member's fillable boxes may hold, by box product id. */
    fillingChoices: (productIds: readonly string[]) => fillingChoices(deps, productIds),
    /** The test card page's subscription (what its saved card will pay for); null when unknown. */
    cardPage: (setupSessionId: string) => cardPage(deps, setupSessionId),

    adminOverview: () => adminOverview(deps),
    adminDetail: (id: string) => {
      if (!isUuid(id)) throw notFound('Subscription not found');
      return adminDetail(deps, id);
    },
    /** Boxes to come per day before they are made (the bake-days overview). */
    upcomingDeliveries: (from: IsoDate, to: IsoDate) => upcomingDeliveries(deps, from, to),

    /** In an account deletion's transaction: ends its subscriptions; answers the cards to detach after commit. */
    endForDeletedAccount,
    /** Detaches a deleted account's saved cards at the provider, once the deletion has committed. */
    detachCards: (cards: readonly SavedCard[]) => detachCards(deps, cards),
    /** The member's subscriptions for "Download my data": deliveries, payments and history. */
    exportFor: (profileId: string) => subscriptionsExport(deps, profileId),

    /** Opens the hosted page that saves a new card for the member's subscription. */
    async updateCard(id: string, user: SessionUser) {
      const [sub] = isUuid(id) ? await db.select().from(subscriptions).where(eq(subscriptions.id, id)) : [];
      if (!sub || sub.profileId !== user.id) throw notFound('Subscription not found');
      if (sub.status === 'cancelled') throw badRequest('This subscription is cancelled.');
      const [profile] = await db.select().from(profiles).where(eq(profiles.id, user.id));
      return openCardPage(sub, profile?.email ?? user.email);
    },
  };
}

export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>;
