import { eq, type SQL, sql } from 'drizzle-orm';
import { orderDispatchText } from '~/shared/delivery-zones/zone-texts';
import {
  type OrderGiftCardRefundView,
  type OrderHistoryView,
  type OrderLineView,
  type OrderPaymentView,
  type OrderRefundView,
  type OrderView,
  trackingUrlFor,
} from '~/shared/orders/order-view';
import { paidStateText } from '~/shared/orders/paid-state';
import { orderNumber } from '~/shared/orders/statuses';
import { vatParts } from '~/shared/pricing/price-order';
import { slotOf } from '~/shared/settings/collection-slots';
import { customer } from '../account/customers';
import { builtOnce } from '../db/built-once';
import type { Db, Tx } from '../db/client';
import {
  deliveries,
  giftCardLedger,
  giftCards,
  orderItems,
  orderPayments,
  orderStatusHistory,
  orders,
  refunds,
} from '../db/schema';
import { paidSum, refundedSum, thisOrder } from './order-money';
import { depositTakenSql } from './order-payments';
import { shipToOf } from './ship-to-columns';

const columns = {
  order: orders,
  customerName: customer.fullName,
  customerEmail: customer.email,
  refunded: refundedSum,
  paid: paidSum,
  depositTaken: depositTakenSql,
  delivery: {
    id: deliveries.id,
    status: deliveries.status,
    trackingCode: deliveries.trackingCode,
    driverNotes: deliveries.driverNotes,
    createdAt: deliveries.createdAt,
  },
};

type LineRow = Omit<OrderLineView, 'line_total_pennies'>;

/** The outer query's order's lines as one JSON array, by product name. */
const linesJson = sql<LineRow[]>`(
  select coalesce(json_agg(json_build_object(
    'id', i.id, 'product_id', i.product_id, 'product_name', i.product_name, 'quantity', i.quantity,
    'unit_price_pennies', i.unit_price_pennies, 'vat_rate', i.vat_rate, 'box', i.box_contents,
    'gift_card', case when i.gift_card is null then null else json_build_object(
      'recipient_name', i.gift_card->>'recipientName', 'recipient_email', i.gift_card->>'recipientEmail',
      'send_on', i.gift_card->>'sendOn'
    ) end
  ) order by i.product_name, i.id), '[]'::json)
  from ${orderItems} i where i.order_id = ${thisOrder}
)`;

/** The order rows with customer, delivery, sums and lines, in one statement; callers add where/order/limit. */
export const selectOrderRows = (db: Db | Tx) =>
  db
    .select({ ...columns, lines: linesJson })
    .from(orders)
    .innerJoin(customer, eq(customer.id, orders.profileId))
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id));

type OrderRow = Awaited<ReturnType<typeof selectOrderRows>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toView(r: OrderRow, now: Date): OrderView {
  const o = r.order;
  const items = r.lines.map((l) => ({ ...l, line_total_pennies: l.quantity * l.unit_price_pennies }));
  const open = o.status === 'pending' && !!o.paymentUrl && !!o.paymentExpiresAt && o.paymentExpiresAt > now;
  return {
    id: o.id,
    number: orderNumber(o.id),
    status: o.status,
    created_at: o.createdAt.toISOString(),
    paid_at: iso(o.paidAt),
    cancelled_at: iso(o.cancelledAt),
    delivery_date: o.deliveryDate,
    collection_slot: slotOf(o),
    dispatch: orderDispatchText({ ...o, paidPennies: r.paid, refundedPennies: r.refunded }),
    customer: { id: o.profileId, full_name: r.customerName, email: r.customerEmail },
    fulfilment: o.fulfilment,
    terms_version: o.termsVersion,
    ship: shipToOf(o),
    items,
    subtotal_pennies: o.subtotalPennies,
    discount: o.discountCode
      ? { code: o.discountCode, pennies: o.discountPennies, delivery_waived_pennies: o.deliveryWaivedPennies }
      : null,
    delivery_fee_pennies: o.deliveryFeePennies,
    total_pennies: o.totalPennies,
    gift_card_pennies: o.giftCardPennies,
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
    paid_state: paidStateText(r.paid, o.totalPennies, r.depositTaken),
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
          // A van driver's reference may look like Royal Mail's; only a parcel is tracked there.
          posted: o.deliveryMethod === 'post',
          tracking_url: o.deliveryMethod === 'post' ? trackingUrlFor(r.delivery.trackingCode) : null,
          driver_notes: r.delivery.driverNotes,
          created_at: r.delivery.createdAt.toISOString(),
        }
      : null,
    history: [],
    refunds: [],
    payments: [],
    gift_card_refunds: [],
  };
}

/** Views of the orders the query selects, in its order, with their lines (one statement). */
export async function loadOrderViews(
  db: Db | Tx,
  where: SQL | undefined,
  shape: (q: ReturnType<typeof selectOrderRows>) => Promise<OrderRow[]> = (q) => q,
): Promise<OrderView[]> {
  const rows = await shape(selectOrderRows(db).where(where) as ReturnType<typeof selectOrderRows>);
  const now = new Date();
  return rows.map((r) => toView(r, now));
}

/**
 * One order as lists show it (no history or refunds), its lines read in the same statement
 * (e-mails in paying and status-changing transactions read it); null when there is none.
 */
