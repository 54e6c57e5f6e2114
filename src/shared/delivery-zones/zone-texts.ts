import { formatPence } from '../money/money';
import { formatBakeDay, type IsoDate } from '../time/london-time';
import type { DeliveryZone } from './zones';

/**
 * What customers read about delivery zones. Made on the server and sent as text (the
 * checker's answer, the checkout quote), so the storefront's script carries none of it.
 */

/** "£25" for whole pounds, "£2.50" otherwise. */
export const shortPounds = (pence: number) =>
  pence % 100 === 0 ? formatPence(pence).slice(0, -3) : formatPence(pence);

/** "We don't deliver to JE2; you can collect from the bakery". */
export const refusedText = (outcode: string) =>
  `We don't deliver to ${outcode}; you can collect from the bakery`;

export const NOT_A_POSTCODE = 'Please enter a full UK postcode, like SY3 8AB';

/** "Orders to this area start at £15.00". */
export const minimumText = (pence: number) => `Orders to this area start at ${formatPence(pence)}`;

/** "£2.50 (free over £25)"; "£4.99"; "free delivery": what a zone charges. */
export function zonePriceText(zone: Pick<DeliveryZone, 'feePennies' | 'freeOverPennies'>): string {
  const fee = zone.feePennies === 0 ? 'free delivery' : formatPence(zone.feePennies);
  const free =
    zone.freeOverPennies !== null && zone.feePennies > 0
      ? ` (free over ${shortPounds(zone.freeOverPennies)})`
      : '';
  return `${fee}${free}`;
}

/** "Local van, £2.50 (free over £25)"; "UK post, £4.99". */
export const zoneFeeText = (zone: Pick<DeliveryZone, 'name' | 'feePennies' | 'freeOverPennies'>) =>
  `${zone.name}, ${zonePriceText(zone)}`;

/** "Dispatched Tuesday 1 December, usually with you in 2-3 days". */
export const dispatchText = (date: IsoDate, transitDays: string | null) =>
  `Dispatched ${formatBakeDay(date)}${transitDays ? `, usually with you in ${transitDays}` : ''}`;

/** "Was to be dispatched Tuesday 1 December": a cancelled or refunded parcel's day, promising nothing. */
export const notDispatchedText = (date: IsoDate) => `Was to be dispatched ${formatBakeDay(date)}`;

/** What an order needs for its dispatch line (the view, the summary, the payment page). */
export interface DispatchFacts {
  deliveryMethod: string | null;
  deliveryDate: IsoDate | null;
  deliveryTransitDays: string | null;
  status: string;
  paidPennies: number;
  refundedPennies: number;
}

/**
 * A posted order's day as every page and e-mail words it (docs/rules/dispatch.md): its dispatch
 * day and the post's transit time; once the order is cancelled, or refunded in full before it was
 * shipped, only the day it was to go, so nothing promises a parcel that will not come. Null for
 * the van, collection and orders from before zones.
 */
export function orderDispatchText(o: DispatchFacts): string | null {
  if (o.deliveryMethod !== 'post' || !o.deliveryDate) return null;
  const sent = o.status === 'shipped' || o.status === 'completed';
  const refundedInFull = o.refundedPennies > 0 && o.refundedPennies >= o.paidPennies;
  if (o.status === 'cancelled' || (refundedInFull && !sent)) return notDispatchedText(o.deliveryDate);
  return dispatchText(o.deliveryDate, o.deliveryTransitDays);
}

/**
 * The checker's answer: "SY3 8AB: Local van, £2.50 (free over £25), next delivery Friday 4
 * December" (post: "next dispatch ..."), with the minimum order when the zone has one.
 */
export function checkerText(postcode: string, zone: DeliveryZone, next: IsoDate | null): string {
  const min = zone.minimumOrderPennies ? `, orders from ${shortPounds(zone.minimumOrderPennies)}` : '';
  const when = next
    ? `, next ${zone.method === 'post' ? 'dispatch' : 'delivery'} ${formatBakeDay(next)}`
    : ', no delivery day open at the moment';
  return `${postcode}: ${zoneFeeText(zone)}${min}${when}`;
}
