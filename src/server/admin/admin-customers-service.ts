import { count, desc, eq, inArray, sql } from 'drizzle-orm';
import { ADMIN_PAGE_SIZE, PageQuerySchema, SPENT_STATUSES } from '~/shared/schemas/admin';
import type { ProfileDto } from '../account/account-service';
import type { Db } from '../db/client';
import { orders, profiles } from '../db/schema';
import { parseOrThrow } from '../errors';
import { newestFirst, type Page, pageOffset, toPage } from './paging';

export interface AdminCustomerDto extends ProfileDto {
  order_count: number;
  total_spent_pennies: number;
}

/** Customers (profiles) newest first, with their order count and spend from one aggregate query. */
export function createAdminCustomersService(db: Db) {
  return {
    async list(query: unknown = {}): Promise<Page<AdminCustomerDto>> {
      const { page } = parseOrThrow(PageQuerySchema, query);
      // Page the profiles first (profiles_created_at_idx), then aggregate only that page's orders.
      const pageOfProfiles = db
        .select()
        .from(profiles)
        .orderBy(newestFirst(profiles.createdAt), desc(profiles.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset(pageOffset(page))
        .as('p');
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: pageOfProfiles.id,
            fullName: pageOfProfiles.fullName,
            email: pageOfProfiles.email,
            phone: pageOfProfiles.phone,
            address: pageOfProfiles.address,
            city: pageOfProfiles.city,
            postcode: pageOfProfiles.postcode,
            createdAt: pageOfProfiles.createdAt,
            orderCount: count(orders.id),
            spent:
              sql<number>`coalesce(sum(${orders.totalPennies}) filter (where ${inArray(orders.status, [...SPENT_STATUSES])}), 0)`.mapWith(
                Number,
              ),
          })
          .from(pageOfProfiles)
          .leftJoin(orders, eq(orders.profileId, pageOfProfiles.id))
          .groupBy(
            pageOfProfiles.id,
            pageOfProfiles.fullName,
            pageOfProfiles.email,
            pageOfProfiles.phone,
            pageOfProfiles.address,
            pageOfProfiles.city,
            pageOfProfiles.postcode,
            pageOfProfiles.createdAt,
          )
          .orderBy(desc(pageOfProfiles.createdAt), desc(pageOfProfiles.id)),
        db.select({ n: count() }).from(profiles),
      ]);
      return toPage(
        rows.map((r) => ({
          id: r.id,
          full_name: r.fullName,
          email: r.email,
          phone: r.phone,
          address: r.address,
          city: r.city,
          postcode: r.postcode,
          created_at: r.createdAt.toISOString(),
          order_count: r.orderCount,
          total_spent_pennies: r.spent,
        })),
        page,
        total!.n,
      );
    },
  };
}
