import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { RECENT_ORDERS_COUNT, REVENUE_STATUSES } from '~/shared/constants';
import type { Db } from '../db/client';
import { orders, products, profiles } from '../db/schema';
import { newestFirst } from './paging';

export interface RecentOrderDto {
  id: string;
  customer_name: string;
  created_at: string;
  total_pennies: number;
  status: (typeof orders.$inferSelect)['status'];
}

export interface DashboardDto {
  total_revenue_pennies: number;
  total_orders: number;
  products_count: number;
  pending_orders: number;
  recent_orders: RecentOrderDto[];
}

/** The dashboard's figures, computed by the database (SPEC §4: revenue counts paid and completed only). */
export function createAdminDashboardService(db: Db) {
  return {
    async get(): Promise<DashboardDto> {
      const [totals, productCount, recent] = await Promise.all([
        db
          .select({
            totalOrders: count(),
            pendingOrders: sql<number>`count(*) filter (where ${orders.status} = 'pending')`.mapWith(Number),
            revenue: sql<number>`coalesce(sum(${orders.totalPennies}) filter (where ${inArray(orders.status, [
              ...REVENUE_STATUSES,
            ])}), 0)`.mapWith(Number),
          })
          .from(orders),
        db.select({ n: count() }).from(products),
        db
          .select({
            id: orders.id,
            customerName: profiles.fullName,
            createdAt: orders.createdAt,
            totalPennies: orders.totalPennies,
            status: orders.status,
          })
          .from(orders)
          .innerJoin(profiles, eq(profiles.id, orders.profileId))
          .orderBy(newestFirst(orders.createdAt), desc(orders.id))
          .limit(RECENT_ORDERS_COUNT),
      ]);
      const t = totals[0]!;
      return {
        total_revenue_pennies: t.revenue,
        total_orders: t.totalOrders,
        products_count: productCount[0]!.n,
        pending_orders: t.pendingOrders,
        recent_orders: recent.map((o) => ({
          id: o.id,
          customer_name: o.customerName,
          created_at: o.createdAt.toISOString(),
          total_pennies: o.totalPennies,
          status: o.status,
        })),
      };
    },
  };
}
