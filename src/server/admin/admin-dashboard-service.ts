import { asc, count, ne } from 'drizzle-orm';
import type { SalesInsights } from '~/shared/orders/sales';
import { COLLECTION_ZONE, DashboardQuerySchema, type ZoneChoice } from '~/shared/orders/schemas';
import type { Db } from '../db/client';
import { deliveryZones, products } from '../db/schema';
import { parseOrThrow } from '../errors';
import type { OrderTotals } from '../orders/order-stats';
import type { OrdersService } from '../orders/orders-service';

export type { RecentOrderDto } from '../orders/order-stats';

export interface DashboardDto extends OrderTotals {
  products_count: number;
  sales: SalesInsights;
  /** The zone the figures are of (`?zone=`), or null for every order. */
  zone: string | null;
  /** The zones to filter by: those delivered to, then Collection. */
  zones: ZoneChoice[];
}

/**
 * The dashboard's figures: the orders module's totals and sales over time (decision 007 for
 * revenue, gift cards sold left out: decision 049), of one zone if asked, and the product count.
 */
export function createAdminDashboardService(db: Db, orders: OrdersService) {
  return {
    async get(query: unknown = {}): Promise<DashboardDto> {
      const { zone } = parseOrThrow(DashboardQuerySchema, query);
      const [totals, sales, [productCount], zones] = await Promise.all([
        orders.totals(zone),
        orders.sales(undefined, zone),
        db.select({ n: count() }).from(products),
        zoneChoices(db),
      ]);
      return { ...totals, products_count: productCount!.n, sales, zone: zone ?? null, zones };
    },
  };
}

/** The zone filter's choices (the orders list's and the dashboard's): zones delivered to, then Collection. */
export async function zoneChoices(db: Db): Promise<ZoneChoice[]> {
  // The zones' table itself (admin does not import delivery-zones), in the owner's order.
  const zones = await db
    .select({ value: deliveryZones.id, label: deliveryZones.name })
    .from(deliveryZones)
    .where(ne(deliveryZones.method, 'none'))
    .orderBy(asc(deliveryZones.position), asc(deliveryZones.createdAt));
  return [...zones, { value: COLLECTION_ZONE, label: 'Collection' }];
}
