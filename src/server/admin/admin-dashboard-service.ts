import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import type { OrderTotals } from '../orders/order-stats';
import type { OrdersService } from '../orders/orders-service';

export type { RecentOrderDto } from '../orders/order-stats';

export interface DashboardDto extends OrderTotals {
  products_count: number;
}

/** The dashboard's figures: the orders module's totals (decision 007 for revenue) and the product count. */
export function createAdminDashboardService(db: Db, orders: OrdersService) {
  return {
    async get(): Promise<DashboardDto> {
      const [totals, [productCount]] = await Promise.all([
        orders.totals(),
        db.select({ n: count() }).from(products),
      ]);
      return { ...totals, products_count: productCount!.n };
    },
  };
}
