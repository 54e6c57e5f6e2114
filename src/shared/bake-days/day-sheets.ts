import { comparePostcodes } from '../delivery-zones/postcode-order';
import type { Fulfilment } from '../orders/fulfilment';
import { addDays, type IsoDate } from '../time/london-time';

/** What the day's sheets need of an order (the server's DayOrder has more). */
/** One cookie in a box, as the bake list counts it and the packing slip and labels print it. */
export interface DayBoxCookie {
  productId: string | null;
  productName: string;
  quantity: number;
  allergens: string[];
  mayContain: string[];
  shelfLifeDays: number;
  /** As the owner writes them, allergens marked *like this*; '' for a deleted product. */
  ingredients: string;
  netWeightGrams: number | null;
}

export interface SheetOrder {
  id: string;
  /** "#1a2b3c4d" */
  number: string;
  status: string;
  /** A trade order on account (decision 085): baked while it is still unpaid. */
  onAccount?: boolean;
  cookies: number;
  fulfilment: Fulfilment;
  /** A delivery's zone method: 'post' goes on the dispatch list, not the run sheet. */
  method?: 'van' | 'post' | null;
  ship: { name: string; postcode: string };
  /** A collection's time slot (decision 084); null or absent = any time in the hours. */
  collectionSlot?: { from: string; to: string } | null;
  lines: {
    productId: string | null;
    productName: string;
    quantity: number;
    shelfLifeDays: number;
    /** A box's cookies, in ONE box; null or absent for loose cookies. */
    box?: { productId: string | null; productName: string; quantity: number }[] | null;
  }[];
}

/**
 * Whether the kitchen bakes an order: paid or baking, or a trade order on account not yet
 * delivered (it is paid against its invoice). Shipped and completed ones are baked already.
 */
export const isToBake = (o: Pick<SheetOrder, 'status' | 'onAccount'>) =>
  o.status === 'paid' || o.status === 'baking' || (o.status === 'pending' && o.onAccount === true);

export interface BakeListLine {
  product: string;
  cookies: number;
}

/**
 * The bake list: cookies per product across the day's orders to bake (`isToBake`), most first. The
 * oven bakes cookies, not boxes: the cookies inside boxes are counted with the loose ones.
 * Pending orders are listed apart (awaiting payment); shipped and completed ones are baked already.
 */
export function bakeList(orders: SheetOrder[]): {
  lines: BakeListLine[];
  total: number;
  awaitingPayment: SheetOrder[];
} {
  const byProduct = new Map<string, BakeListLine>();
  for (const order of orders.filter(isToBake)) {
    const cookies = order.lines.flatMap((line) =>
      line.box ? line.box.map((c) => ({ ...c, quantity: c.quantity * line.quantity })) : [line],
    );
    for (const cookie of cookies) {
      const key = cookie.productId ?? `name:${cookie.productName}`;
      const entry = byProduct.get(key) ?? { product: cookie.productName, cookies: 0 };
      entry.cookies += cookie.quantity;
      byProduct.set(key, entry);
    }
  }
  const lines = [...byProduct.values()].sort(
    (a, b) => b.cookies - a.cookies || a.product.localeCompare(b.product),
  );
  return {
    lines,
    total: lines.reduce((sum, l) => sum + l.cookies, 0),
    awaitingPayment: orders.filter((o) => o.status === 'pending' && !o.onAccount),
  };
}

/** Best before: the delivery day plus the shortest shelf life among the order's cookies. */
export function bestBefore(deliveryDate: IsoDate, shelfLives: number[]): IsoDate {
  return addDays(deliveryDate, Math.min(...shelfLives));
}

/**
 * The run sheet's order: by postcode as a driver plans a round (area, district number as a
 * number, sector, unit: SY2 before SY10), then by name.
 */
export function byPostcode<T extends SheetOrder>(orders: T[]): T[] {
  return [...orders].sort(
    (a, b) => comparePostcodes(a.ship.postcode, b.ship.postcode) || a.ship.name.localeCompare(b.ship.name),
  );
}

/**
 * The run sheet: the day's van deliveries, paid and later (pending ones are not going anywhere
 * yet). Posted orders are on the dispatch list; an order from before zones has no method and
 * goes in the van, as it did then.
 */
export function runSheetStops<T extends SheetOrder>(orders: T[]): T[] {
  return byPostcode(
    orders.filter((o) => o.status !== 'pending' && o.fulfilment === 'delivery' && o.method !== 'post'),
  );
}

/** The dispatch list: the day's posted orders, paid and later, by postcode. */
export function dispatchList<T extends SheetOrder>(orders: T[]): T[] {
  return byPostcode(
    orders.filter((o) => o.status !== 'pending' && o.fulfilment === 'delivery' && o.method === 'post'),
  );
}

/**
 * The collection list: the day's collections, paid and later, by time slot (decision 084; those
 * without one last), then by name as the customer gives it.
 */
export function collectionList<T extends SheetOrder>(orders: T[]): T[] {
  const slot = (o: T) => o.collectionSlot?.from ?? '99:99';
  return orders
    .filter((o) => o.status !== 'pending' && o.fulfilment === 'collection')
    .sort(
      (a, b) =>
        slot(a).localeCompare(slot(b)) ||
        a.ship.name.localeCompare(b.ship.name, 'en-GB') ||
        a.id.localeCompare(b.id),
    );
}
