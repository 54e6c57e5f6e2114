/**
 * The database going away under load (a restart or failover terminates every connection): the
 * process stays up, requests caught mid-flight answer 503 with Retry-After, every acknowledged
 * order is complete, and service resumes on new connections by itself. PostgreSQL only (see
 * vitest.config.ts): it terminates the instance's own backends with pg_terminate_backend.
 */
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '~/server/db/schema';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Failover Test' };

let t: TestApp;
let admin: pg.Client;
let dbName: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false', DATABASE_POOL_SIZE: '3' } });
  const url = new URL((t.services.config.database as { url: string }).url);
  dbName = url.pathname.slice(1);
  url.pathname = '/postgres';
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
  await t?.close();
});

/** Terminates every connection the shop has open to its database; returns how many. */
async function terminateShopConnections(): Promise<number> {
  const { rows } = await admin.query(
    'select pg_terminate_backend(pid) as done from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [dbName],
  );
  return rows.filter((r) => r.done).length;
}

function checkout(cookie: string, productId: string) {
  return api(
    t,
    'POST',
    '/api/checkout/create-checkout-session',
    {
      items: [{ product_id: productId, quantity: 2 }],
    },
    cookie,
  );
}

describe('PostgreSQL connections terminated', () => {
  it('a checkout whose connection dies answers 503 with Retry-After, and the next one works', async () => {
    const product = await createProduct(t.services, { pricePennies: 350 });
    const customer = await createUser(t);
    // Hold the products table so the checkout waits inside its transaction, then kill its backend.
    const locker = new pg.Client({ connectionString: (t.services.config.database as { url: string }).url });
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table products in access exclusive mode');
    const pending = checkout(customer.cookie, product.id);
    await expect
      .poll(async () => {
        const { rows } = await admin.query(
          `select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
          [dbName],
        );
        return rows[0].n;
      })
      .toBeGreaterThan(0);
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`,
      [dbName],
    );
    await locker.query('rollback');
    await locker.end();

    const res = await pending;
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await res.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
    // Nothing half-written: the refused checkout left no order.
    expect(await t.services.db.select().from(orders)).toHaveLength(0);

    const again = await checkout(customer.cookie, product.id);
    expect(again.status).toBe(200);
  });

  it('concurrent checkouts survive repeated terminations; acknowledged orders are complete', async () => {
    const product = await createProduct(t.services, { pricePennies: 425 });
    const customers = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
    const acknowledged: { orderId: string; sessionId: string }[] = [];
    const statuses: number[] = [];
    let running = true;

    const workers = customers.map(async (customer) => {
      while (running) {
        const res = await checkout(customer.cookie, product.id);
        statuses.push(res.status);
        if (res.status === 200) acknowledged.push(await res.json());
        else {
          expect(res.status).toBe(503);
          expect(res.headers.get('retry-after')).toBeTruthy();
          expect((await res.json()).error.code).toBe('unavailable');
        }
      }
    });
    let terminated = 0;
    for (let round = 0; round < 5; round++) {
      await new Promise((r) => setTimeout(r, 150));
      terminated += await terminateShopConnections();
    }
    running = false;
    await Promise.all(workers);

    expect(terminated).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);

    // Service resumed by itself: the health check, a sign-in and a fresh checkout all work.
    expect((await t.app.request('/api/health')).status).toBe(200);
    const after = await checkout(customers[0]!.cookie, product.id);
    expect(after.status).toBe(200);
    acknowledged.push(await after.json());

    for (const { orderId, sessionId } of acknowledged) {
      const [order] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({ status: 'pending', subtotalPennies: 850, paymentSessionId: sessionId });
      const items = await t.services.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      expect(items).toMatchObject([{ productId: product.id, quantity: 2, unitPricePennies: 425 }]);
    }
    // And an acknowledged order can still be paid.
    const paid = await api(
      t,
      'POST',
      `/api/payments/test/sessions/${acknowledged[0]!.sessionId}/pay`,
      TEST_CARD,
    );
    expect(paid.status).toBe(200);
  });

  it('a database that refuses connections (FATAL 55000) answers 503 with Retry-After at the session check, and service resumes after', async () => {
    const customer = await createUser(t);
    const asCustomer = () => api(t, 'GET', '/api/account/orders', undefined, customer.cookie);
    expect((await asCustomer()).status).toBe(200);
    // What an operator's `ALTER DATABASE ... ALLOW_CONNECTIONS false` (or a database being
    // dropped or recreated) does: every new connection is refused with SQLSTATE 55000.
    await admin.query(`alter database "${dbName}" allow_connections false`);
    try {
      await terminateShopConnections();
      for (const res of [
        await asCustomer(),
        await api(t, 'GET', '/api/auth/get-session', undefined, customer.cookie),
      ]) {
        expect(res.status).toBe(503);
        expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(await res.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
      }
    } finally {
      await admin.query(`alter database "${dbName}" allow_connections true`);
    }
    expect((await asCustomer()).status).toBe(200);
  });
});
