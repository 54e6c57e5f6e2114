import { and, eq, type SQL, sql } from 'drizzle-orm';
import { ORDER_STATUS_LABELS } from '~/shared/orders/statuses';
import { OrderFilterSchema } from '~/shared/schemas/admin';
import { csvRow, pounds } from '../csv/csv';
import type { Db } from '../db/client';
import { newestFirst } from '../db/paging';
import { orderItems, orders, profiles } from '../db/schema';
import { parseOrThrow } from '../errors';
import { orderFilterWhere, SHOP_TIME_ZONE } from './order-filter';
import { thisOrder } from './order-payments';
import { refundedSum } from './order-views';

/** Rows per database round trip: small enough for flat memory, big enough to be quick. */
export const EXPORT_BATCH = 1000;

export const ORDER_CSV_HEADER = [
  'Order number',
  'Order date',
  'Delivery day',
  'Status',
  'Customer',
  'E-mail',
  'Postcode',
  'Items',
  'Subtotal',
  'Delivery',
  'Refunds',
  'Total',
];

/** "2 x Dark Chocolate; 1 x Pecan": the order's lines in one cell. */
const itemsCell = sql<string>`coalesce((select string_agg(i.quantity || ' x ' || i.product_name, '; '
  order by i.product_name, i.id) from ${orderItems} i where i.order_id = ${thisOrder}), '')`;

/**
 * The orders the filters select, newest first, as CSV rows in batches. The filters are checked
 * here, before anything is sent (bad ones are a 400, not a broken file).
 */
export function exportOrderRows(db: Db, query: unknown): AsyncGenerator<string[]> {
  return orderBatches(db, orderFilterWhere(parseOrThrow(OrderFilterSchema, query)));
}

interface ExportRow {
  id: string;
  at: string;
  date: string;
  deliveryDay: string | null;
  status: keyof typeof ORDER_STATUS_LABELS;
  customer: string;
  email: string;
  postcode: string;
  items: string;
  subtotal: number;
  delivery: number;
  refunded: number;
  total: number;
}

/** Keyset paging on (created_at, id): each batch is read through `orders_created_at_idx`, however deep. */
async function* orderBatches(db: Db, where: SQL | undefined): AsyncGenerator<string[]> {
  let after: { at: string; id: string } | null = null;
  for (;;) {
    const rows: ExportRow[] = await db
      .select({
        id: orders.id,
        // As text, because it round-trips exactly: a Date would drop the microseconds and skip rows.
        at: sql<string>`${orders.createdAt}::text`,
        date: sql<string>`to_char(${orders.createdAt} at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
        deliveryDay: orders.deliveryDate,
        status: orders.status,
        customer: profiles.fullName,
        email: profiles.email,
        postcode: orders.shipPostcode,
        items: itemsCell,
        subtotal: orders.subtotalPennies,
        delivery: orders.deliveryFeePennies,
        refunded: refundedSum,
        total: orders.totalPennies,
      })
      .from(orders)
      .innerJoin(profiles, eq(profiles.id, orders.profileId))
      .where(
        and(
          where,
          after
            ? sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(newestFirst(orders.createdAt), sql`${orders.id} desc`)
      .limit(EXPORT_BATCH);
    if (rows.length === 0) return;
    yield rows.map((r) =>
      csvRow([
        r.id.slice(0, 8),
        r.date,
        r.deliveryDay ?? '',
        ORDER_STATUS_LABELS[r.status],
        r.customer,
        r.email,
        r.postcode,
        r.items,
        { number: pounds(r.subtotal) },
        { number: pounds(r.delivery) },
        { number: pounds(r.refunded) },
        { number: pounds(r.total) },
      ]),
    );
    if (rows.length < EXPORT_BATCH) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.at, id: last.id };
  }
}
