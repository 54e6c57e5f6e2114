import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { VAT_RATES, type VatRate } from '~/shared/food-information';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import { OrderFilterSchema } from '~/shared/orders/schemas';
import { ORDER_STATUS_LABELS } from '~/shared/orders/statuses';
import { vatParts } from '~/shared/pricing/price-order';
import { SHOP_TIME_ZONE } from '../../shared/time/london-time';
import { customer } from '../account/customers';
import { csvRow, pounds } from '../csv/csv';
import type { Db } from '../db/client';
import { newestFirst } from '../db/paging';
import { orderItems, orders } from '../db/schema';
import { parseOrThrow } from '../errors';
import { orderFilterWhere } from './order-filter';
import { refundedSum, thisOrder } from './order-money';

/**
 * Rows per database round trip: small enough for flat memory and, on the embedded database (whose
 * queries hold the event loop), for other requests to wait little; big enough to be quick.
 */
export const EXPORT_BATCH = 250;

const FULFILMENT_LABELS: Record<Fulfilment, string> = { delivery: 'Delivery', collection: 'Collection' };

/** Rates that carry VAT get a column each: the VAT included in what was paid at that rate. */
const TAXED_RATES = VAT_RATES.filter((r) => r > 0);

export const ORDER_CSV_HEADER = [
  'Order number',
  'Order date',
  'Delivery day',
  'Fulfilment',
  'Zone',
  'Status',
  'Customer',
  'E-mail',
  'Postcode',
  'Items',
  'Subtotal',
  'Discount code',
  'Discount',
  'Delivery',
  ...TAXED_RATES.map((r) => `VAT ${r}%`),
  'Refunds',
  'Total',
];

type Line = [quantity: number, name: string, unitPricePennies: number, vatRate: VatRate];

/** The order's lines as JSON text ([quantity, name, price, VAT rate]), for the items cell and the VAT. */
const linesJson = sql<string>`coalesce((select json_agg(json_build_array(i.quantity, i.product_name,
  i.unit_price_pennies, i.vat_rate) order by i.product_name, i.id) from ${orderItems} i
  where i.order_id = ${thisOrder}), '[]')::text`;

/**
 * The orders the filters select, newest first, as CSV rows in batches. The filters are checked
 * here, before anything is sent (bad ones are a 400, not a broken file).
 */
export function exportOrderRows(db: Db, query: unknown): AsyncGenerator<string[]> {
  return orderBatches(db, orderFilterWhere(parseOrThrow(OrderFilterSchema, query)));
}

interface ExportRow {
  id: string;
  date: string;
  deliveryDay: string | null;
  fulfilment: Fulfilment;
  zone: string | null;
  status: keyof typeof ORDER_STATUS_LABELS;
  customer: string;
  email: string;
  postcode: string;
  lines: string;
  subtotal: number;
  discountCode: string | null;
  discount: number;
  delivery: number;
  refunded: number;
  total: number;
}

/**
 * Keyset paging on (created_at, id): each batch's ids are read from `orders` alone through
 * `orders_created_at_idx`, however deep, and only then are those 1,000 rows joined and described,
 * so the planner never weighs joining and describing the whole table.
 */
async function* orderBatches(db: Db, where: SQL | undefined): AsyncGenerator<string[]> {
  let after: { at: string; id: string } | null = null;
  const newest = [newestFirst(orders.createdAt), sql`${orders.id} desc`];
  for (;;) {
    const batch: { id: string; at: string }[] = await db
      .select({
        id: orders.id,
        // As text, because it round-trips exactly: a Date would drop the microseconds and skip rows.
        at: sql<string>`${orders.createdAt}::text`,
      })
      .from(orders)
      .where(
        and(
          where,
          after
            ? sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(...newest)
      .limit(EXPORT_BATCH);
    if (batch.length === 0) return;
    const rows: ExportRow[] = await db
      .select({
        id: orders.id,
        date: sql<string>`to_char(${orders.createdAt} at time zone ${SHOP_TIME_ZONE}, 'YYYY-MM-DD HH24:MI')`,
        deliveryDay: orders.deliveryDate,
        fulfilment: orders.fulfilment,
        zone: orders.deliveryZoneName,
        status: orders.status,
        customer: customer.fullName,
        email: customer.email,
        postcode: orders.shipPostcode,
        lines: linesJson,
        subtotal: orders.subtotalPennies,
        discountCode: orders.discountCode,
        discount: orders.discountPennies,
        delivery: orders.deliveryFeePennies,
        refunded: refundedSum,
        total: orders.totalPennies,
      })
      .from(orders)
      .innerJoin(customer, eq(customer.id, orders.profileId))
      .where(
        inArray(
          orders.id,
          batch.map((b) => b.id),
        ),
      )
      .orderBy(...newest);
    if (rows.length === 0) return;
    yield rows.map((r) => {
      const lines = JSON.parse(r.lines) as Line[];
      // The same VAT split as the order's own pages and receipts (shared/pricing).
      const vat = vatParts(
        lines.map(([quantity, , unitPricePennies, vatRate]) => ({ quantity, unitPricePennies, vatRate })),
        r.discount,
        r.delivery,
      );
      return csvRow([
        r.id.slice(0, 8),
        r.date,
        r.deliveryDay ?? '',
        FULFILMENT_LABELS[r.fulfilment],
        // The zone's name when ordered, as the zone filter groups them.
        r.fulfilment === 'collection' ? 'Collection' : (r.zone ?? ''),
        ORDER_STATUS_LABELS[r.status],
        r.customer,
        r.email,
        r.postcode,
        lines.map(([quantity, name]) => `${quantity} x ${name}`).join('; '),
        { number: pounds(r.subtotal) },
        r.discountCode ?? '',
        { number: pounds(r.discount) },
        { number: pounds(r.delivery) },
        ...TAXED_RATES.map((rate) => ({
          number: pounds(vat.find((v) => v.rate === rate)?.vat_pennies ?? 0),
        })),
        { number: pounds(r.refunded) },
        { number: pounds(r.total) },
      ]);
    });
    if (batch.length < EXPORT_BATCH) return;
    after = batch[batch.length - 1]!;
  }
}