export async function loadOrderView(db: Db | Tx, id: string): Promise<OrderView | null> {
  const [row] = await orderViewById(db, { id });
  return row ? toView(row, new Date()) : null;
}

// Every paying and status-changing transaction reads it for its e-mail: built once.
const orderViewById = builtOnce('order_view', (exec) =>
  selectOrderRows(exec).where(eq(orders.id, sql.placeholder('id'))),
);

/** The outer query's order's status changes as one JSON array, oldest first. */
const historyJson = sql<OrderHistoryView[]>`(
  select coalesce(json_agg(json_build_object(
    'from', h.from_status, 'to', h.to_status, 'at', h.created_at, 'by', h.actor_name, 'note', h.note
  ) order by h.created_at, h.id), '[]'::json)
  from ${orderStatusHistory} h where h.order_id = ${thisOrder}
)`;

/** The outer query's order's refunds as one JSON array, oldest first. */
const refundsJson = sql<OrderRefundView[]>`(
  select coalesce(json_agg(json_build_object(
    'id', r.id, 'amount_pennies', r.amount_pennies, 'reason', r.reason, 'status', r.status,
    'created_at', r.created_at, 'by', r.actor_name
  ) order by r.created_at), '[]'::json)
  from ${refunds} r where r.order_id = ${thisOrder}
)`;

/** The outer query's order's recorded payments as one JSON array, oldest first. */
const paymentsJson = sql<OrderPaymentView[]>`(
  select coalesce(json_agg(json_build_object(
    'amount_pennies', p.amount_pennies, 'provider', p.provider, 'method', p.method,
    'by', coalesce(p.recorded_by, ''), 'created_at', p.created_at
  ) order by p.created_at, p.id), '[]'::json)
  from ${orderPayments} p where p.order_id = ${thisOrder}
)`;

/**
 * The gift cards the outer query's order's refunds went back to (ledger `refunded` rows), each with
 * its balance now, as one JSON array.
 */
const giftCardRefundsJson = sql<OrderGiftCardRefundView[]>`(
  select coalesce(json_agg(json_build_object(
    'last4', c.last4, 'refunded_pennies', r.refunded,
    'balance_pennies', (select coalesce(sum(l.amount_pennies), 0) from ${giftCardLedger} l where l.card_id = c.id)
  ) order by c.last4), '[]'::json)
  from (
    select l.card_id, sum(l.amount_pennies) as refunded from ${giftCardLedger} l
    where l.order_id = ${thisOrder} and l.kind = 'refunded' group by l.card_id
  ) r join ${giftCards} c on c.id = r.card_id
)`;

/** What an order's refunds gave back to gift cards so far, with their balances (the refund e-mail's). */
export async function loadGiftCardRefunds(db: Db | Tx, orderId: string): Promise<OrderGiftCardRefundView[]> {
  const [row] = await db.select({ cards: giftCardRefundsJson }).from(orders).where(eq(orders.id, orderId));
  return (row?.cards ?? []).map(numbers);
}

// PostgreSQL's sum() of integers is a bigint, which JSON carries as a number here; kept explicit.
const numbers = (c: OrderGiftCardRefundView): OrderGiftCardRefundView => ({
  last4: c.last4,
  refunded_pennies: Number(c.refunded_pennies),
  balance_pennies: Number(c.balance_pennies),
});

/** JSON carries PostgreSQL's timestamp text; views carry JavaScript's ISO form, as drizzle's dates give. */
const isoFromJson = (at: string) => new Date(at).toISOString();

/**
 * One order with its lines, history and refunds, read by its id. Both order pages ask it on every
 * view, so it is built once rather than each time.
 */
const orderDetail = builtOnce('order_detail', (db) =>
  db
    .select({
      ...columns,
      lines: linesJson,
      history: historyJson,
      refunds: refundsJson,
      payments: paymentsJson,
      giftCardRefunds: giftCardRefundsJson,
    })
    .from(orders)
    .innerJoin(customer, eq(customer.id, orders.profileId))
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(eq(orders.id, sql.placeholder('id'))),
);

/** One order with its lines, history and refunds, in one statement; null when there is none. */
export async function loadOrderDetail(db: Db | Tx, id: string): Promise<OrderView | null> {
  const [row] = await orderDetail(db, { id });
  if (!row) return null;
  return {
    ...toView(row, new Date()),
    history: row.history.map((h) => ({ ...h, at: isoFromJson(h.at) })),
    refunds: row.refunds.map((r) => ({ ...r, created_at: isoFromJson(r.created_at) })),
    payments: row.payments.map((p) => ({ ...p, created_at: isoFromJson(p.created_at) })),
    gift_card_refunds: row.giftCardRefunds.map(numbers),
  };
}

/** What a customer may see of their own order: no owner flags, driver notes or staff names. */
export function forCustomer(view: OrderView): OrderView {
  return {
    ...view,
    flags: [],
    delivery: view.delivery && { ...view.delivery, driver_notes: null },
    history: view.history.map((h) => ({ ...h, by: '' })),
    refunds: view.refunds.filter((r) => r.status !== 'failed').map((r) => ({ ...r, by: '' })),
    payments: view.payments.map((p) => ({ ...p, by: '' })),
  };
}
