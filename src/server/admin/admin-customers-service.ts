import { count, desc } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, PageQuerySchema } from '~/shared/schemas/admin';
import { type ProfileDto, toProfileDto } from '../account/account-service';
import type { Db } from '../db/client';
import { newestFirst, type Page, pageOffset, toPage } from '../db/paging';
import { profiles } from '../db/schema';
import { parseOrThrow } from '../errors';
import type { OrdersService } from '../orders/orders-service';
import { exportCustomerRows } from './customers-export';

export interface AdminCustomerDto extends ProfileDto {
  order_count: number;
  total_spent_pennies: number;
}

/** Customers (profiles) newest first, with their order count and spend (the revenue rule). */
export function createAdminCustomersService(db: Db, orders: OrdersService) {
  return {
    /** Every customer as CSV rows, a batch at a time (customers-export.ts). */
    exportCsvRows: () => exportCustomerRows(db, orders),

    async list(query: unknown = {}): Promise<Page<AdminCustomerDto>> {
      const { page } = parseOrThrow(PageQuerySchema, query);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(profiles)
          .orderBy(newestFirst(profiles.createdAt), desc(profiles.id))
          .limit(ADMIN_PAGE_SIZE)
          .offset(pageOffset(page)),
        db.select({ n: count() }).from(profiles),
      ]);
      const spend = await orders.spendByCustomer(rows.map((r) => r.id));
      return toPage(
        rows.map((r) => ({
          ...toProfileDto(r),
          order_count: spend.get(r.id)?.orderCount ?? 0,
          total_spent_pennies: spend.get(r.id)?.spentPennies ?? 0,
        })),
        page,
        total!.n,
      );
    },
  };
}
