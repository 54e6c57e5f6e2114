import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { openDatabase, shopMigrations } from '../db/client';
import { rawRows } from '../db/raw-rows';
import { writeShopBackup } from './backup-service';
import { restoreBackup } from './restore-backup';

// Bounded: two backups taken while the shop sells, then each restored (a new embedded database each).
vi.setConfig({ testTimeout: 300_000 });
let t: TestApp;
let dir: string;
let adminCookie: string;
const customers: string[] = [];
const productIds: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'shop-backup-load-'));
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  adminCookie = (await createUser(t, { admin: true })).cookie;
  for (let i = 0; i < 3; i++) customers.push((await createUser(t)).cookie);
  for (let i = 0; i < 3; i++)
    productIds.push((await createProduct(t.services, { pricePennies: 300 + i * 50 })).id);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One customer's loop: check out, pay, and now and then have the owner refund part of it. */
async function sell(customer: string, n: number, stop: () => boolean) {
  for (let i = 0; !stop(); i++) {
    const placed = await api(
      t,
      'POST',
      '/api/checkout/create-checkout-session',
      {
        items: [
          { product_id: productIds[(n + i) % 3], quantity: 1 + (i % 3) },
          { product_id: productIds[(n + i + 1) % 3], quantity: 1 },
        ],
      },
      customer,
    );
    if (placed.status !== 200) continue; // a full bake day: the next order goes to another
    const { sessionId, orderId } = (await placed.json()) as { sessionId: string; orderId: string };
    const paid = await api(t, 'POST', `/api/payments/test/sessions/${sessionId}/pay`, {
      cardNumber: '4242 4242 4242 4242',
      expiry: '12 / 40',
      cvc: '123',
      name: 'Load Test',
    });
    expect(paid.status).toBe(200);
    if (i % 2 === 0) {
      const refunded = await api(
        t,
        'POST',
        `/api/admin/orders/${orderId}/refunds`,
        { amount: 100, reason: 'Broken on the way', request_key: crypto.randomUUID() },
        adminCookie,
      );
      expect(refunded.status).toBe(201);
    }
  }
}

describe('a backup taken while customers buy and the owner refunds', () => {
  it('is one instant: every restored order is whole and its totals add up', async () => {
    let stopped = false;
    const selling = customers.map((c, n) => sell(c, n, () => stopped));
    const files: string[] = [];
    try {
      // Let some orders exist, then back up twice while the selling goes on.
      while (
        (await rawRows<{ n: number }>(t.services.db, sql`select count(*)::int as n from orders`))[0]!.n < 3
      ) {
        await new Promise((r) => setTimeout(r, 50));
      }
      for (let i = 0; i < 2; i++) {
        // As the shop takes them: online on the embedded database (docs/decisions/038), a snapshot read on PostgreSQL.
        const settings = { ...t.services.config.backup, dir };
        files.push((await writeShopBackup(t.services.db, t.services.dbKind, settings, new Date())).file);
      }
    } finally {
      stopped = true;
      await Promise.all(selling);
    }

    for (const file of files) {
      const scratch = await openDatabase({ kind: 'pglite', dataDir: 'memory://' }, undefined, undefined, {
        migrate: false,
      });
      try {
        // restoreBackup compares every table's rows and the paid orders' total with the manifest.
        const manifest = await restoreBackup(scratch.db, file, shopMigrations());
        expect(manifest.tables.orders).toBeGreaterThan(0);
        const db = scratch.db;
        // Every order has its lines, and its subtotal is what they add up to.
        expect(
          await rawRows(
            db,
            sql`select o.id from orders o left join order_items i on i.order_id = o.id
            group by o.id, o.subtotal_pennies having o.subtotal_pennies is distinct from sum(i.quantity * i.unit_price_pennies)`,
          ),
        ).toEqual([]);
        // Every paid order has its payment, for its total; every unpaid one has none.
        expect(
          await rawRows(
            db,
            sql`select o.id from orders o left join order_payments p on p.order_id = o.id
            group by o.id, o.status, o.total_pennies
            having (o.status = 'paid') <> (count(p.*) > 0) or (o.status = 'paid' and sum(p.amount_pennies) <> o.total_pennies)`,
          ),
        ).toEqual([]);
        // Refunds never exceed their order, and each order's history reaches its status.
        expect(
          await rawRows(
            db,
            sql`select o.id from orders o join refunds r on r.order_id = o.id
            group by o.id, o.total_pennies having sum(r.amount_pennies) > o.total_pennies`,
          ),
        ).toEqual([]);
        expect(
          await rawRows(
            db,
            sql`select o.id from orders o where o.status <> 'pending' and not exists
            (select 1 from order_status_history h where h.order_id = o.id and h.to_status = o.status)`,
          ),
        ).toEqual([]);
        // The dashboard's sales (kept by triggers) agree with the orders they count.
        expect(
          await rawRows(
            db,
            sql`select (select coalesce(sum(orders), 0)::int from sales_by_day) as counted,
            (select count(*)::int from orders) as orders`,
          ),
        ).toEqual([{ counted: manifest.tables.orders, orders: manifest.tables.orders }]);
      } finally {
        await scratch.close();
      }
    }
  });
});
