import { and, count, eq, ne } from 'drizzle-orm';
import { normaliseFilling } from '~/shared/boxes/box';
import { JoinClubSchema } from '~/shared/club/club-schemas';
import { weekdayOf } from '~/shared/time/london-time';
import type { SessionUser } from '../auth/session-service';
import { profiles, subscriptions } from '../db/schema';
import { AppError, badRequest, parseOrThrow } from '../errors';
import type { ClubDeps } from './club-deps';
import { addHistory } from './club-history';
import { priceDelivery, pricingNow, refuseUnderMinimum } from './club-pricing';

/** Joins one member may start in an hour: each opens a card-saving page at the provider. */
export const JOIN_LIMIT = { max: 10, windowSeconds: 60 * 60 };
export const JOIN_LIMIT_MESSAGE = 'Too many attempts to join the Cookie Club. Please try again in an hour.';

/**
 * Subscriptions one account may hold at once (any not cancelled, a box waiting for its card
 * included): enough for a household's own box and two sent as presents, few enough that nobody
 * books out a bake day through the club.
 */
export const MAX_SUBSCRIPTIONS = 3;
export const TOO_MANY_SUBSCRIPTIONS = `You already have ${MAX_SUBSCRIPTIONS} Cookie Club subscriptions, the most one account can hold. Change or cancel one in My Cookie Club to start another.`;

type SubRow = typeof subscriptions.$inferSelect;

/**
 * "Join the Cookie Club": the delivery is priced and checked as checkout would (its zone's fee and
 * minimum, an open first day), then the subscription is written waiting for its card. The count
 * of the member's subscriptions and the insert share one transaction on the member's locked
 * profile row, so two joins at once cannot both pass the limit.
 */
export async function joinClub(deps: ClubDeps, user: SessionUser, input: unknown) {
  const { db, provider } = deps;
  await deps.rateLimiter.hit(
    `club-join:${user.id}`,
    JOIN_LIMIT.max,
    JOIN_LIMIT.windowSeconds,
    JOIN_LIMIT_MESSAGE,
  );
  const j = parseOrThrow(JoinClubSchema, input);
  const [member] = await db.select().from(profiles).where(eq(profiles.id, user.id));
  if (!member) throw badRequest('Please add your delivery details to your account first.');
  const contents = {
    productId: j.product_id,
    quantity: j.quantity,
    boxFilling: j.box ?? null,
    postcode: member.postcode,
  };
  const price = await priceDelivery(db, await pricingNow(deps, db), contents);
  if (!price) throw badRequest('Sorry, that cookie is not available.', { product_id: 'Not available' });
  refuseUnderMinimum(price);
  const open = (await deps.bakeDaysAt(() => new Date()).choices(price.cookies, 'delivery', price.zone)).some(
    (d) => d.date === j.first_date && d.state === 'open',
  );
  if (!open) throw badRequest('Please choose an open delivery day.', { first_date: 'Not an open day' });
  return db.transaction(async (tx): Promise<{ sub: SubRow; email: string }> => {
    const [profile] = await tx.select().from(profiles).where(eq(profiles.id, user.id)).for('no key update');
    if (!profile || profile.deletedAt)
      throw badRequest('Please add your delivery details to your account first.');
    const [held] = await tx
      .select({ n: count() })
      .from(subscriptions)
      .where(and(eq(subscriptions.profileId, profile.id), ne(subscriptions.status, 'cancelled')));
    if ((held?.n ?? 0) >= MAX_SUBSCRIPTIONS)
      throw new AppError(409, 'too_many_subscriptions', TOO_MANY_SUBSCRIPTIONS);
    const [sub] = await tx
      .insert(subscriptions)
      .values({
        profileId: profile.id,
        productId: j.product_id,
        quantity: j.quantity,
        boxFilling: j.box ? normaliseFilling(j.box) : null,
        everyWeeks: j.every_weeks,
        weekday: weekdayOf(j.first_date),
        nextDeliveryDate: j.first_date,
        paymentProvider: provider.name,
        quotedPennies: price.priced.totalPennies,
      })
      .returning();
    await addHistory(tx, sub!.id, 'joined', { type: 'customer', id: user.id, name: profile.fullName });
    return { sub: sub!, email: profile.email };
  });
}
