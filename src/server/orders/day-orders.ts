import { and, asc, between, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DayBoxCookie } from '~/shared/bake-days/day-sheets';
import { mergeAllergenInfo } from '~/shared/boxes/box-food';
import { parcelWeight } from '~/shared/dispatch/parcel';
import {
  type AllergenInfo,
  allergensWith,
  DEFAULT_SHELF_LIFE_DAYS as CATALOGUE_DEFAULT,
} from '~/shared/food-information';
import type { OrderView } from '~/shared/orders/order-view';
import { type DeliveryStatus, orderNumber } from '~/shared/orders/statuses';
import type { SummaryFigures } from '~/shared/pricing/summary-rows';
import { type Slot, slotOf } from '~/shared/settings/collection-slots';
import type { IsoDate } from '~/shared/time/london-time';
import { customer } from '../account/customers';
import type { Db, Tx } from '../db/client';
import { deliveries, orderItems, orders, products } from '../db/schema';
import { shipToColumns, shipToOf } from './ship-to-columns';

/** Shelf life when a product does not say (a deleted product's line): the catalogue's default. */
export const DEFAULT_SHELF_LIFE_DAYS = CATALOGUE_DEFAULT;

export interface DayOrderLine {
  productId: string | null;
  productName: string;
  quantity: number;
  unitPricePennies: number;
  /** What it contains, and what it may contain (cross-contamination): the slips print both. */
  allergens: string[];
  mayContain: string[];
  shelfLifeDays: number;
  /** The product's net weight per unit as the catalogue gives it now (null when not entered). */
  netWeightGrams: number | null;
  /** A box's cookies (in ONE box), each with its own food information; null for loose cookies. */
  box: DayBoxCookie[] | null;
}

/**
 * One order for a delivery day, with what the bake list, slips and run sheet print: a view of the
 * order (`OrderView`'s fields) with the food information of its lines. `fulfilment` says whether
 * it is delivered (the run sheet) or collected (the collection list); a gift's `ship` carries the
 * message, and its slip no prices.
 */
export interface DayOrder
  extends Pick<
    OrderView,
    'id' | 'number' | 'status' | 'created_at' | 'delivery_date' | 'fulfilment' | 'ship'
  > {
  /** A trade order on account (decision 085): baked while unpaid. */
  onAccount: boolean;
  /** Who ordered (a gift's slip says who it is from). */
  customer: Pick<OrderView['customer'], 'full_name'>;
  overCapacity: boolean;
  /** Paid after its day was closed: flagged "Day closed after ordering". */
  dayClosed: boolean;
  /** Money as the slip prints it (pricing/summary-rows.ts). */
  figures: SummaryFigures;
  delivery: { status: DeliveryStatus; driverNotes: string | null; failureNote: string | null } | null;
  lines: DayOrderLine[];
  /** A collection's time slot (decision 084); null without one. */
  collectionSlot: Slot | null;
  cookies: number;
  /** 'van' (the run sheet), 'post' (the dispatch list), or null (collection; before zones). */
  method: 'van' | 'post' | null;
  /**
   * The zone it was ordered to (null for a collection, or once the zone is removed): the day
   * sheets look up the zone's Royal Mail service code with the delivery zones, who own them.
   */
  zoneId: string | null;
  /** Post: the tracking code given when it was dispatched. */
  trackingCode: string | null;
  /** The parcel's weight, cookies and packaging (shared/dispatch/parcel.ts). */
  parcel: { grams: number; estimated: boolean };
}

/**
 * Every order for `date` that is not cancelled, oldest first, with lines and delivery: what the
 * day's sheets print.
 */
export const ordersForDay = (exec: Db | Tx, date: IsoDate): Promise<DayOrder[]> =>
  slipOrders(exec, and(eq(orders.deliveryDate, date), sql`${orders.status} <> 'cancelled'`)!);

/** One order as its packing slip prints it (any status, any day); null when there is none. */
export async function slipOrder(exec: Db | Tx, id: string): Promise<DayOrder | null> {
  const [order] = await slipOrders(exec, eq(orders.id, id));
  return order ?? null;
}

