import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '~/server/db/schema';
import { ORDER_STATUSES } from '~/shared/orders/statuses';
import { apiJson, ownerTestApp } from '~/test/factories';
import { createCustomer, createOrder } from '~/test/order-factories';
import type { TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp());
});
afterAll(() => t.close());

const get = (url: string) => apiJson(t, 'GET', url, undefined, cookie);
const patch = (id: string, body: unknown) => apiJson(t, 'PATCH', `/api/admin/orders/${id}`, body, cookie);
const statusOf = async (id: string) =>
  (await t.services.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;

describe('GET /api/admin/orders', () => {
  it('shows each order with customer, address snapshot, lines and totals, newest first', async () => {
    const cara = await createCustomer(t.services, {
      fullName: 'Cara Crumb',
      email: 'cara@example.com',
      address: '9 Broad St',
      city: 'Ludlow',
      postcode: 'SY8 1NG',
      phone: '07000111222',
    });
    const older = await createOrder(t.services, { profile: cara, createdAt: new Date('2031-01-01') });
    const newer = await createOrder(t.services, {
      profile: cara,
      status: 'paid',
      createdAt: new Date('2031-01-02'),
      items: [
        { productName: 'Dark Chocolate & Sea Salt', quantity: 3, unitPricePennies: 450 },
        { productName: 'Pecan & Maple Syrup', quantity: 1, unitPricePennies: 475 },
      ],
    });

    const { status, body } = await get('/api/admin/orders');
    expect(status).toBe(200);
    expect(body.items.slice(0, 2).map((o: { id: string }) => o.id)).toEqual([newer.id, older.id]);
    expect(body.items[0]).toMatchObject({
      id: newer.id,
      status: 'paid',
      created_at: new Date('2031-01-02').toISOString(),
      subtotal_pennies: 1825,
      delivery_fee_pennies: 499,
      total_pennies: 2324,
      customer: { id: cara.id, full_name: 'Cara Crumb', email: 'cara@example.com' },
      ship: {
        name: 'Cara Crumb',
        phone: '07000111222',
        address: '9 Broad St',
        city: 'Ludlow',
        postcode: 'SY8 1NG',
      },
      items: [
        expect.objectContaining({
          product_name: 'Dark Chocolate & Sea Salt',
          quantity: 3,
          line_total_pennies: 1350,
        }),
        expect.objectContaining({
          product_name: 'Pecan & Maple Syrup',
          quantity: 1,
          line_total_pennies: 475,
        }),
      ],
    });
  });

  it('pages twenty at a time and filters by status', async () => {
    const c = await createCustomer(t.services);
    for (let i = 0; i < 22; i++) {
      await createOrder(t.services, { profile: c, status: i < 3 ? 'shipped' : 'baking' });
    }
    const first = await get('/api/admin/orders');
    const second = await get('/api/admin/orders?page=2');
    expect(first.body).toMatchObject({ page: 1, pageSize: 20, total: 24, pageCount: 2, status: null });
    expect(first.body.items).toHaveLength(20);
    expect(second.body.items).toHaveLength(4);
    const all = [...first.body.items, ...second.body.items].map((o: { id: string }) => o.id);
    expect(new Set(all).size).toBe(24);

    const shipped = await get('/api/admin/orders?status=shipped');
    expect(shipped.body).toMatchObject({ total: 3, status: 'shipped' });
    expect(shipped.body.items.every((o: { status: string }) => o.status === 'shipped')).toBe(true);
    expect((await get('/api/admin/orders?status=all')).body.total).toBe(24);
    expect((await get('/api/admin/orders?page=9')).body.items).toEqual([]);
  });

  it('refuses an unknown status filter or page', async () => {
    const bad = await get('/api/admin/orders?status=lost');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(
      'Status must be one of: pending, paid, baking, shipped, completed, cancelled',
    );
    expect((await get('/api/admin/orders?page=0')).status).toBe(400);
  });
});

describe('PATCH /api/admin/orders/:id', () => {
  it('sets any status from any other', async () => {
    const order = await createOrder(t.services, { status: 'completed' });
    for (const status of [...ORDER_STATUSES].reverse()) {
      const { status: code, body } = await patch(order.id, { status });
      expect(code).toBe(200);
      expect(body.order).toMatchObject({ id: order.id, status });
      expect(await statusOf(order.id)).toBe(status);
    }
  });

  it.each([
    ['an unknown status', { status: 'lost' }],
    ['no status', {}],
    ['a number', { status: 3 }],
  ])('refuses %s with a 400 and changes nothing', async (_, body) => {
    const order = await createOrder(t.services, { status: 'paid' });
    const res = await patch(order.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Status must be one of: pending, paid, baking, shipped, completed, cancelled',
    );
    expect(await statusOf(order.id)).toBe('paid');
  });

  it('refuses a body that is not JSON', async () => {
    const order = await createOrder(t.services);
    const res = await t.app.request(`/api/admin/orders/${order.id}`, {
      method: 'PATCH',
      headers: { origin: t.origin, cookie, 'content-type': 'application/json' },
      body: '{"status":',
    });
    expect(res.status).toBe(400);
    expect(await statusOf(order.id)).toBe('pending');
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])('answers 404 for order %s', async (id) => {
    const res = await patch(id, { status: 'paid' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'Order not found' } });
    expect((await get(`/api/admin/orders/${id}`)).status).toBe(404);
  });
});
