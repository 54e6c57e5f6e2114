import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { orders } from '../db/schema';
import { sold } from './order-stats';

/**
 * A discount code's uses, counted from the orders that carry it: a pending order holds its use
 * until it is paid (kept), or cancelled or expired (given back).
 */
export async function codeUses(tx: Db | Tx, codeId: string, profileId: string | null) {
  const [row] = await tx
    .select({
      total: count(),
      mine: profileId
        ? sql<number>`count(*) filter (where ${orders.profileId} = ${profileId})`.mapWith(Number)
        : sql<number>`0`.mapWith(Number),
    })
    .from(orders)
    .where(and(eq(orders.discountCodeId, codeId), ne(orders.status, 'cancelled')));
  return { total: row?.total ?? 0, mine: row?.mine ?? 0 };
}

/** Per code: uses held or kept, and what it gave on orders whose money was received. */
export async function codeStats(db: Db): Promise<Map<string, { uses: number; given: number }>> {
  const rows = await db
    .select({
      id: orders.discountCodeId,
      uses: sql<number>`count(*) filter (where ${ne(orders.status, 'cancelled')})`.mapWith(Number),
      given: sql<number>`coalesce(sum(${orders.discountPennies} + ${orders.deliveryWaivedPennies})
        filter (where ${sold()}), 0)`.mapWith(Number),
    })
    .from(orders)
    .where(sql`${orders.discountCodeId} is not null`)
    .groupBy(orders.discountCodeId);
  return new Map(rows.map((r) => [r.id!, { uses: r.uses, given: r.given }]));
}

/** Whether any order, in any state, ever carried the code (then it may only be deactivated). */
export async function codeEverUsed(tx: Db | Tx, codeId: string): Promise<boolean> {
  const [row] = await tx.select({ n: count() }).from(orders).where(eq(orders.discountCodeId, codeId));
  return (row?.n ?? 0) > 0;
}
