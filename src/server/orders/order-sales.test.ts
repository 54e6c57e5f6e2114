import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refunds } from '~/server/db/schema';
import type { SalesPoint } from '~/shared/orders/sales';
import type { OrderStatus } from '~/shared/orders/statuses';
import { api, createProduct, createUser } from '~/test/factories';
import { createCustomer, createOrder, type OrderLineSpec } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Each test looks at its own years (the figures are of the whole shop), so they share one database.
 * Every order here is one line plus 499p delivery.
 */
async function order(at: string, status: OrderStatus, items: OrderLineSpec[] = [{ unitPricePennies: 1000 }]) {
  return createOrder(t.services, { status, items, createdAt: new Date(at) });
}

async function refund(orderId: string, amountPennies: number, status: 'pending' | 'succeeded' | 'failed') {
  await t.services.db.insert(refunds).values({
    orderId,
    amountPennies,
    status,
    reason: 'Broken in the post',
    provider: 'test',
    requestKey: randomUUID(),
    actorName: 'Owner',
  });
}

const on = (points: SalesPoint[], start: string) => points.find((p) => p.start === start);

describe('sales per day and week', () => {
  it('counts paid orders on their London day, less refunds, without pending or cancelled orders', async () => {
    // Tuesday 31 March 2026, British Summer Time since Sunday 29 March.
    const now = new Date('2026-03-31T15:00:00Z');
    await order('2026-03-30T23:30:00Z', 'paid'); // 00:30 on the 31st in London
    const refunded = await order('2026-03-31T09:00:00Z', 'completed');
    await refund(refunded.id, 500, 'succeeded');
    await refund(refunded.id, 200, 'pending'); // being refunded: already not kept
    await refund(refunded.id, 300, 'failed'); // did not happen
    await order('2026-03-31T10:00:00Z', 'pending');
    await order('2026-03-31T11:00:00Z', 'cancelled');
    await order('2026-03-30T12:00:00Z', 'baking');
    await order('2026-03-02T00:00:00Z', 'shipped'); // midnight GMT: the first of the 30 days
    await order('2026-03-01T23:59:00Z', 'paid'); // the day before: only in the weeks

    const sales = await t.services.orders.sales(now);
    expect(sales.days).toHaveLength(30);
    expect(sales.days[0]!.start).toBe('2026-03-02');
    expect(sales.days.at(-1)).toEqual({ start: '2026-03-31', orders: 2, revenue_pennies: 1499 + 1499 - 700 });
    expect(on(sales.days, '2026-03-30')).toEqual({ start: '2026-03-30', orders: 1, revenue_pennies: 1499 });
    expect(on(sales.days, '2026-03-02')).toEqual({ start: '2026-03-02', orders: 1, revenue_pennies: 1499 });
    expect(on(sales.days, '2026-03-15')).toEqual({ start: '2026-03-15', orders: 0, revenue_pennies: 0 });
    expect(sales.days.reduce((sum, d) => sum + d.orders, 0)).toBe(4);

    expect(sales.weeks).toHaveLength(12);
    expect(sales.weeks.map((w) => w.start)).toEqual([
      '2026-01-12',
      '2026-01-19',
      '2026-01-26',
      '2026-02-02',
      '2026-02-09',
      '2026-02-16',
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
      '2026-03-16',
      '2026-03-23',
      '2026-03-30',
    ]);
    expect(on(sales.weeks, '2026-03-30')).toEqual({
      start: '2026-03-30',
      orders: 3,
      revenue_pennies: 3 * 1499 - 700,
    });
    expect(on(sales.weeks, '2026-02-23')).toEqual({ start: '2026-02-23', orders: 1, revenue_pennies: 1499 });
  });

  it('puts Sunday night in its week and Monday after midnight in the next, by London clocks', async () => {
    // Wednesday 4 November 2026, Greenwich Mean Time since Sunday 25 October.
    const now = new Date('2026-11-04T12:00:00Z');
    await order('2026-10-25T22:30:00Z', 'paid'); // Sunday 25 October 22:30 GMT
    await order('2026-10-25T23:15:00Z', 'paid'); // Sunday 25 October 23:15 GMT
    await order('2026-10-26T00:15:00Z', 'paid'); // Monday 26 October 00:15 GMT
    await order('2026-08-16T23:30:00Z', 'paid'); // Monday 17 August 00:30 BST
    await order('2026-08-16T22:30:00Z', 'paid'); // Sunday 16 August 23:30 BST: 12 weeks ago, the week before the window

    const { weeks } = await t.services.orders.sales(now);
    expect(weeks[0]).toEqual({ start: '2026-08-17', orders: 1, revenue_pennies: 1499 });
    expect(on(weeks, '2026-10-19')).toMatchObject({ orders: 2 });
    expect(on(weeks, '2026-10-26')).toMatchObject({ orders: 1 });
    expect(weeks.reduce((sum, w) => sum + w.orders, 0)).toBe(4);
  });
});

