import { and, between, eq, inArray, sql } from 'drizzle-orm';
import type { IsoDate } from '~/shared/time/london-time';
import type { Db } from '../db/client';
import { orders } from '../db/schema';

/**
 * Posted orders still to dispatch (paid or baking), per dispatch day from `from` to `to`: what
 * the Bake Days calendar shows on each day, so a posted zone's own weekday (a Monday the van
 * never runs) does not read "No deliveries or collections" while parcels wait for it.
 */
export async function parcelsToDispatchByDay(
  db: Db,
  from: IsoDate,
  to: IsoDate,
): Promise<Record<IsoDate, number>> {
  const rows = await db
    .select({ date: orders.deliveryDate, n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(orders)
    .where(
      and(
        eq(orders.deliveryMethod, 'post'),
        eq(orders.fulfilment, 'delivery'),
        inArray(orders.status, ['paid', 'baking']),
        between(orders.deliveryDate, from, to),
      ),
    )
    .groupBy(orders.deliveryDate);
  return Object.fromEntries(rows.map((r) => [r.date!, r.n]));
}
