import { and, eq, sql } from 'drizzle-orm';
import { addDays, londonDate } from '~/shared/time/london-time';
import { profiles, subscriptions } from '../db/schema';
import type { ClubDeps } from './club-deps';
import { upcomingDeliveryEmail } from './club-emails';
import { contentsOf, priceIfSendable, pricingNow } from './club-pricing';

/** How many days before a delivery's charge its member is told what is coming. */
export const REMIND_DAYS_BEFORE_CHARGE = 2;

/**
 * Two days before each charge (the charge is made `SUBSCRIPTION_LEAD_DAYS` before the delivery's day):
 * what is coming, when, for how much at today's prices (and a change of price said outright), with
 * a link to skip. Once per scheduled date: the outbox's key drops a second one.
 */
export async function sendReminders(deps: ClubDeps, now: Date): Promise<number> {
  const { db, config, mail } = deps;
  const today = londonDate(now);
  const lead = config.subscriptionLeadDays;
  const rows = await db
    .select({ sub: subscriptions, email: profiles.email, postcode: profiles.postcode })
    .from(subscriptions)
    .innerJoin(profiles, eq(profiles.id, subscriptions.profileId))
    .where(
      and(
        sql`${subscriptions.status} in ('active','failing')`,
        sql`${subscriptions.nextDeliveryDate} > ${addDays(today, lead)}::date`,
        sql`${subscriptions.nextDeliveryDate} <= ${addDays(today, lead + REMIND_DAYS_BEFORE_CHARGE)}::date`,
      ),
    );
  const pricing = await pricingNow(deps, db);
  let sent = 0;
  for (const { sub, email, postcode } of rows) {
    const price = await priceIfSendable(db, pricing, { ...sub, postcode });
    if (!price) continue;
    const pennies = price.priced.totalPennies;
    await db.transaction(async (tx) => {
      await mail.enqueue(
        upcomingDeliveryEmail(
          {
            shop: config.shop,
            publicUrl: config.publicUrl,
            to: email,
            subscriptionId: sub.id,
            contents: contentsOf(sub.quantity, price.lines[0]!.name),
          },
          {
            date: sub.nextDeliveryDate,
            chargeDate: addDays(sub.nextDeliveryDate, -lead),
            pennies,
            previousPennies: sub.quotedPennies,
          },
        ),
        tx,
      );
      // The member has now been told this price: the delivery is charged at it without another e-mail.
      if (pennies !== sub.quotedPennies) {
        await tx.update(subscriptions).set({ quotedPennies: pennies }).where(eq(subscriptions.id, sub.id));
      }
    });
    sent++;
  }
  return sent;
}
