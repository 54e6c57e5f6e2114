import type { CatalogVersion } from '../catalog/catalog-version';
import type { Db } from '../db/client';
import type { OrdersService } from '../orders/orders-service';
import { createAdminCustomersService } from './admin-customers-service';
import { createAdminDashboardService } from './admin-dashboard-service';
import { createAdminProductsService } from './admin-products-service';

/**
 * The back office's services. They assume the caller is an admin: the /api/admin routes and the
 * admin pages' loaders/actions check the role before calling them. Orders and deliveries are the
 * orders module's own (`services.orders`).
 */
export function createAdminServices(db: Db, catalogVersion: CatalogVersion, orders: OrdersService) {
  return {
    dashboard: createAdminDashboardService(db, orders),
    products: createAdminProductsService(db, catalogVersion),
    customers: createAdminCustomersService(db, orders),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
