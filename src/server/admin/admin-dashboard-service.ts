import { count } from 'drizzle-orm';
import type { DeliveryZone } from '~/shared/delivery-zones/zones';
import type { SalesInsights } from '~/shared/orders/sales';
import { COLLECTION_ZONE, DashboardQuerySchema, type ZoneChoice } from '~/shared/orders/schemas';
import { cachedByVersion } from '../db/cached-by-version';
import type { CatalogVersion } from '../db/catalog-version';
import type { Db, Tx } from '../db/client';
import { products } from '../db/schema';
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

/** Every delivery zone in the owner's order (the zones service's, kept per catalogue version). */
export type ListZones = () => Promise<readonly DeliveryZone[]>;

/**
 * The dashboard's figures: the orders module's totals and sales over time (decision 007 for
 * revenue, gift cards sold left out: decision 049), of one zone if asked, and the product count.
 * The product count is kept per catalogue version, as the zones are (decision 056): every product
 * write bumps it, so a product added or removed counts at once (decision 061).
 */
export function createAdminDashboardService(
  db: Db,
  version: CatalogVersion,
  orders: OrdersService,
  listZones: ListZones,
) {
  const productCount = cachedByVersion(db, version, async (exec: Db | Tx) => {
    const [row] = await exec.select({ n: count() }).from(products);
    return row!.n;
  });
  return {
    async get(query: unknown = {}): Promise<DashboardDto> {
      const { zone } = parseOrThrow(DashboardQuerySchema, query);
      const [totals, sales, productsCount, zones] = await Promise.all([
        orders.totals(zone),
        orders.sales(undefined, zone),
        productCount(),
        zoneChoices(listZones),
      ]);
      return { ...totals, products_count: productsCount, sales, zone: zone ?? null, zones };
    },
  };
}

/** The zone filter's choices (the orders list's and the dashboard's): zones delivered to, then Collection. */
export async function zoneChoices(listZones: ListZones): Promise<ZoneChoice[]> {
  const zones = (await listZones())
    .filter((z) => z.method !== 'none')
    .map((z) => ({ value: z.id, label: z.name }));
  return [...zones, { value: COLLECTION_ZONE, label: 'Collection' }];
}
