import { and, eq, isNotNull } from 'drizzle-orm';
import { customer } from '../account/customers';
import type { Db, Tx } from '../db/client';
import { orderItems, orders } from '../db/schema';
import type { CardOrders, CardsBought } from '../gift-cards/gift-card-sales';

/**
 * What the gift card ledger asks of an order a card was bought on. The orders module owns orders
 * and imports the ledger, so it hands these over rather than the ledger reading the order.
 */
export const cardOrders: CardOrders = {
  async isBuyers(exec: Db | Tx, profileId: string, orderId: string) {
    const [own] = await exec
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.profileId, profileId)));
    return own !== undefined;
  },
  async buyerName(exec: Db | Tx, orderId: string) {
    const [buyer] = await exec
      .select({ name: customer.fullName })
      .from(orders)
      .innerJoin(customer, eq(customer.id, orders.profileId))
      .where(eq(orders.id, orderId));
    return buyer?.name ?? null;
  },
};

/** The cards a paid order bought, for the ledger to issue them: its gift card lines and buyer. */
export async function cardsBoughtOn(tx: Tx, orderId: string): Promise<CardsBought> {
  const lines = await tx
    .select({
      purchase: orderItems.giftCard,
      pennies: orderItems.unitPricePennies,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.giftCard)));
  if (lines.length === 0) return { orderId, lines: [], buyerName: null };
  return {
    orderId,
    lines: lines.map((line) => ({ ...line, purchase: line.purchase! })),
    buyerName: await cardOrders.buyerName(tx, orderId),
  };
}
