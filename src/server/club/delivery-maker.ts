import { eq } from 'drizzle-orm';
import { cutoffFor } from '~/shared/bake-days/calendar';
import { addDays, daysBetween, type IsoDate, londonDate } from '~/shared/time/london-time';
import { clubDeliveries, profiles, subscriptions } from '../db/schema';
import { AppError } from '../errors';
import { CLUB, type ClubDeps, deliveryReference } from './club-deps';
import { deliveryMovedEmail, deliveryNotMadeEmail, priceChangedEmail } from './club-emails';
import { contentsOf, priceIfSendable, pricingNow } from './club-pricing';

/** How far past its date a delivery may move to find an open day with room. */
const MOVE_WITHIN_DAYS = 28;

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Makes the subscription's next delivery, when due, as a real order in one transaction: the
 * subscription's row is locked (schedulers queue on it), the delivery's (subscription, date) row is
 * unique (a delivery is made once), its day is reserved under the day's lock like any checkout's, and
 * the order is placed with the member's address as it is now. A full or closed day moves the delivery to
 * the next open day with room, and the member is told. Answers the delivery's id, or null.
 */
export async function makeNextDelivery(
  deps: ClubDeps,
  subscriptionId: string,
  now: Date,
  options: { first?: boolean } = {},
): Promise<{ deliveryId: string; made: boolean; moved: boolean } | null> {
  const { db, orders, provider, mail, config } = deps;
  const today = londonDate(now);
  return db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
      .for('update');
    if (!sub || (sub.status !== 'active' && sub.status !== 'failing')) return null;
    // No delivery without a saved card to charge it to: it would hold a bake day's places for nothing.
    if (!sub.paymentMethodId) return null;
    const date = sub.nextDeliveryDate;
    if (!options.first && daysBetween(today, date) > config.subscriptionLeadDays) return null;
    const advance = () =>
      tx
        .update(subscriptions)
        .set({ nextDeliveryDate: addDays(date, sub.everyWeeks * 7) })
        .where(eq(subscriptions.id, sub.id));

    const [delivery] = await tx
      .insert(clubDeliveries)
      .values({ subscriptionId: sub.id, scheduledDate: date, status: 'due' })
      .onConflictDoNothing()
      .returning({ id: clubDeliveries.id });
    await advance();
    // Made (or skipped) already: another scheduler got here first.
    if (!delivery) return null;

    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, sub.profileId));
    // A delivery that can no longer be filled as chosen (a cookie gone) is not made, and the member is told.
    const price = await priceIfSendable(tx, await pricingNow(deps, tx), {
      ...sub,
      postcode: profile?.postcode ?? null,
    });
    const ctx = {
      shop: config.shop,
      publicUrl: config.publicUrl,
      to: profile?.email ?? '',
      subscriptionId: sub.id,
      contents: contentsOf(sub.quantity, price?.lines[0]?.name ?? 'cookies'),
    };
    const notMade = async () => {
      await tx.update(clubDeliveries).set({ status: 'missed' }).where(eq(clubDeliveries.id, delivery.id));
      await mail.enqueue(deliveryNotMadeEmail(ctx, { date }), tx);
      return { deliveryId: delivery.id, made: false, moved: false };
    };
    if (!profile || !price) return notMade();

    // Prices are today's: a change since the member was last told is e-mailed before the charge.
    const { priced, lines } = price;
    if (priced.totalPennies !== sub.quotedPennies) {
      await mail.enqueue(
        priceChangedEmail(ctx, { date, pennies: priced.totalPennies, previousPennies: sub.quotedPennies }),
        tx,
      );
      await tx
        .update(subscriptions)
        .set({ quotedPennies: priced.totalPennies })
        .where(eq(subscriptions.id, sub.id));
    }

    const bakeDays = deps.bakeDaysAt(() => now);
    const { cookies } = price;
    let day: IsoDate | null = null;
    // Catch-up: a date already gone is looked for from tomorrow on.
    const from = date > today ? date : addDays(today, 1);
    for (let d = from; day === null && daysBetween(from, d) <= MOVE_WITHIN_DAYS; d = addDays(d, 1)) {
      try {
        // The member's zone's days, cut-off and own cap, with the oven's capacity (decision 041).
        day = await bakeDays.reserveDay(tx, d, cookies, 'delivery', [], price.zone);
      } catch (err) {
        // A refusal is the day's answer (full, closed, past its cut-off): try the next.
        if (!(err instanceof AppError) || err.status !== 400) throw err;
      }
    }
    if (!day) return notMade();

    const template = await bakeDays.getTemplate(tx);
    const { orderId } = await orders.place(
      tx,
      {
        profileId: profile.id,
        ship: {
          name: profile.fullName,
          phone: profile.phone,
          address: profile.address,
          city: profile.city,
          postcode: profile.postcode,
          gift: null,
        },
        lines,
        fulfilment: 'delivery',
        discountCode: null,
        priced,
        provider: provider.name,
        // Unpaid at its cut-off, the order is cancelled by the expiry sweep and frees its place.
        paymentExpiresAt: cutoffFor(day, template),
        deliveryDate: day,
        paymentSessionId: deliveryReference(delivery.id),
      },
      CLUB,
    );
    await tx
      .update(clubDeliveries)
      .set({ orderId, deliveryDate: day, totalPennies: priced.totalPennies })
      .where(eq(clubDeliveries.id, delivery.id));
    const moved = day !== date;
    if (moved) await mail.enqueue(deliveryMovedEmail(ctx, { date, movedTo: day }), tx);
    return { deliveryId: delivery.id, made: true, moved };
  });
}
