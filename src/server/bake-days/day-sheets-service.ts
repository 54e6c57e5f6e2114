import { IsoDateSchema } from '~/shared/bake-days/schemas';
import type { DeliveryZone } from '~/shared/delivery-zones/zones';
import type { Actor } from '~/shared/orders/actor';
import { formatBakeDay, type IsoDate } from '~/shared/time/london-time';
import type { Db } from '../db/client';
import {
  CLICK_AND_DROP_HEADER,
  clickAndDropRow,
  type PostedOrder,
  toLabel,
} from '../dispatch/click-and-drop';
import { type TrackingReport, uploadTracking } from '../dispatch/tracking-upload';
import { badRequest, parseOrThrow } from '../errors';
import { ordersForDay, parcelsToDispatchByDay } from '../orders/day-orders';
import type { OrdersService } from '../orders/orders-service';

/**
 * The owner's sheets for one delivery day: bake list, packing slips and run sheet. `zones` are
 * the delivery zones as they are now (their owner hands them over: it imports bake days).
 */
export function createDaySheetsService(
  db: Db,
  orders: OrdersService,
  zones: (exec: Db) => Promise<readonly DeliveryZone[]>,
) {
  const dateOf = (input: unknown): IsoDate => parseOrThrow(IsoDateSchema, input);

  /** The day's orders, each with its zone's service code as the zone is now. */
  async function sheetOrders(date: IsoDate): Promise<PostedOrder[]> {
    const [day, all] = await Promise.all([ordersForDay(db, date), zones(db)]);
    const codes = new Map(all.map((z) => [z.id, z.serviceCode]));
    return day.map((o) => ({ ...o, serviceCode: (o.zoneId && codes.get(o.zoneId)) ?? null }));
  }

  return {
    async get(input: unknown): Promise<{ date: IsoDate; label: string; orders: PostedOrder[] }> {
      const date = dateOf(input);
      return { date, label: formatBakeDay(date), orders: await sheetOrders(date) };
    },

    /** Posted orders still to dispatch per day, for the Bake Days calendar. */
    parcelsByDay: (from: IsoDate, to: IsoDate) => parcelsToDispatchByDay(db, from, to),

    /**
     * Every paid order of the day moves to baking, through the orders module's status change (one
     * history row and one baking e-mail each); a second click finds none left.
     */
    async startBaking(input: unknown, actor: Actor): Promise<{ moved: number }> {
      const date = dateOf(input);
      const paid = (await ordersForDay(db, date)).filter((o) => o.status === 'paid').map((o) => o.id);
      if (paid.length === 0) throw badRequest('No paid orders are waiting to be baked for that day');
      return { moved: await orders.startBaking(paid, actor) };
    },

    /** The day's parcels still to label, as Click & Drop import rows (one batch: a day is small). */
    async clickAndDropRows(input: unknown): Promise<{ date: IsoDate; header: string[]; rows: string[] }> {
      const date = dateOf(input);
      const rows = toLabel(await sheetOrders(date)).map(clickAndDropRow);
      return { date, header: CLICK_AND_DROP_HEADER, rows };
    },

    /**
     * Tracking codes pasted or uploaded on the day's dispatch list: each listed posted order is
     * shipped with its code and e-mailed once; any wrong line and nothing changes.
     */
    async uploadTracking(input: unknown, text: string, actor: Actor): Promise<TrackingReport> {
      const date = dateOf(input);
      return uploadTracking(orders, await ordersForDay(db, date), text, actor);
    },

    /** The run sheet's Delivered / Failed (with a note) for one order's delivery. */
    setOutcome: (orderId: string, input: unknown) => orders.deliveries.setOutcome(orderId, input),
  };
}

export type DaySheetsService = ReturnType<typeof createDaySheetsService>;
