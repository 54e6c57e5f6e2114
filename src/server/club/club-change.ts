import { eq } from 'drizzle-orm';
import type { BakeTemplate } from '~/shared/bake-days/calendar';
import { contentsLine, normaliseFilling } from '~/shared/boxes/box';
import { ChangeClubSchema } from '~/shared/club/club-schemas';
import type { DeliveryZone } from '~/shared/delivery-zones/zones';
import type { Actor } from '~/shared/orders/actor';
import { addDays, formatBakeDay, type IsoDate, WEEKDAY_NAMES, weekdayOf } from '~/shared/time/london-time';
import { zoneTemplate } from '../bake-days/bake-days-service';
import type { Db, Tx } from '../db/client';
import { products, profiles, subscriptions } from '../db/schema';
import { decideZone } from '../delivery-zones/zones-service';
import { badRequest, parseOrThrow } from '../errors';
import type { ClubDeps } from './club-deps';
import { addHistory } from './club-history';
import { contentsOf, priceDelivery, pricingNow, refuseUnderMinimum } from './club-pricing';

type SubRow = typeof subscriptions.$inferSelect;

/** The first date on or after `from` that falls on `weekday`. */
const onWeekday = (from: IsoDate, weekday: number) => addDays(from, (weekday - weekdayOf(from) + 7) % 7);

/** The weekdays a member's deliveries can come on: their zone's days, or the bake template's delivery days. */
export const weekdaysFor = (template: BakeTemplate, zone: DeliveryZone | null) =>
  [...zoneTemplate(template, zone).deliveryWeekdays].sort((a, b) => a - b);

/** The bake template as it is now (the weekdays deliveries can come on start from it). */
export const templateNow = (deps: ClubDeps, exec: Db | Tx) =>
  deps.bakeDaysAt(() => new Date()).getTemplate(exec);

export const notDeliveredOn = (weekday: number, days: readonly number[]) =>
  `We do not deliver to your address on ${WEEKDAY_NAMES[weekday]}s. Choose ${days.map((d) => WEEKDAY_NAMES[d]).join(', ') || 'another day'}.`;

/**
 * Changes frequency, weekday or contents from the next unbilled delivery (`earliest`), checked as a
 * join is: new contents must be sendable and not under the zone's minimum order, and
 * a new weekday must be one the member's zone delivers on (Sunday was accepted). The
 * history says what changed in words.
 */
export async function changeSubscription(
  deps: ClubDeps,
  tx: Tx,
  sub: SubRow,
  input: unknown,
  actor: Actor,
  earliest: IsoDate,
) {
  const c = parseOrThrow(ChangeClubSchema, input);
  if (sub.status === 'cancelled') throw badRequest('This subscription is cancelled.');
  const productChanged = c.product_id !== undefined && c.product_id !== sub.productId;
  const after = {
    productId: c.product_id ?? sub.productId,
    quantity: c.quantity ?? sub.quantity,
    boxFilling: c.box ? normaliseFilling(c.box) : productChanged ? null : sub.boxFilling,
  };
  const [member] = await tx.select().from(profiles).where(eq(profiles.id, sub.profileId));
  const postcode = member?.postcode || null;
  const pricing = await pricingNow(deps, tx);
  const notes: string[] = [];
  if (c.product_id !== undefined || c.quantity !== undefined || c.box !== undefined) {
    // New contents are checked as a join's are: a box must be full of cookies it may hold.
    const price = await priceDelivery(tx, pricing, { ...after, postcode });
    if (!price) throw badRequest('Sorry, that cookie is not available.', { product_id: 'Not available' });
    refuseUnderMinimum(price);
    const [p] = await tx
      .select({ name: products.name })
      .from(products)
      .where(eq(products.id, after.productId!));
    notes.push(contentsOf(after.quantity, p?.name ?? 'cookies'));
    if (price.lines[0]?.box && (c.box || productChanged))
      notes.push(`in each box ${contentsLine(price.lines[0].box)}`);
  }
  const weekday = c.weekday ?? sub.weekday;
  let next = sub.nextDeliveryDate;
  if (weekday !== sub.weekday) {
    const zone = postcode ? decideZone(pricing.zones, postcode).zone : null;
    const days = weekdaysFor(await templateNow(deps, tx), zone);
    if (!days.includes(weekday)) {
      const message = notDeliveredOn(weekday, days);
      throw badRequest(message, { weekday: message });
    }
    next = onWeekday(addDays(next, -3), weekday);
    notes.push(`on ${WEEKDAY_NAMES[weekday]}s`);
  }
  while (next < earliest) next = addDays(next, 7);
  const everyWeeks = c.every_weeks ?? sub.everyWeeks;
  if (everyWeeks !== sub.everyWeeks) notes.push(`every ${everyWeeks} weeks`);
  await tx
    .update(subscriptions)
    .set({ everyWeeks, weekday, ...after, nextDeliveryDate: next })
    .where(eq(subscriptions.id, sub.id));
  const what = notes.length ? `Now ${notes.join(', ')}` : 'Nothing new';
  await addHistory(tx, sub.id, 'changed', actor, `${what}; next box ${formatBakeDay(next)}`);
}
