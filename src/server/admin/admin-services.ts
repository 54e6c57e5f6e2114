import type { CatalogVersion } from '../catalog/catalog-version';
import type { Db } from '../db/client';
import { createAdminCustomersService } from './admin-customers-service';
import { createAdminDashboardService } from './admin-dashboard-service';
import { createAdminDeliveriesService } from './admin-deliveries-service';
import { createAdminOrdersService } from './admin-orders-service';
import { createAdminProductsService } from './admin-products-service';

/**
 * The back office's services. They assume the caller is an admin: the /api/admin routes and the
 * admin pages' loaders/actions check the role before calling them.
 */
export function createAdminServices(db: Db, catalogVersion: CatalogVersion) {
  return {
    dashboard: createAdminDashboardService(db),
    orders: createAdminOrdersService(db),
    products: createAdminProductsService(db, catalogVersion),
    customers: createAdminCustomersService(db),
    deliveries: createAdminDeliveriesService(db),
  };
}

export type AdminServices = ReturnType<typeof createAdminServices>;
