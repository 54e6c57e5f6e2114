import { eq } from 'drizzle-orm';
import { cutoffFor } from '~/shared/bake-days/calendar';
import { addDays, daysBetween, type IsoDate, londonDate } from '~/shared/time/london-time';
import { profiles, subscriptionBoxes, subscriptions } from '../db/schema';
import { AppError } from '../errors';
import { boxReference, CLUB, type ClubDeps } from './club-deps';
import { boxMovedEmail, boxNotMadeEmail, priceChangedEmail } from './club-emails';
import { contentsOf, priceIfSendable, pricingNow } from './club-pricing';

/** How far past its date a box may move to find an open day with room. */
const MOVE_WITHIN_DAYS = 28;

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * Makes the subscription's next box, when due, as a real order in one transaction: the
 * subscription's row is locked (schedulers queue on it), the box's (subscription, date) row is
 * unique (a box is made once), its day is reserved under the day's lock like any checkout's, and
 * the order is placed with the member's address as it is now. A full or closed day moves the box to
 * the next open day with room, and the member is told. Answers the box's id, or null.
 */
export async function makeNextBox(
  deps: ClubDeps,
  subscriptionId: string,
  now: Date,
  options: { first?: boolean } = {},
): Promise<{ boxId: string; made: boolean; moved: boolean } | null> {
  const { db, orders, provider, mail, config } = deps;
  const today = londonDate(now);
  return db.transaction(async (tx) => {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId))
      .for('update');
    if (!sub || (sub.status !== 'active' && sub.status !== 'failing')) return null;
    // No box without a saved card to charge it to: it would hold a bake day's places for nothing.
    if (!sub.paymentMethodId) return null;
    const date = sub.nextBoxDate;
    if (!options.first && daysBetween(today, date) > config.subscriptionLeadDays) return null;
    const advance = () =>
      tx
        .update(subscriptions)
        .set({ nextBoxDate: addDays(date, sub.everyWeeks * 7) })
        .where(eq(subscriptions.id, sub.id));

    const [box] = await tx
      .insert(subscriptionBoxes)
      .values({ subscriptionId: sub.id, boxDate: date, status: 'due' })
      .onConflictDoNothing()
      .returning({ id: subscriptionBoxes.id });
    await advance();
    // Made (or skipped) already: another scheduler got here first.
    if (!box) return null;

    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, sub.profileId));
    // A box that can no longer be filled as chosen (a cookie gone) is not made, and the member is told.
    const box$ = await priceIfSendable(tx, await pricingNow(deps, tx), {
      ...sub,
      postcode: profile?.postcode ?? null,
    });
    const ctx = {
      shop: config.shop,
      publicUrl: config.publicUrl,
      to: profile?.email ?? '',
      subscriptionId: sub.id,
      contents: contentsOf(sub.quantity, box$?.lines[0]?.name ?? 'cookies'),
    };
    const notMade = async () => {
      await tx.update(subscriptionBoxes).set({ status: 'missed' }).where(eq(subscriptionBoxes.id, box.id));
      await mail.enqueue(boxNotMadeEmail(ctx, { date }), tx);
      return { boxId: box.id, made: false, moved: false };
    };
    if (!profile || !box$) return notMade();

    // Prices are today's: a change since the member was last told is e-mailed before the charge.
    const { priced, lines } = box$;
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
    const { cookies } = box$;
    let day: IsoDate | null = null;
    // Catch-up: a date already gone is looked for from tomorrow on.
    const from = date > today ? date : addDays(today, 1);
    for (let d = from; day === null && daysBetween(from, d) <= MOVE_WITHIN_DAYS; d = addDays(d, 1)) {
      try {
        // The member's zone's days, cut-off and own cap, with the oven's capacity (decision 041).
        day = await bakeDays.reserveDay(tx, d, cookies, 'delivery', [], box$.zone);
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
        paymentSessionId: boxReference(box.id),
      },
      CLUB,
    );
    await tx
      .update(subscriptionBoxes)
      .set({ orderId, deliveryDate: day, totalPennies: priced.totalPennies })
      .where(eq(subscriptionBoxes.id, box.id));
    const moved = day !== date;
    if (moved) await mail.enqueue(boxMovedEmail(ctx, { date, movedTo: day }), tx);
    return { boxId: box.id, made: true, moved };
  });
}
