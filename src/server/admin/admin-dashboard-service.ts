import { count, eq, sql } from 'drizzle-orm';
import type { DeliveryZone } from '~/shared/delivery-zones/zones';
import type { SalesInsights } from '~/shared/orders/sales';
import { COLLECTION_ZONE, DashboardQuerySchema, type ZoneChoice } from '~/shared/orders/schemas';
import { cachedByVersion } from '../db/cached-by-version';
import type { CatalogVersion } from '../db/catalog-version';
import type { Db, Tx } from '../db/client';
import { productBoxes, products } from '../db/schema';
import { parseOrThrow } from '../errors';
import type { OrderTotals } from '../orders/order-stats';
import type { OrdersService } from '../orders/orders-service';

export type { RecentOrderDto } from '../orders/order-stats';

/**
 * The Products card: what is in the shop now (cookies and boxes the owner has not hidden), and
 * what that leaves out, so it matches the Products page; the gift card is sold on its own page.
 */
export interface ProductCounts {
  in_shop: number;
  cookies: number;
  boxes: number;
  /** Cookies and boxes the owner made inactive: on the Products page, not in the shop. */
  hidden: number;
}

export interface DashboardDto extends OrderTotals {
  products: ProductCounts;
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
 * revenue, gift cards sold left out: decision 049), of one zone if asked, and the product counts.
 * They are kept per catalogue version, as the zones are (decision 056): every product write bumps
 * it, so a product added, hidden or removed counts at once (decision 061).
 */
export function createAdminDashboardService(
  db: Db,
  version: CatalogVersion,
  orders: OrdersService,
  listZones: ListZones,
) {
  const productCounts = cachedByVersion(db, version, async (exec: Db | Tx): Promise<ProductCounts> => {
    const isBox = sql<boolean>`${productBoxes.productId} is not null`;
    const rows = await exec
      .select({ active: products.isActive, box: isBox, n: count() })
      .from(products)
      .leftJoin(productBoxes, eq(productBoxes.productId, products.id))
      .where(eq(products.kind, 'cookie'))
      .groupBy(products.isActive, isBox);
    const n = (active: boolean, box?: boolean) =>
      rows
        .filter((r) => r.active === active && (box === undefined || r.box === box))
        .reduce((sum, r) => sum + r.n, 0);
    return { in_shop: n(true), cookies: n(true, false), boxes: n(true, true), hidden: n(false) };
  });
  return {
    async get(query: unknown = {}): Promise<DashboardDto> {
      const { zone } = parseOrThrow(DashboardQuerySchema, query);
      const [totals, sales, productsNow, zones] = await Promise.all([
        orders.totals(zone),
        orders.sales(undefined, zone),
        productCounts(),
        zoneChoices(listZones),
      ]);
      return { ...totals, products: productsNow, sales, zone: zone ?? null, zones };
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