describe('best sellers', () => {
  it('ranks the last 30 days’ cookies by how many sold, with what they sold for', async () => {
    const now = new Date('2027-06-30T12:00:00Z');
    const ginger = await createProduct(t.services, { name: 'Ginger Snap' });
    const oat = await createProduct(t.services, { name: 'Oat Crunch' });
    const line = (product: { id: string; name: string }, quantity: number, unitPricePennies = 300) => ({
      productId: product.id,
      productName: product.name,
      quantity,
      unitPricePennies,
    });
    await order('2027-06-29T10:00:00Z', 'paid', [line(ginger, 4), line(oat, 2)]);
    // A later price and a new name of the same cookie: one row, its latest name.
    await order('2027-06-30T10:00:00Z', 'completed', [
      line({ id: ginger.id, name: 'Stem Ginger Snap' }, 3, 350),
    ]);
    // A deleted product's lines keep their name.
    await order('2027-06-20T10:00:00Z', 'shipped', [
      { productId: null, productName: 'Old Favourite', quantity: 5 },
    ]);
    await order('2027-06-29T11:00:00Z', 'cancelled', [line(oat, 50)]);
    await order('2027-06-29T12:00:00Z', 'pending', [line(oat, 50)]);
    await order('2027-05-01T12:00:00Z', 'paid', [line(oat, 50)]); // before the 30 days

    const { best_sellers } = await t.services.orders.sales(now);
    expect(best_sellers).toEqual([
      { product_id: ginger.id, name: 'Stem Ginger Snap', quantity: 7, revenue_pennies: 4 * 300 + 3 * 350 },
      { product_id: null, name: 'Old Favourite', quantity: 5, revenue_pennies: 5 * 450 },
      { product_id: oat.id, name: 'Oat Crunch', quantity: 2, revenue_pennies: 600 },
    ]);
  });

  it('is empty, and every day and week zero, before the first sale', async () => {
    const sales = await t.services.orders.sales(new Date('2020-01-15T12:00:00Z'));
    expect(sales.best_sellers).toEqual([]);
    expect(sales.days.every((d) => d.orders === 0 && d.revenue_pennies === 0)).toBe(true);
    expect(sales.weeks.every((w) => w.orders === 0 && w.revenue_pennies === 0)).toBe(true);
  });
});

describe('GET /api/admin/dashboard sales', () => {
  it('shows today’s sales to an admin and refuses customers', async () => {
    const { cookie: admin } = await createUser(t, { admin: true });
    const { cookie: customer } = await createUser(t);
    const ann = await createCustomer(t.services);
    await createOrder(t.services, { profile: ann, status: 'paid', items: [{ unitPricePennies: 700 }] });

    const res = await api(t, 'GET', '/api/admin/dashboard', undefined, admin);
    expect(res.status).toBe(200);
    const { sales } = await res.json();
    expect(sales.days.at(-1)).toMatchObject({ orders: 1, revenue_pennies: 1199 });
    expect(sales.weeks.at(-1)).toMatchObject({ orders: 1, revenue_pennies: 1199 });

    expect((await api(t, 'GET', '/api/admin/dashboard', undefined, customer)).status).toBe(403);
    expect((await api(t, 'GET', '/api/admin/dashboard')).status).toBe(401);
  });
});
