/**
 * The order lifecycle under load, for bench:checkout: refunds sent the way a flustered owner
 * would (a double click and a second full refund at the same moment, for every order at once),
 * and the expiry sweep over every abandoned checkout, run twice at the same moment. Then the
 * database is checked: nothing refunded twice or beyond what was paid, every abandoned order
 * cancelled exactly once, no paid order touched.
 */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { loadConfig } from '../../src/server/config';
import { orderStatusHistory, orders, refunds } from '../../src/server/db/schema';
import { createLogger } from '../../src/server/logger';
import { createServices } from '../../src/server/services';

export interface LifecycleFigures {
  refundSeconds: number;
  refundRequests: number;
  sweepSeconds: number;
  cancelled: number;
}

type Post = (url: string, body: unknown, cookie?: string) => Promise<Response>;

/** Orders refunded at the same moment. */
const REFUND_WAVE = 100;

/**
 * Three refund requests per paid order at once, a hundred orders at a time (all 400 orders' 1,200
 * requests at once overflowed the listen queue of a loaded 2-core machine: connections reset
 * before the shop saw them); returns how long they took.
 */
export async function refundUnderLoad(
  post: Post,
  adminCookie: string,
  orderIds: string[],
  problems: string[],
) {
  const started = performance.now();
  let requests = 0;
  const refundThrice = async (id: string) => {
    const key = `bench-${id.slice(0, 8)}`;
    const url = `/api/admin/orders/${id}/refunds`;
    const answers = await Promise.all([
      post(url, { amount: 100, reason: 'Broken cookie', request_key: key }, adminCookie),
      post(url, { amount: 100, reason: 'Broken cookie', request_key: key }, adminCookie),
      post(url, { amount: 'full', reason: 'Cancelled by phone', request_key: `${key}-all` }, adminCookie),
    ]);
    requests += answers.length;
    for (const res of answers) {
      // 400 is the honest answer to a full refund that lost the race: nothing left to refund.
      if (res.status !== 201 && res.status !== 400)
        problems.push(`refund of ${id}: ${res.status} ${await res.text()}`);
    }
  };
  for (let i = 0; i < orderIds.length; i += REFUND_WAVE) {
    await Promise.all(orderIds.slice(i, i + REFUND_WAVE).map(refundThrice));
  }
  return { seconds: (performance.now() - started) / 1000, requests };
}

/**
 * With the server stopped: makes every abandoned checkout's payment page expired, runs two sweeps
 * at once (two instances on PostgreSQL; two passes on the one embedded database), and checks.
 */
export async function expireAndVerify(
  env: Record<string, string>,
  paid: { orderId: string; expectedTotal: number }[],
  abandoned: string[],
  problems: string[],
  /** The revenue of the demo's own orders, there before the bench's. */
  demoRevenue = 0,
) {
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' });
  const log = createLogger(config);
  const first = await createServices(config, log, { seedCatalog: false });
  const second =
    config.database.kind === 'postgres' ? await createServices(config, log, { seedCatalog: false }) : first;
  try {
    const { db } = first;
    if (abandoned.length) {
      await db
        .update(orders)
        .set({ paymentExpiresAt: sql`now() - interval '1 second'` })
        .where(inArray(orders.id, abandoned));
    }
    const started = performance.now();
    const [a, b] = await Promise.all([first.orders.sweepExpired(), second.orders.sweepExpired()]);
    const sweepSeconds = (performance.now() - started) / 1000;
    if (a + b !== abandoned.length)
      problems.push(`sweeps cancelled ${a} + ${b}, expected ${abandoned.length}`);

    for (const id of abandoned) {
      const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
      const [h] = await db
        .select({ n: count() })
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, id), eq(orderStatusHistory.toStatus, 'cancelled')));
      if (row?.status !== 'cancelled' || h!.n !== 1)
        problems.push(`abandoned ${id}: ${row?.status}, ${h!.n} cancellations`);
    }
    for (const p of paid) {
      const rows = await db.select().from(refunds).where(eq(refunds.orderId, p.orderId));
      const refunded = rows.filter((r) => r.status === 'succeeded').reduce((s, r) => s + r.amountPennies, 0);
      const keys = new Set(rows.map((r) => r.requestKey));
      if (refunded !== p.expectedTotal)
        problems.push(`order ${p.orderId}: refunded ${refunded} of ${p.expectedTotal}`);
      if (keys.size !== rows.length) problems.push(`order ${p.orderId}: a request key refunded twice`);
      const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, p.orderId));
      if (o?.status !== 'paid') problems.push(`paid order ${p.orderId} is now ${o?.status}`);
    }
    const { total_revenue_pennies } = await first.orders.totals();
    if (total_revenue_pennies !== demoRevenue)
      problems.push(
        `revenue ${total_revenue_pennies} after refunding everything (the demo's ${demoRevenue})`,
      );
    return { sweepSeconds, cancelled: a + b };
  } finally {
    if (second !== first) await second.close();
    await first.close();
  }
}
