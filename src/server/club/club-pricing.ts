import { eq } from 'drizzle-orm';
import type { BoxContents, BoxFilling } from '~/shared/boxes/box';
import { checkFilling } from '~/shared/boxes/box';
import { minimumText } from '~/shared/delivery-zones/zone-texts';
import type { DeliveryZone } from '~/shared/delivery-zones/zones';
import type { VatRate } from '~/shared/food-information';
import { deliveryTerms, type PricedOrder, priceOrder } from '~/shared/pricing/price-order';
import type { PricingSettings, ProductLine } from '../checkout/basket-lines';
import { boxCandidates, boxRulesOf } from '../checkout/box-products';
import type { Db, Tx } from '../db/client';
import { products } from '../db/schema';
import { decideZone } from '../delivery-zones/zones-service';
import { badRequest, isAppError } from '../errors';
import type { ClubDeps } from './club-deps';

/** One club delivery's line: priced as checkout prices a line. */
export type DeliveryLine = ProductLine;

/** What a subscription sends each time, and where. */
export interface ClubContents {
  productId: string | null;
  quantity: number;
  /** The filling of a box the member fills; ignored for a fixed box or a loose cookie. */
  boxFilling?: BoxFilling | null;
  /** The member's postcode as it is now (its zone's delivery); null = the Settings fee. */
  postcode: string | null;
}

/** What prices a delivery besides the product: the shop's settings and its delivery zones, as they are now. */
export interface ClubPricing {
  settings: PricingSettings;
  zones: readonly DeliveryZone[];
}

export async function pricingNow(
  deps: { pricingSettings: ClubDeps['pricingSettings']; zones: ClubDeps['zones'] },
  exec: Db | Tx,
): Promise<ClubPricing> {
  return { settings: await deps.pricingSettings(exec), zones: await deps.zones(exec) };
}

/**
 * A delivery priced as an order is: today's product price and today's delivery fee (prices are
 * today's, never the first order's). A box product holds its fixed assortment or the member's
 * filling, checked against the catalogue as it is now (refused with the checkout's message when a
 * cookie can no longer go in). Null when the product can no longer be sold.
 */
export async function priceDelivery(
  exec: Db | Tx,
  { settings, zones }: ClubPricing,
  sub: ClubContents,
): Promise<{
  lines: DeliveryLine[];
  priced: PricedOrder;
  cookies: number;
  zone: DeliveryZone | null;
} | null> {
  if (!sub.productId) return null;
  const [p] = await exec.select().from(products).where(eq(products.id, sub.productId));
  // A gift card is bought once, for someone, not every few weeks (decision 047).
  if (!p?.isActive || p.soldOut || p.kind !== 'cookie') return null;
  // A limited or seasonal product (decision 043) is sold for its own dates, not every few weeks.
  if (p.dailyLimit !== null || p.deliverFrom || p.deliverUntil || p.onSaleFrom || p.onSaleUntil) {
    const message = `Sorry, ${p.name} is a limited product and cannot come in the Cookie Club.`;
    throw badRequest(message, { product_id: message });
  }
  const rules = (await boxRulesOf(exec, [p.id])).get(p.id);
  let box: BoxContents | null = null;
  if (rules) {
    const ids = (rules.fixed ?? sub.boxFilling ?? []).map((e) => e.product_id);
    const checked = checkFilling(
      { name: p.name, rules },
      sub.boxFilling ?? undefined,
      await boxCandidates(exec, ids),
    );
    if (!checked.ok) throw badRequest(checked.message, { box: checked.message });
    box = checked.contents;
  }
  // The member's zone delivers it at its fee (a postcode no zone serves is refused, as at checkout).
  const { zone, refused } = sub.postcode ? decideZone(zones, sub.postcode) : { zone: null, refused: null };
  if (refused) throw badRequest(refused, { postcode: refused });
  const cookiesEach = rules?.size ?? 1;
  const lines: DeliveryLine[] = [
    {
      productId: p.id,
      name: p.name,
      unitPricePennies: p.pricePennies,
      quantity: sub.quantity,
      vatRate: p.vatRate as VatRate,
      box,
      cookiesEach,
    },
  ];
  // The checkout's own terms (fee, free-delivery threshold, minimum): one price for the same delivery.
  const priced = priceOrder({
    lines,
    fulfilment: 'delivery',
    ...deliveryTerms(settings, zone),
    discount: null,
  });
  return { lines, priced, cookies: sub.quantity * cookiesEach, zone };
}

export type PricedDelivery = NonNullable<Awaited<ReturnType<typeof priceDelivery>>>;

/**
 * A delivery under its zone's minimum order is refused, in the checkout's words: when
 * joining and when a change would take it under. A delivery already made is sent as priced.
 */
export function refuseUnderMinimum(price: PricedDelivery) {
  const message = underMinimum(price);
  if (message) throw badRequest(message, { quantity: message });
}

/** The checkout's words for a delivery under its zone's minimum order; null when it is not. */
export const underMinimum = ({ priced, zone }: PricedDelivery) =>
  zone?.minimumOrderPennies != null && priced.minimumShortfallPennies !== null
    ? minimumText(zone.minimumOrderPennies)
    : null;

/** Today's price, or null when the subscription's contents cannot be sent as they are. */
export async function priceIfSendable(exec: Db | Tx, pricing: ClubPricing, sub: ClubContents) {
  try {
    return await priceDelivery(exec, pricing, sub);
  } catch (err) {
    // A delivery that can no longer be filled as chosen is not sendable; anything else is a real failure.
    if (isAppError(err) && err.status === 400) return null;
    throw err;
  }
}

/** "6 x Shortbread", how e-mails and pages name what comes. */
export const contentsOf = (quantity: number, name: string) => `${quantity} x ${name}`;

/** Money per month from a delivery every `everyWeeks` weeks: 52 weeks over 12 months. */
export const monthlyPennies = (pennies: number, everyWeeks: number) =>
  Math.round((pennies * 52) / (12 * everyWeeks));
