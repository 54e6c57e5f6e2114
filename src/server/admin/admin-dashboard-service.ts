import { count } from 'drizzle-orm';
import type { SalesInsights } from '~/shared/orders/sales';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import type { OrderTotals } from '../orders/order-stats';
import type { OrdersService } from '../orders/orders-service';

export type { RecentOrderDto } from '../orders/order-stats';

export interface DashboardDto extends OrderTotals {
  products_count: number;
  sales: SalesInsights;
}

/**
 * The dashboard's figures: the orders module's totals and sales over time (decision 007 for
 * revenue) and the product count.
 */
export function createAdminDashboardService(db: Db, orders: OrdersService) {
  return {
    async get(): Promise<DashboardDto> {
      const [totals, sales, [productCount]] = await Promise.all([
        orders.totals(),
        orders.sales(),
        db.select({ n: count() }).from(products),
      ]);
      return { ...totals, products_count: productCount!.n, sales };
    },
  };
}
