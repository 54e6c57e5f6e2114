import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { VatRate } from '~/shared/food-information';
import {
  type OrderHistoryView,
  type OrderLineView,
  type OrderRefundView,
  type OrderView,
  trackingUrlFor,
} from '~/shared/orders/order-view';
import { orderNumber } from '~/shared/orders/statuses';
import { vatParts } from '~/shared/pricing/price-order';
import type { Db, Tx } from '../db/client';
import { deliveries, orderItems, orderStatusHistory, orders, profiles, refunds } from '../db/schema';
import { refundedSum } from './counted-refunds';
import { paidSum, thisOrder } from './order-payments';

const columns = {
  order: orders,
  customerName: profiles.fullName,
  customerEmail: profiles.email,
  refunded: refundedSum,
  paid: paidSum,
  delivery: {
    id: deliveries.id,
    status: deliveries.status,
    trackingCode: deliveries.trackingCode,
    driverNotes: deliveries.driverNotes,
    createdAt: deliveries.createdAt,
  },
};

/** The order rows with customer, delivery and refunded sum; callers add where/order/limit. */
export const selectOrderRows = (db: Db | Tx) =>
  db
    .select(columns)
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.profileId))
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id));

type OrderRow = Awaited<ReturnType<typeof selectOrderRows>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function linesOf(db: Db | Tx, ids: string[]) {
  const byOrder = new Map<string, OrderLineView[]>();
  if (ids.length === 0) return byOrder;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.productName), asc(orderItems.id));
  for (const r of rows) {
    const list = byOrder.get(r.orderId) ?? [];
    list.push({
      id: r.id,
      product_id: r.productId,
      product_name: r.productName,
      quantity: r.quantity,
      unit_price_pennies: r.unitPricePennies,
      line_total_pennies: r.quantity * r.unitPricePennies,
      vat_rate: r.vatRate as VatRate,
    });
    byOrder.set(r.orderId, list);
  }
  return byOrder;
}

function toView(r: OrderRow, items: OrderLineView[], now: Date): OrderView {
  const o = r.order;
  const open = o.status === 'pending' && !!o.paymentUrl && !!o.paymentExpiresAt && o.paymentExpiresAt > now;
  return {
    id: o.id,
    number: orderNumber(o.id),
    status: o.status,
    created_at: o.createdAt.toISOString(),
    paid_at: iso(o.paidAt),
    cancelled_at: iso(o.cancelledAt),
    delivery_date: o.deliveryDate,
    customer: { id: o.profileId, full_name: r.customerName, email: r.customerEmail },
    fulfilment: o.fulfilment,
    ship: {
      name: o.shipName,
      phone: o.shipPhone,
      address: o.shipAddress,
      city: o.shipCity,
      postcode: o.shipPostcode,
    },
    is_gift: o.isGift,
    gift_message: o.giftMessage,
    items,
    subtotal_pennies: o.subtotalPennies,
    discount: o.discountCode
      ? { code: o.discountCode, pennies: o.discountPennies, delivery_waived_pennies: o.deliveryWaivedPennies }
      : null,
    delivery_fee_pennies: o.deliveryFeePennies,
    total_pennies: o.totalPennies,
    vat: vatParts(
      items.map((l) => ({
        unitPricePennies: l.unit_price_pennies,
        quantity: l.quantity,
        vatRate: l.vat_rate,
      })),
      o.discountPennies,
      o.deliveryFeePennies,
    ),
    paid_pennies: r.paid,
    refunded_pennies: Math.min(r.refunded, r.paid),
    flags: o.flags,
    payment: {
      provider: o.paymentProvider,
      resume_url: open ? o.paymentUrl : null,
      expires_at: iso(o.paymentExpiresAt),
    },
    delivery: r.delivery
      ? {
          id: r.delivery.id,
          status: r.delivery.status,
          tracking_code: r.delivery.trackingCode,
          tracking_url: trackingUrlFor(r.delivery.trackingCode),
          driver_notes: r.delivery.driverNotes,
          created_at: r.delivery.createdAt.toISOString(),
        }
      : null,
    history: [],
    refunds: [],
  };
}

/** Views of the orders the query selects, in its order, with their lines (one extra query). */
export async function loadOrderViews(
  db: Db | Tx,
  where: SQL | undefined,
  shape: (q: ReturnType<typeof selectOrderRows>) => Promise<OrderRow[]> = (q) => q,
): Promise<OrderView[]> {
  const rows = await shape(selectOrderRows(db).where(where) as ReturnType<typeof selectOrderRows>);
  const lines = await linesOf(
    db,
    rows.map((r) => r.order.id),
  );
  const now = new Date();
  return rows.map((r) => toView(r, lines.get(r.order.id) ?? [], now));
}

type LineRow = Omit<OrderLineView, 'line_total_pennies'>;

/** The outer query's order's lines as one JSON array, in `linesOf`'s order. */
const linesJson = sql<LineRow[]>`(
  select coalesce(json_agg(json_build_object(
    'id', i.id, 'product_id', i.product_id, 'product_name', i.product_name, 'quantity', i.quantity,
    'unit_price_pennies', i.unit_price_pennies, 'vat_rate', i.vat_rate
  ) order by i.product_name, i.id), '[]'::json)
  from ${orderItems} i where i.order_id = ${thisOrder}
)`;

/**
 * One order as lists show it (no history or refunds: two queries fewer), its lines read in the
 * same statement (e-mails in paying and status-changing transactions read it); null when there
 * is none.
 */
export async function loadOrderView(db: Db | Tx, id: string): Promise<OrderView | null> {
  const [row] = await db
    .select({ ...columns, lines: linesJson })
    .from(orders)
    .innerJoin(profiles, eq(profiles.id, orders.profileId))
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(eq(orders.id, id));
  if (!row) return null;
  const items = row.lines.map((l) => ({ ...l, line_total_pennies: l.quantity * l.unit_price_pennies }));
  return toView(row, items, new Date());
}

/** One order with its history and refunds; null when there is none. */
export async function loadOrderDetail(db: Db | Tx, id: string): Promise<OrderView | null> {
  const view = await loadOrderView(db, id);
  if (!view) return null;
  const [history, refundRows] = await Promise.all([
    db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(asc(refunds.createdAt)),
  ]);
  view.history = history.map(
    (h): OrderHistoryView => ({
      from: h.fromStatus,
      to: h.toStatus,
      at: h.createdAt.toISOString(),
      by: h.actorName,
      note: h.note,
    }),
  );
  view.refunds = refundRows.map(
    (r): OrderRefundView => ({
      id: r.id,
      amount_pennies: r.amountPennies,
      reason: r.reason,
      status: r.status,
      created_at: r.createdAt.toISOString(),
      by: r.actorName,
    }),
  );
  return view;
}

/** What a customer may see of their own order: no owner flags, driver notes or staff names. */
export function forCustomer(view: OrderView): OrderView {
  return {
    ...view,
    flags: [],
    delivery: view.delivery && { ...view.delivery, driver_notes: null },
    history: view.history.map((h) => ({ ...h, by: '' })),
    refunds: view.refunds.filter((r) => r.status !== 'failed').map((r) => ({ ...r, by: '' })),
  };
}
