import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { BoxContents } from '~/shared/boxes/box';
import { builtOnce } from '../db/built-once';
import type { Tx } from '../db/client';
import { orderItems, orders } from '../db/schema';
import type { OrderRow } from './order-status';

/** A customer's order still waiting for payment, with its lines: what a new checkout compares with. */
export interface OpenCheckout {
  order: OrderRow;
  lines: {
    productId: string | null;
    name: string;
    quantity: number;
    unitPricePennies: number;
    box: BoxContents | null;
  }[];
}

// Every checkout reads them: built once.
const pendingOf = builtOnce('open_checkouts', (tx) =>
  tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.profileId, sql.placeholder('profileId') as unknown as string),
        eq(orders.status, 'pending'),
        isNull(orders.paidAt),
      ),
    )
    .for('update'),
);

/**
 * The customer's pending, unpaid orders, locked until the transaction ends (the caller holds the
 * customer's checkout lock, so none can appear meanwhile).
 */
export async function openCheckouts(tx: Tx, profileId: string): Promise<OpenCheckout[]> {
  const rows = await pendingOf(tx, { profileId });
  if (rows.length === 0) return [];
  const lines = await tx
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      name: orderItems.productName,
      quantity: orderItems.quantity,
      unitPricePennies: orderItems.unitPricePennies,
      box: orderItems.boxContents,
    })
    .from(orderItems)
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((order) => ({
    order,
    lines: lines.filter((l) => l.orderId === order.id).map(({ orderId: _, ...line }) => line),
  }));
}
