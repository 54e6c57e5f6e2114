import type { VatRate } from '../food-information';
import type { Fulfilment } from '../orders/fulfilment';

/**
 * The one way an order is priced (docs/rules/pricing.md): the checkout summary, the server's
 * checkout and every view of a placed order read this function, so what the customer saw is what
 * they are charged and what their receipt says. All money is integer pence, VAT-inclusive.
 */

export const DISCOUNT_KINDS = ['percent', 'fixed', 'free_delivery'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** A discount code's terms as pricing needs them (whether it may be used is checked elsewhere). */
export interface DiscountTerms {
  code: string;
  kind: DiscountKind;
  /** Percent off the cookies (1-100) for `percent`; pence off the cookies for `fixed`; unused for free delivery. */
  value: number;
}

/** A code as an order (or a quote) carries it: what it took off the cookies, or the delivery it waived. */
export interface AppliedDiscount {
  code: string;
  pennies: number;
  delivery_waived_pennies: number;
}

export interface PricingLine {
  unitPricePennies: number;
  quantity: number;
  vatRate: VatRate;
}

export interface PricingInput {
  lines: readonly PricingLine[];
  fulfilment: Fulfilment;
  /** The delivery fee in force (the shop's settings). */
  deliveryFeePennies: number;
  /** Free delivery when the cookies, after any discount, cost this much or more; null = no such offer. */
  freeDeliveryOverPennies: number | null;
  discount: DiscountTerms | null;
  /** The delivery zone's minimum order (cookies after any discount); null or absent = none. */
  minimumOrderPennies?: number | null;
}

/** VAT included in what was paid at one rate. */
export interface VatPart {
  rate: VatRate;
  /** What was paid at this rate (cookies after discount, and their share of delivery). */
  gross_pennies: number;
  vat_pennies: number;
}

export interface PricedOrder {
  subtotalPennies: number;
  /** Taken off the cookies by a percent or fixed code. */
  discountPennies: number;
  /** Delivery charged (0 for collection, free delivery over the threshold, or a free-delivery code). */
  deliveryPennies: number;
  /** Delivery a free-delivery code waived (what that code gave). */
  deliveryWaivedPennies: number;
  totalPennies: number;
  /** Per rate present in the order, lowest rate first. */
  vat: VatPart[];
  /** How much more cookies would earn free delivery; null when there is no threshold or nothing to earn. */
  freeDeliveryShortfallPennies: number | null;
  /** Delivered below the zone's minimum order: what is missing (the order is refused); else null. */
  minimumShortfallPennies: number | null;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * Splits `amount` over `weights` in proportion, in whole pence that add up exactly (largest
 * remainder), so a discount or fee shared across VAT rates never gains or loses a penny.
 */
export function shareInProportion(amount: number, weights: readonly number[]): number[] {
  const total = sum(weights);
  if (total <= 0 || amount === 0) return weights.map((_, i) => (i === 0 ? amount : 0));
  const exact = weights.map((w) => (amount * w) / total);
  const shares = exact.map(Math.floor);
  let left = amount - sum(shares);
  const byRemainder = exact
    .map((x, i) => ({ i, r: x - Math.floor(x) }))
    .sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares;
}

/** VAT contained in a VAT-inclusive amount, to the nearest penny. */
export const vatIncluded = (grossPennies: number, rate: VatRate) =>
  Math.round((grossPennies * rate) / (100 + rate));

/** What a code takes off the cookies: percent rounded to the nearest penny, never below £0. */
export function cookieDiscount(subtotalPennies: number, discount: DiscountTerms | null): number {
  if (!discount || discount.kind === 'free_delivery') return 0;
  const off =
    discount.kind === 'percent' ? Math.round((subtotalPennies * discount.value) / 100) : discount.value;
  return Math.min(Math.max(off, 0), subtotalPennies);
}

/**
 * VAT per rate on what is paid: each rate's cookies less their proportional share of the discount,
 * plus their share of delivery (delivery follows the goods' VAT, split in proportion where the goods
 * carry several rates: HMRC VAT Notice 700/24).
 */
export function vatParts(
  lines: readonly PricingLine[],
  discountPennies: number,
  deliveryPennies: number,
): VatPart[] {
  const rates = [...new Set(lines.map((l) => l.vatRate))].sort((a, b) => a - b);
  const goods = rates.map((rate) =>
    sum(lines.filter((l) => l.vatRate === rate).map((l) => l.unitPricePennies * l.quantity)),
  );
  const discounts = shareInProportion(discountPennies, goods);
  const paidGoods = goods.map((g, i) => g - discounts[i]!);
  const delivery = shareInProportion(deliveryPennies, sum(paidGoods) > 0 ? paidGoods : goods);
  return rates.map((rate, i) => {
    const gross = paidGoods[i]! + delivery[i]!;
    return { rate, gross_pennies: gross, vat_pennies: vatIncluded(gross, rate) };
  });
}

/** A delivery zone's terms as pricing reads them. */
export interface ZoneTerms {
  feePennies: number;
  freeOverPennies: number | null;
  minimumOrderPennies: number | null;
}

/**
 * The delivery terms an order is priced with: its zone's fee, free-delivery threshold and minimum,
 * or, where the shop has no zones, the Settings fee and threshold.
 */
export function deliveryTerms(
  settings: { deliveryFeePennies: number; freeDeliveryOverPennies: number | null },
  zone: ZoneTerms | null,
): Pick<PricingInput, 'deliveryFeePennies' | 'freeDeliveryOverPennies' | 'minimumOrderPennies'> {
  return zone
    ? {
        deliveryFeePennies: zone.feePennies,
        freeDeliveryOverPennies: zone.freeOverPennies,
        minimumOrderPennies: zone.minimumOrderPennies,
      }
    : { ...settings, minimumOrderPennies: null };
}

export function priceOrder(input: PricingInput): PricedOrder {
  const subtotal = sum(input.lines.map((l) => l.unitPricePennies * l.quantity));
  const discount = cookieDiscount(subtotal, input.discount);
  const cookies = subtotal - discount;
  const threshold = input.freeDeliveryOverPennies;
  const delivering = input.fulfilment === 'delivery';
  const overThreshold = threshold !== null && cookies >= threshold;
  const fee = delivering && !overThreshold ? input.deliveryFeePennies : 0;
  const waived = input.discount?.kind === 'free_delivery' ? fee : 0;
  const delivery = fee - waived;
  return {
    subtotalPennies: subtotal,
    discountPennies: discount,
    deliveryPennies: delivery,
    deliveryWaivedPennies: waived,
    totalPennies: cookies + delivery,
    vat: vatParts(input.lines, discount, delivery),
    freeDeliveryShortfallPennies:
      delivering && threshold !== null && !overThreshold && waived === 0 ? threshold - cookies : null,
    minimumShortfallPennies:
      delivering && input.minimumOrderPennies != null && cookies < input.minimumOrderPennies
        ? input.minimumOrderPennies - cookies
        : null,
  };
}
