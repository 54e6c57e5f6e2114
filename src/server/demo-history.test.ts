import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders, products } from '~/server/db/schema';
import { seedCatalog } from '~/server/db/seed-catalog';
import { seedDemoHistory } from '~/server/demo-history';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.services.db);
  await seedDemoHistory(t.services);
});
afterAll(() => t?.close());

const productNamed = async (name: string) =>
  (await t.services.db.select().from(products).where(eq(products.name, name)))[0]!;

describe('the demo shop’s earlier orders and reviews', () => {
  it('are collected, paid orders whose totals the shop priced, counted as money taken', async () => {
    const rows = await t.services.db.select().from(orders);
    expect(rows).toHaveLength(3);
    for (const o of rows) {
      expect(o.status).toBe('completed');
      // Weeks ago: no day of the past is flagged for the owner to check.
      expect(o.flags).toEqual([]);
      expect(o.paidAt!.getTime()).toBeLessThan(Date.now() - 7 * 86_400_000);
    }
    // 6 x 450 + (4 x 375 + 4 x 395) + 3 x 450, all collected: no delivery charged.
    expect(rows.map((o) => o.totalPennies).sort((a, b) => a - b)).toEqual([1350, 2700, 3080]);
    const totals = await t.services.orders.totals();
    expect(totals.total_revenue_pennies).toBe(1350 + 2700 + 3080);
    expect(totals.total_orders).toBe(3);
  });

  it('send no e-mail today about orders of weeks ago', async () => {
    expect(await t.services.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('show their buyers’ reviews, approved, on the products they bought', async () => {
    const dark = await productNamed('Dark Chocolate & Sea Salt');
    expect(await t.services.reviews.summaryOf(dark.id)).toEqual({ average: 5, count: 2 });
    const shown = await t.services.reviews.shownFor(dark.id);
    expect(shown.map((r) => r.author).sort()).toEqual(['Hannah', 'Megan']);
    const butter = await productNamed('Classic Shropshire Butter');
    expect(await t.services.reviews.summaryOf(butter.id)).toEqual({ average: 4, count: 1 });
  });
});
