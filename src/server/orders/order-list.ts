import { count, desc, sql } from 'drizzle-orm';
import type { OrderView } from '~/shared/orders/order-view';
import { type OrderFilter, OrderListQuerySchema } from '~/shared/orders/schemas';
import type { OrderStatus } from '~/shared/orders/statuses';
import { ADMIN_PAGE_SIZE } from '~/shared/schemas/admin';
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
  // The page's ids first, from orders alone, inside the same statement: skipping 100,000 rows of
  // the index is quick, while the full view's joins and per-order sums would be worked out for
  // every row skipped. `= any(array(...))` reads the ids once, then each order by its key.
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...newest)
    .limit(ADMIN_PAGE_SIZE)
    .offset(pageOffset(page));
  const [views, [total]] = await Promise.all([
    loadOrderViews(db, sql`${orders.id} = any(array(${pageIds}))`, (q) => q.orderBy(...newest)),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { ...toPage(views, page, total!.n), status: filter.status ?? null, filter };
}
