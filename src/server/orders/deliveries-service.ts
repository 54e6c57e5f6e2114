import { count, desc, eq } from 'drizzle-orm';
import { isUuid } from '~/shared/ids';
import type { OrderDeliveryView, OrderView } from '~/shared/orders/order-view';
import { DeliveryOutcomeSchema, DeliveryUpdateSchema } from '~/shared/orders/schemas';
import { type DeliveryStatus, orderNumber } from '~/shared/orders/statuses';
import { ADMIN_PAGE_SIZE, PageQuerySchema } from '~/shared/schemas/admin';
import { customer } from '../account/customers';
import { recordActivity } from '../activity/activity-log';
import type { Db, Tx } from '../db/client';
import { newestFirst, type Page, pageOffset, toPage } from '../db/paging';
import { deliveries, orders } from '../db/schema';
import { badRequest, notFound, parseOrThrow } from '../errors';
import { shipToColumns, shipToOf } from './ship-to-columns';

/** A collection is handed over at the bakery: no parcel to track and no driver to brief. */
export const NOTHING_TO_TRACK =
  'A collection has no tracking code or driver notes: the customer collects it from the bakery.';

async function isCollection(tx: Tx, orderId: string): Promise<boolean> {
  const [order] = await tx
    .select({ fulfilment: orders.fulfilment })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return order?.fulfilment === 'collection';
}

/**
 * A delivery as the back office lists it: the delivery, and a view of its order (where it goes:
 * a gift's recipient is not the customer; a collection's statuses read "Ready to collect").
 */
export interface AdminDeliveryDto
  extends Pick<OrderDeliveryView, 'id' | 'status' | 'tracking_code' | 'driver_notes' | 'created_at'> {
  order: Pick<OrderView, 'id' | 'number' | 'total_pennies' | 'created_at' | 'fulfilment' | 'ship'> & {
    customer: Pick<OrderView['customer'], 'full_name'>;
  };
}

const columns = {
  id: deliveries.id,
  status: deliveries.status,
  trackingCode: deliveries.trackingCode,
  driverNotes: deliveries.driverNotes,
  createdAt: deliveries.createdAt,
  orderId: orders.id,
  orderTotal: orders.totalPennies,
  orderCreatedAt: orders.createdAt,
  fulfilment: orders.fulfilment,
  customerName: customer.fullName,
  ...shipToColumns,
};

type OnChange = (tx: Tx, orderId: string) => Promise<void>;

/**
 * Deliveries for the back office: newest first, paged; status, tracking code and notes editable.
 * `on.delivered` and `on.ready` run once when a delivery first reaches that status.
 */
export function createDeliveriesService(db: Db, on: { delivered: OnChange; ready: OnChange }) {
  /** Tells the customer when their delivery has just become delivered or ready. */
  async function announce(tx: Tx, orderId: string, from: DeliveryStatus, to: DeliveryStatus | undefined) {
    if (to === from) return;
    if (to === 'delivered') await on.delivered(tx, orderId);
    if (to === 'ready') await on.ready(tx, orderId);
  }

  const selectDeliveries = () =>
    db
      .select(columns)
      .from(deliveries)
      .innerJoin(orders, eq(orders.id, deliveries.orderId))
      .innerJoin(customer, eq(customer.id, orders.profileId));
  type Row = Awaited<ReturnType<typeof selectDeliveries>>[number];

  const toDto = (r: Row): AdminDeliveryDto => ({
    id: r.id,
    status: r.status,
    tracking_code: r.trackingCode,
    driver_notes: r.driverNotes,
    created_at: r.createdAt.toISOString(),
    order: {
      id: r.orderId,
      number: orderNumber(r.orderId),
      total_pennies: r.orderTotal,
      created_at: r.orderCreatedAt.toISOString(),
      fulfilment: r.fulfilment,
      ship: shipToOf(r),
      customer: { full_name: r.customerName },
    },
  });

  return {
    async list(query: unknown = {}): Promise<Page<AdminDeliveryDto>> {
      const { page } = parseOrThrow(PageQuerySchema, query);
      const [rows, [total]] = await Promise.all([
        selectDeliveries()
          .orderBy(newestFirst(deliveries.createdAt), desc(deliveries.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset(pageOffset(page)),
        db.select({ n: count() }).from(deliveries),
      ]);
      return toPage(rows.map(toDto), page, total!.n);
    },

    /**
     * Sets any of status, tracking code and driver notes; an empty text clears that field. The
     * customer hears once when their delivery is marked delivered.
     */
    async update(id: string, input: unknown): Promise<AdminDeliveryDto> {
      if (!isUuid(id)) throw notFound('Delivery not found');
      const data = parseOrThrow(DeliveryUpdateSchema, input);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(deliveries).where(eq(deliveries.id, id)).for('update');
        if (!before) throw notFound('Delivery not found');
        if ((data.tracking_code || data.driver_notes) && (await isCollection(tx, before.orderId)))
          throw badRequest(NOTHING_TO_TRACK);
        await tx
          .update(deliveries)
          .set({ status: data.status, trackingCode: data.tracking_code, driverNotes: data.driver_notes })
          .where(eq(deliveries.id, id));
        await announce(tx, before.orderId, before.status, data.status);
        await recordActivity(tx, {
          kind: 'delivery.update',
          record: ['order', before.orderId],
          before: {
            status: before.status,
            tracking_code: before.trackingCode,
            driver_notes: before.driverNotes,
          },
          after: data,
        });
      });
      const [row] = await selectDeliveries().where(eq(deliveries.id, id)).limit(1);
      return toDto(row!);
    },

    /**
     * The run sheet's Delivered, or Failed with the driver's note, or the collection list's Ready
     * and Collected (delivered), for an order's delivery. The customer hears once of each.
     */
    async setOutcome(orderId: string, input: unknown): Promise<void> {
      const { outcome, note } = parseOrThrow(DeliveryOutcomeSchema, input);
      if (!isUuid(orderId)) throw notFound('Delivery not found');
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(deliveries)
          .where(eq(deliveries.orderId, orderId))
          .for('update');
        if (!before) throw notFound('Delivery not found');
        await tx
          .update(deliveries)
          .set({ status: outcome, failureNote: outcome === 'failed' ? note : null })
          .where(eq(deliveries.id, before.id));
        await announce(tx, orderId, before.status, outcome);
        await recordActivity(tx, {
          kind: 'delivery.outcome',
          record: ['order', orderId],
          before: { status: before.status },
          after: { status: outcome, note },
        });
      });
    },
  };
}
