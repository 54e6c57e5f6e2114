import { eq, sql } from 'drizzle-orm';
import { orderDispatchText } from '~/shared/delivery-zones/zone-texts';
import type { OrderSummaryView } from '~/shared/orders/order-view';
import { orderNumber } from '~/shared/orders/statuses';
import { slotOf } from '~/shared/settings/collection-slots';
import type { Db } from '../db/client';
import { orderItems, orders } from '../db/schema';
import { paidSum, refundedSum, thisOrder } from './order-money';

type SummaryLine = OrderSummaryView['items'][number];

/** The outer query's order's lines, only what a summary shows, by product name (as the full view). */
const summaryLinesJson = sql<SummaryLine[]>`(
  select coalesce(json_agg(json_build_object(
    'id', i.id, 'product_name', i.product_name, 'quantity', i.quantity,
    'unit_price_pennies', i.unit_price_pennies, 'box', i.box_contents
  ) order by i.product_name, i.id), '[]'::json)
  from ${orderItems} i where i.order_id = ${thisOrder}
)`;

/**
 * A customer's orders, newest first, with the columns their cards show and their lines, in one
 * statement prepared once per database handle (/account asks it on every view). Not the order's
 * ship-to, VAT, delivery, discount or customer: those are on the order's own page.
 */
const prepareSummaries = (db: Db) =>
  db
    .select({
      id: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      deliveryDate: orders.deliveryDate,
      collectionSlotFrom: orders.collectionSlotFrom,
      collectionSlotTo: orders.collectionSlotTo,
      deliveryMethod: orders.deliveryMethod,
      deliveryTransitDays: orders.deliveryTransitDays,
      fulfilment: orders.fulfilment,
      totalPennies: orders.totalPennies,
      giftCardPennies: orders.giftCardPennies,
      paymentUrl: orders.paymentUrl,
      paymentExpiresAt: orders.paymentExpiresAt,
      paid: paidSum,
      refunded: refundedSum,
      lines: summaryLinesJson,
    })
    .from(orders)
    .where(eq(orders.profileId, sql.placeholder('userId')))
    .orderBy(sql`${orders.createdAt} desc`, sql`${orders.id} desc`)
    .prepare('customer_order_summaries');

const statements = new WeakMap<Db, ReturnType<typeof prepareSummaries>>();

/** The customer's own orders as their list shows them (no owner flags). Only pass the session's user id. */
export async function loadCustomerSummaries(db: Db, userId: string): Promise<OrderSummaryView[]> {
  let summaries = statements.get(db);
  if (!summaries) {
    summaries = prepareSummaries(db);
    statements.set(db, summaries);
  }
  const rows = await summaries.execute({ userId });
  const now = new Date();
  return rows.map((o) => ({
    id: o.id,
    number: orderNumber(o.id),
    status: o.status,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt ? o.paidAt.toISOString() : null,
    delivery_date: o.deliveryDate,
    collection_slot: slotOf(o),
    // As the full view words it (order-views.ts).
    dispatch: orderDispatchText({ ...o, paidPennies: o.paid, refundedPennies: o.refunded }),
    fulfilment: o.fulfilment,
    total_pennies: o.totalPennies,
    gift_card_pennies: o.giftCardPennies,
    paid_pennies: o.paid,
    refunded_pennies: Math.min(o.refunded, o.paid),
    flags: [], // the owner's, never in a customer's view
    items: o.lines,
    payment: {
      resume_url:
        o.status === 'pending' && o.paymentUrl && o.paymentExpiresAt && o.paymentExpiresAt > now
          ? o.paymentUrl
          : null,
    },
  }));
}
