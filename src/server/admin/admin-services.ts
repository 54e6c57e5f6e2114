import { createProductWrites, type RecipeFoodCheck } from '../catalog/product-writes';
import type { CatalogVersion } from '../db/catalog-version';
import type { Db } from '../db/client';
import type { OrdersService } from '../orders/orders-service';
import { createAdminCustomersService } from './admin-customers-service';
import { createAdminDashboardService, type ListZones, zoneChoices } from './admin-dashboard-service';

/**
 * The back office's services. They assume the caller is an admin: the /api/admin routes and the
 * admin pages' loaders/actions check the role before calling them. Product writes are the
 * catalogue's own (catalog/product-writes.ts), orders and deliveries the orders module's
 * (`services.orders`); this only gathers what the back office calls. The zones come from the zones
 * service (kept per catalogue version), handed in: admin does not import delivery-zones.
 */
export function createAdminServices(
  db: Db,
  catalogVersion: CatalogVersion,
  orders: OrdersService,
  listZones: ListZones,
  recipeFood?: RecipeFoodCheck,
) {
  return {
    dashboard: createAdminDashboardService(db, catalogVersion, orders, listZones),
    products: createProductWrites(db, catalogVersion, recipeFood),
    customers: createAdminCustomersService(db, orders),
    /** The zone filter's choices (orders list and dashboard). */
    zoneChoices: () => zoneChoices(listZones),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