/** The orders `where` selects, oldest first, with lines, delivery and food information. */
async function slipOrders(exec: Db | Tx, where: SQL): Promise<DayOrder[]> {
  const rows = await exec
    .select({
      id: orders.id,
      status: orders.status,
      onAccount: orders.onAccount,
      deliveryDate: orders.deliveryDate,
      customerName: customer.fullName,
      flags: orders.flags,
      createdAt: orders.createdAt,
      subtotalPennies: orders.subtotalPennies,
      deliveryFeePennies: orders.deliveryFeePennies,
      totalPennies: orders.totalPennies,
      fulfilment: orders.fulfilment,
      discountCode: orders.discountCode,
      discountPennies: orders.discountPennies,
      deliveryWaivedPennies: orders.deliveryWaivedPennies,
      ...shipToColumns,
      deliveryStatus: deliveries.status,
      driverNotes: deliveries.driverNotes,
      failureNote: deliveries.failureNote,
      trackingCode: deliveries.trackingCode,
      deliveryMethod: orders.deliveryMethod,
      zoneId: orders.deliveryZoneId,
      collectionSlotFrom: orders.collectionSlotFrom,
      collectionSlotTo: orders.collectionSlotTo,
    })
    .from(orders)
    .innerJoin(customer, eq(customer.id, orders.profileId))
    .leftJoin(deliveries, eq(deliveries.orderId, orders.id))
    .where(where)
    .orderBy(asc(orders.createdAt), asc(orders.id));
  if (rows.length === 0) return [];

  const lines = await exec
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      quantity: orderItems.quantity,
      unitPricePennies: orderItems.unitPricePennies,
      allergenInfo: products.allergenInfo,
      shelfLifeDays: products.shelfLifeDays,
      netWeightGrams: products.netWeightGrams,
      boxContents: orderItems.boxContents,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(orderItems.productName));

  // The food information of the cookies inside boxes: a box's is theirs (decision 042).
  const boxed = lines.flatMap((l) => (l.boxContents ?? []).map((e) => e.product_id));
  const cookieFood = new Map(
    boxed.length
      ? (
          await exec
            .select({
              id: products.id,
              allergenInfo: products.allergenInfo,
              shelfLifeDays: products.shelfLifeDays,
              ingredients: products.ingredients,
              netWeightGrams: products.netWeightGrams,
            })
            .from(products)
            .where(inArray(products.id, [...new Set(boxed)]))
        ).map((p) => [p.id, p])
      : [],
  );

  return rows.map((r) => {
    const own = lines
      .filter((l) => l.orderId === r.id)
      .map((l): DayOrderLine => {
        // The catalogue's food information; a deleted product's line falls back to the defaults.
        const food = (info: AllergenInfo | null | undefined, shelfLife: number | null | undefined) => ({
          allergens: info ? allergensWith(info, 'contains') : [],
          mayContain: info ? allergensWith(info, 'may_contain') : [],
          shelfLifeDays: shelfLife ?? DEFAULT_SHELF_LIFE_DAYS,
        });
        const base = {
          productId: l.productId,
          productName: l.productName,
          quantity: l.quantity,
          unitPricePennies: l.unitPricePennies,
          netWeightGrams: l.netWeightGrams,
        };
        if (!l.boxContents) return { ...base, ...food(l.allergenInfo, l.shelfLifeDays), box: null };
        const box = l.boxContents.map((e) => {
          const cookie = cookieFood.get(e.product_id);
          return {
            productId: e.product_id,
            productName: e.name,
            quantity: e.quantity,
            ...food(cookie?.allergenInfo, cookie?.shelfLifeDays),
            ingredients: cookie?.ingredients ?? '',
            netWeightGrams: cookie?.netWeightGrams ?? null,
          };
        });
        const merged = mergeAllergenInfo(
          l.boxContents.map((e) => cookieFood.get(e.product_id)?.allergenInfo ?? {}),
        );
        return {
          ...base,
          allergens: allergensWith(merged, 'contains'),
          mayContain: allergensWith(merged, 'may_contain'),
          shelfLifeDays: Math.min(...box.map((c) => c.shelfLifeDays)),
          box,
        };
      });
    return {
      id: r.id,
      number: orderNumber(r.id),
      status: r.status,
      onAccount: r.onAccount,
      customer: { full_name: r.customerName },
      delivery_date: r.deliveryDate,
      collectionSlot: slotOf(r),
      overCapacity: r.flags.includes('over_capacity'),
      dayClosed: r.flags.includes('day_closed_after_ordering'),
      created_at: r.createdAt.toISOString(),
      fulfilment: r.fulfilment,
      figures: {
        subtotal_pennies: r.subtotalPennies,
        discount: r.discountCode
          ? {
              code: r.discountCode,
              pennies: r.discountPennies,
              delivery_waived_pennies: r.deliveryWaivedPennies,
            }
          : null,
        delivery_fee_pennies: r.deliveryFeePennies,
        total_pennies: r.totalPennies,
        fulfilment: r.fulfilment,
      },
      ship: shipToOf(r),
      delivery: r.deliveryStatus
        ? { status: r.deliveryStatus, driverNotes: r.driverNotes, failureNote: r.failureNote }
        : null,
      lines: own,
      // The oven bakes cookies, not boxes: a box counts as its cookies.
      cookies: own.reduce(
        (sum, l) => sum + l.quantity * (l.box ? l.box.reduce((n, c) => n + c.quantity, 0) : 1),
        0,
      ),
      method: r.deliveryMethod === 'van' || r.deliveryMethod === 'post' ? r.deliveryMethod : null,
      zoneId: r.zoneId,
      trackingCode: r.trackingCode,
      parcel: parcelWeight(own),
    };
  });
}

/**
 * Posted orders still to dispatch (paid or baking), per dispatch day from `from` to `to`: what
 * the Bake Days calendar shows on each day, so a posted zone's own weekday (a Monday the van
 * never runs) does not read "No deliveries or collections" while parcels wait for it.
 */
export async function parcelsToDispatchByDay(
  db: Db,
  from: IsoDate,
  to: IsoDate,
): Promise<Record<IsoDate, number>> {
  const rows = await db
    .select({ date: orders.deliveryDate, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(orders)
    .where(
      and(
        eq(orders.deliveryMethod, 'post'),
        eq(orders.fulfilment, 'delivery'),
        inArray(orders.status, ['paid', 'baking']),
        between(orders.deliveryDate, from, to),
      ),
    )
    .groupBy(orders.deliveryDate);
  return Object.fromEntries(rows.map((r) => [r.date!, r.n]));
}
