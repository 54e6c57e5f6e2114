import { eq } from 'drizzle-orm';
import type { VatRate } from '~/shared/food-information';
import { type PricedOrder, priceOrder } from '~/shared/pricing/price-order';
import type { PricingSettings } from '../checkout/checkout-service';
import type { Db, Tx } from '../db/client';
import { products } from '../db/schema';

export interface BoxLine {
  productId: string;
  name: string;
  unitPricePennies: number;
  quantity: number;
  vatRate: VatRate;
}

/**
 * A box priced as an order is: today's product price and today's delivery fee (prices are
 * today's, never the first order's). Null when the product can no longer be sold.
 */
export async function priceBox(
  exec: Db | Tx,
  settings: PricingSettings,
  sub: { productId: string | null; quantity: number },
): Promise<{ lines: BoxLine[]; priced: PricedOrder } | null> {
  if (!sub.productId) return null;
  const [p] = await exec.select().from(products).where(eq(products.id, sub.productId));
  if (!p?.isActive || p.soldOut) return null;
  const lines: BoxLine[] = [
    {
      productId: p.id,
      name: p.name,
      unitPricePennies: p.pricePennies,
      quantity: sub.quantity,
      vatRate: p.vatRate as VatRate,
    },
  ];
  const priced = priceOrder({
    lines,
    fulfilment: 'delivery',
    deliveryFeePennies: settings.deliveryFeePennies,
    freeDeliveryOverPennies: settings.freeDeliveryOverPennies,
    discount: null,
  });
  return { lines, priced };
}

/** "6 x Shortbread", how e-mails and pages name what comes. */
export const contentsOf = (quantity: number, name: string) => `${quantity} x ${name}`;

/** Money per month from a box every `everyWeeks` weeks: 52 weeks over 12 months. */
export const monthlyPennies = (pennies: number, everyWeeks: number) =>
  Math.round((pennies * 52) / (12 * everyWeeks));
