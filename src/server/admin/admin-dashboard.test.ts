import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBoxes } from '~/server/db/schema';
import { api, createProduct, ownerTestApp, sharedDataChanged } from '~/test/factories';
import { createCustomer, createOrder } from '~/test/order-factories';
import type { TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp());
});
afterAll(() => t.close());

describe('GET /api/admin/dashboard', () => {
  it('is all zeros on an empty shop', async () => {
    const res = await api(t, 'GET', '/api/admin/dashboard', undefined, cookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      total_revenue_pennies: 0,
      total_orders: 0,
      products: { in_shop: 0, cookies: 0, boxes: 0, hidden: 0 },
      pending_orders: 0,
      recent_orders: [],
    });
    expect(body.sales.best_sellers).toEqual([]);
    expect(body.sales.days.every((d: { orders: number }) => d.orders === 0)).toBe(true);
  });

  it('counts revenue from every paid status (paid, baking, shipped, completed), and lists the five newest', async () => {
    await createProduct(t.services, { isActive: true });
    await createProduct(t.services, { isActive: false });
    const ann = await createCustomer(t.services, { fullName: 'Ann Oak' });
    const day = (d: number) => new Date(Date.UTC(2026, 2, d, 12));
    // Each order: one line of 1000p + 499p delivery = 1499p.
    const one = [{ unitPricePennies: 1000 }];
    const statuses = ['pending', 'paid', 'baking', 'shipped', 'completed', 'pending', 'paid'] as const;
    const created = [];
    for (const [i, status] of statuses.entries()) {
      created.push(
        await createOrder(t.services, { profile: ann, status, items: one, createdAt: day(i + 1) }),
      );
    }

    const res = await api(t, 'GET', '/api/admin/dashboard', undefined, cookie);
    const body = await res.json();
    expect(body).toMatchObject({
      total_revenue_pennies: 5 * 1499, // two paid, baking, shipped, completed (decision 007)
      total_orders: 5, // the paid ones: pending orders are counted apart
      products: { in_shop: 1, cookies: 1, boxes: 0, hidden: 1 },
      pending_orders: 2,
    });
    expect(body.recent_orders.map((o: { id: string }) => o.id)).toEqual(
      created
        .slice(2)
        .reverse()
        .map((o) => o.id),
    );
    expect(body.recent_orders[0]).toEqual({
      id: created[6]!.id,
      number: `#${created[6]!.id.slice(0, 8)}`,
      customer: { full_name: 'Ann Oak' },
      created_at: day(7).toISOString(),
      total_pennies: 1499,
      status: 'paid',
      paid_at: day(7).toISOString(),
    });
  });

  it('counts a product the owner removes, and offers a zone the owner adds, on the next look', async () => {
    const dashboard = async () => (await api(t, 'GET', '/api/admin/dashboard', undefined, cookie)).json();
    const before = await dashboard();
    const product = await createProduct(t.services);
    expect((await dashboard()).products.in_shop).toBe(before.products.in_shop + 1);
    expect((await api(t, 'DELETE', `/api/admin/products/${product.id}`, undefined, cookie)).status).toBe(200);
    expect((await dashboard()).products.in_shop).toBe(before.products.in_shop);

    const zone = { name: 'Column roundabout', postcodes: 'SY3 8', method: 'van', fee: '1.75', weekdays: [2] };
    expect((await api(t, 'POST', '/api/admin/delivery-zones', zone, cookie)).status).toBe(200);
    const after = await dashboard();
    expect(after.zones.map((z: { label: string }) => z.label)).toEqual([
      ...before.zones.slice(0, -1).map((z: { label: string }) => z.label),
      'Column roundabout',
      'Collection',
    ]);
  });

  it('Total Orders counts the orders the charts count: not a checkout left unpaid or cancelled at the payment page', async () => {
    const dashboard = async () => (await api(t, 'GET', '/api/admin/dashboard', undefined, cookie)).json();
    const weekOrders = (d: { sales: { weeks: { orders: number }[] } }) =>
      d.sales.weeks.reduce((sum, w) => sum + w.orders, 0);
    const before = await dashboard();
    const bea = await createCustomer(t.services, { fullName: 'Bea Abandon' });
    await createOrder(t.services, { profile: bea, status: 'paid' });
    await createOrder(t.services, { profile: bea, status: 'pending' });
    const left = await createOrder(t.services, { profile: bea, status: 'cancelled' });

    const after = await dashboard();
    expect(after.total_orders - before.total_orders).toBe(1);
    expect(weekOrders(after) - weekOrders(before)).toBe(1);
    expect(after.pending_orders - before.pending_orders).toBe(1);
    // The abandoned checkout is still among the newest, said to be unpaid rather than a sale.
    expect(after.recent_orders[0]).toMatchObject({ id: left.id, status: 'cancelled', paid_at: null });
  });

  it('counts products as the shop shows them: cookies and boxes on sale, the hidden apart, not the gift card', async () => {
    const dashboard = async () => (await api(t, 'GET', '/api/admin/dashboard', undefined, cookie)).json();
    const before = (await dashboard()).products;
    await createProduct(t.services);
    await createProduct(t.services, { isActive: false });
    await createProduct(t.services, { name: 'Gift card', kind: 'gift_card', pricePennies: 1000 });
    const box = await createProduct(t.services, { name: 'Box of 6' });
    await t.services.db.insert(productBoxes).values({ productId: box.id, size: 6 });
    await sharedDataChanged(t.services);

    const after = (await dashboard()).products;
    expect({
      in_shop: after.in_shop - before.in_shop,
      cookies: after.cookies - before.cookies,
      boxes: after.boxes - before.boxes,
      hidden: after.hidden - before.hidden,
    }).toEqual({ in_shop: 2, cookies: 1, boxes: 1, hidden: 1 });
  });
});
