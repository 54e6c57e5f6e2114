import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { IsoDate } from '~/shared/time/london-time';
import { productBoxes, products, subscriptions } from '../db/schema';
import type { ClubDeps } from './club-deps';
import { priceBox } from './club-pricing';

/** How many open delivery days the join page offers for the first box. */
const FIRST_DAYS_OFFERED = 12;

/**
 * What "Join the Cookie Club" offers: the cookies on sale (boxes come as a product and quantity, so
 * box products are left out), the open delivery days for the first box, and today's price per box
 * of the choice, delivery included. The server prices it again when the member joins.
 */
export async function joinOptions(deps: ClubDeps, choice: { productId: string | null; quantity: number }) {
  const cookies = await deps.db
    .select({ id: products.id, name: products.name, price_pennies: products.pricePennies })
    .from(products)
    .leftJoin(productBoxes, eq(productBoxes.productId, products.id))
    .where(and(eq(products.isActive, true), eq(products.soldOut, false), isNull(productBoxes.productId)))
    .orderBy(asc(products.name));
  const productId = cookies.some((c) => c.id === choice.productId)
    ? choice.productId
    : (cookies[0]?.id ?? null);
  const settings = await deps.pricingSettings(deps.db);
  const price = await priceBox(deps.db, settings, { productId, quantity: choice.quantity });
  const days = (await deps.bakeDaysAt(() => new Date()).choices(choice.quantity, 'delivery'))
    .filter((d) => d.state === 'open')
    .slice(0, FIRST_DAYS_OFFERED)
    .map((d) => ({ date: d.date as IsoDate, order_by: d.orderBy }));
  return {
    cookies,
    product_id: productId,
    quantity: choice.quantity,
    days,
    /** Per box: the cookies, the delivery and what each box is charged, all today's. */
    price: price
      ? {
          cookies_pennies: price.priced.subtotalPennies,
          delivery_pennies: price.priced.deliveryPennies,
          total_pennies: price.priced.totalPennies,
        }
      : null,
  };
}

/** The card-saving page of a subscription waiting for (or changing) its card; null when unknown. */
export async function cardPage(deps: ClubDeps, setupSessionId: string) {
  const [row] = await deps.db
    .select({
      status: subscriptions.status,
      quantity: subscriptions.quantity,
      every_weeks: subscriptions.everyWeeks,
      quoted_pennies: subscriptions.quotedPennies,
      product_name: sql<string>`coalesce(${products.name}, 'Cookies')`,
    })
    .from(subscriptions)
    .leftJoin(products, eq(products.id, subscriptions.productId))
    .where(eq(subscriptions.setupSessionId, setupSessionId));
  return row ?? null;
}
