/**
 * Two instances starting together on an empty PostgreSQL database with SEED_DEMO=true, as a
 * fresh deployment of several instances does: both come up, the database is migrated once and
 * the demo accounts exist once each. PostgreSQL only (see vitest.config.ts).
 */
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { DEMO_ADMIN, DEMO_CUSTOMER } from '~/server/account/seed-demo-users';
import { loadConfig } from '~/server/config';
import {
  products,
  profiles,
  standingOrders,
  tradeAccounts,
  tradeInvoices,
  tradeOrders,
  userRoles,
  users,
} from '~/server/db/schema';
import { createLogger } from '~/server/logger';
import { createServices, type Services } from '~/server/services';
import { DEMO_CAFE } from '~/server/trade/demo-trade';
import { withDatabase } from '~/test/global-setup';

const testDb = inject('testDb');
const name = `shop_start_${randomBytes(6).toString('hex')}`;
const started: Services[] = [];
let admin: pg.Client | undefined;

afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
  if (admin) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
});

describe('instances starting together on an empty database', () => {
  it('both come up, with the catalogue and the demo accounts created once', async () => {
    if (testDb.kind !== 'postgres') throw new Error('runs on PostgreSQL only');
    admin = new pg.Client({ connectionString: testDb.url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: withDatabase(testDb.url, name),
      BETTER_AUTH_SECRET: 'start-secret-start-secret-start-secret-0',
      SEED_DEMO: 'true',
      PUBLIC_URL: 'http://shop.test',
    });
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => createServices(config, createLogger(config))),
    );
    for (const r of results) if (r.status === 'fulfilled') started.push(r.value);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'up'))).toEqual([
      'up',
      'up',
      'up',
    ]);

    const db = started[0]!.db;
    const demo = await db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(inArray(users.email, [DEMO_ADMIN.email, DEMO_CUSTOMER.email]));
    expect(demo.map((u) => u.email).sort()).toEqual([DEMO_ADMIN.email, DEMO_CUSTOMER.email]);
    // The demo café (a customer with its trade account) is made once too.
    // Each demo person once: the accounts, the demo shop's earlier buyers and the café.
    const emails = (await db.select({ email: profiles.email }).from(profiles)).map((p) => p.email);
    expect(new Set(emails).size).toBe(emails.length);
    expect(emails).toEqual(expect.arrayContaining([DEMO_ADMIN.email, DEMO_CUSTOMER.email, DEMO_CAFE.email]));
    expect(
      (
        await db
          .select({ email: profiles.email })
          .from(profiles)
          .innerJoin(tradeAccounts, eq(tradeAccounts.profileId, profiles.id))
      ).map((r) => r.email),
    ).toEqual([DEMO_CAFE.email]);
    // Its orders on account too: one invoiced, one waiting, whoever started first.
    expect(await db.select().from(tradeOrders)).toHaveLength(2);
    expect((await db.select().from(tradeInvoices)).map((i) => i.number)).toEqual([1]);
    // And its standing order, once (its days are made by the sweep each instance runs once serving).
    expect(await db.select().from(standingOrders)).toHaveLength(1);
    const adminId = demo.find((u) => u.email === DEMO_ADMIN.email)!.id;
    expect(await db.select().from(userRoles).where(eq(userRoles.userId, adminId))).toHaveLength(1);
    const names = (await db.select({ name: products.name }).from(products)).map((p) => p.name);
    expect(names.length).toBeGreaterThan(0);
    expect(new Set(names).size).toBe(names.length);
  });
});
