import { count, desc, inArray } from 'drizzle-orm';
import type { OrderView } from '~/shared/orders/order-view';
import type { OrderStatus } from '~/shared/orders/statuses';
import { ADMIN_PAGE_SIZE, type OrderFilter, OrderListQuerySchema } from '~/shared/schemas/admin';
import type { Db } from '../db/client';
import { newestFirst, type Page, pageOffset, toPage } from '../db/paging';
import { orders } from '../db/schema';
import { parseOrThrow } from '../errors';
import { orderFilterWhere } from './order-filter';
import { loadOrderViews } from './order-views';

/**
 * Every customer's orders for the back office, newest first, a page at a time, narrowed by the
 * search and filters (order-filter.ts).
 */
export async function listOrdersForAdmin(
  db: Db,
  query: unknown = {},
): Promise<Page<OrderView> & { status: OrderStatus | null; filter: OrderFilter }> {
  const { page, ...filter } = parseOrThrow(OrderListQuerySchema, query);
  const where = orderFilterWhere(filter);
  const newest = [newestFirst(orders.createdAt), desc(orders.id)];
  // The page's ids first, from orders alone: skipping 100,000 rows of the index is quick, while the
  // full view's joins and per-order sums would be worked out for every row skipped.
  const [pageIds, [total]] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...newest)
      .limit(ADMIN_PAGE_SIZE)
      .offset(pageOffset(page)),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  const ids = pageIds.map((r) => r.id);
  const views =
    ids.length === 0 ? [] : await loadOrderViews(db, inArray(orders.id, ids), (q) => q.orderBy(...newest));
  return { ...toPage(views, page, total!.n), status: filter.status ?? null, filter };
}
