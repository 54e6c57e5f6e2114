import { type BoxContents, type BoxFilling, fillingKey, normaliseFilling } from '~/shared/boxes/box';
import { MAX_LINE_QUANTITY } from '~/shared/constants';
import type { VatRate } from '~/shared/food-information';
import type { GiftCardPurchase } from '~/shared/gift-cards/gift-card-code';
import type { GiftCardLine } from '~/shared/gift-cards/gift-card-purchase';
import type { LimitedLine } from '~/shared/limited/limited';

import { QUANTITY_MESSAGE } from '~/shared/schemas/checkout';
import { badRequest } from '../errors';

/**
 * A basket's lines as checkout reads them: what the browser asks for (merged per product and box
 * filling), what pricing makes of them, and the shop's settings pricing reads.
 */

export interface WantedLine {
  productId: string;
  quantity: number;
  /** The cookies in one box, as the browser proposes them (checked in `priceLines`). */
  filling: BoxFilling | null;
  /** The name the browser showed, used only to name a product that no longer exists. */
  shownName: string | null;
  /** A gift card's amount and recipient (decision 047), as the browser sent them. */
  giftCard: GiftCardLine | null;
  /** Where the line was in the request, to point at it in the error's fields. */
  index: number;
}

/** A product line priced from the catalogue: at checkout, and for each Cookie Club box. */
export interface ProductLine {
  productId: string;
  name: string;
  unitPricePennies: number;
  quantity: number;
  vatRate: VatRate;
  /** What is in each box, checked against the catalogue (decision 042); null for loose cookies. */
  box: BoxContents | null;
  /** Cookies baked per unit: a box's size, or 1. */
  cookiesEach: number;
}

export type PricedLine = ProductLine & {
  /** A limited or seasonal product's rules and units (decision 043); null for any other. */
  limits: LimitedLine | null;
  /** The limited cookies in its boxes, with the units all of this line's boxes hold. */
  limitsInside?: LimitedLine[];
  /** A gift card bought: who it is for and when to send it (decision 047); null for cookies. */
  giftCard: GiftCardPurchase | null;
};

/** What pricing reads from the shop's settings; read for every checkout, so a change applies at once. */
export interface PricingSettings {
  deliveryFeePennies: number;
  freeDeliveryOverPennies: number | null;
  collectionEnabled: boolean;
  /** Collection time slots (decision 084); absent or null = no slots. */
  collectionSlotMinutes?: number | null;
  collectionSlotOpens?: string | null;
  collectionSlotCloses?: string | null;
  collectionSlotCap?: number | null;
}

/** A basket's limited products, one entry per product (two boxes filled differently add up). */
export function limitedOf(lines: PricedLine[]): LimitedLine[] {
  const byId = new Map<string, LimitedLine>();
  // A cookie bought loose and inside boxes counts once, with all its units.
  for (const limits of lines.flatMap((l) => [...(l.limits ? [l.limits] : []), ...(l.limitsInside ?? [])])) {
    const seen = byId.get(limits.productId);
    if (seen) seen.units += limits.units;
    else byId.set(limits.productId, { ...limits });
  }
  return [...byId.values()];
}

/** Joins names the way a sentence does: "A", "A and B", "A, B and C". */
export const listNames = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/**
 * Repeated product ids (with the same box filling) become one line; the total quantity must still
 * be allowed. Two boxes filled differently stay two lines.
 */
export function mergeLines(
  items: {
    product_id: string;
    name?: unknown;
    quantity: number;
    box?: BoxFilling;
    gift_card?: GiftCardLine;
  }[],
): WantedLine[] {
  const byId = new Map<string, WantedLine>();
  items.forEach((item, index) => {
    const id = item.product_id.toLowerCase();
    const filling = item.box ? normaliseFilling(item.box) : null;
    const giftCard = item.gift_card ?? null;
    // Each gift card line is its own: its recipient and amount (never merged with another).
    const key = giftCard ? `${id}|gift|${index}` : filling ? `${id}|${fillingKey(filling)}` : id;
    const line = byId.get(key);
    if (line) line.quantity += item.quantity;
    else {
      const shownName =
        typeof item.name === 'string' && item.name.trim() ? item.name.trim().slice(0, 80) : null;
      byId.set(key, { productId: id, quantity: item.quantity, filling, shownName, giftCard, index });
    }
  });
  const lines = [...byId.values()];
  const tooMany = lines.find((l) => l.quantity > MAX_LINE_QUANTITY);
  if (tooMany) throw badRequest(QUANTITY_MESSAGE, { [`items.${tooMany.index}.quantity`]: QUANTITY_MESSAGE });
  return lines;
}
