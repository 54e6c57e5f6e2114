import { count, desc, eq } from 'drizzle-orm';
import type { OrderView } from '~/shared/orders/order-view';
import type { OrderStatus } from '~/shared/orders/statuses';
import { ADMIN_PAGE_SIZE, OrderListQuerySchema } from '~/shared/schemas/admin';
import type { Db } from '../db/client';
import { newestFirst, type Page, pageOffset, toPage } from '../db/paging';
import { orders } from '../db/schema';
import { parseOrThrow } from '../errors';
import { loadOrderViews } from './order-views';

/** Every customer's orders for the back office, newest first, a page at a time, by status. */
export async function listOrdersForAdmin(
  db: Db,
  query: unknown = {},
): Promise<Page<OrderView> & { status: OrderStatus | null }> {
  const { status, page } = parseOrThrow(OrderListQuerySchema, query);
  const where = status ? eq(orders.status, status) : undefined;
  const [views, [total]] = await Promise.all([
    loadOrderViews(db, where, (q) =>
      q
        .orderBy(newestFirst(orders.createdAt), desc(orders.id))
        .limit(ADMIN_PAGE_SIZE)
        .offset(pageOffset(page)),
    ),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { ...toPage(views, page, total!.n), status: status ?? null };
}
