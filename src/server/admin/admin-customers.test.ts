import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, ownerTestApp } from '~/test/factories';
import { createCustomer, createOrder } from '~/test/order-factories';
import type { TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp());
});
afterAll(() => t.close());

const list = (query = '') => apiJson(t, 'GET', `/api/admin/customers${query}`, undefined, cookie);

describe('GET /api/admin/customers', () => {
  it('shows contact, address, order count and spend (every order but pending), newest first', async () => {
    const older = await createCustomer(t.services, {
      fullName: 'Old Timer',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    const buyer = await createCustomer(t.services, {
      fullName: 'Bea Buyer',
      email: 'bea@example.com',
      phone: '07999888777',
      address: '2 Castle St',
      city: 'Ludlow',
      postcode: 'SY8 1AS',
      createdAt: new Date('2030-01-01T00:00:00Z'),
    });
    const lines = [{ unitPricePennies: 500, quantity: 2 }]; // 1000 + 499 = 1499
    for (const status of ['pending', 'paid', 'baking', 'shipped', 'completed'] as const) {
      await createOrder(t.services, { profile: buyer, status, items: lines });
    }

    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.items[0]).toEqual({
      id: buyer.id,
      full_name: 'Bea Buyer',
      email: 'bea@example.com',
      phone: '07999888777',
      address: '2 Castle St',
      city: 'Ludlow',
      postcode: 'SY8 1AS',
      created_at: '2030-01-01T00:00:00.000Z',
      order_count: 5,
      total_spent_pennies: 4 * 1499,
    });
    const last = body.items.at(-1);
    expect(last).toMatchObject({ id: older.id, order_count: 0, total_spent_pennies: 0 });
  });

  it('pages twenty at a time', async () => {
    for (let i = 0; i < 20; i++) await createCustomer(t.services);
    const first = await list();
    const second = await list('?page=2');
    const total = first.body.total;
    expect(total).toBeGreaterThanOrEqual(22);
    expect(first.body.items).toHaveLength(20);
    expect(second.body.items).toHaveLength(total - 20);
    expect(first.body.pageCount).toBe(2);
    const ids = [...first.body.items, ...second.body.items].map((c: { id: string }) => c.id);
    expect(new Set(ids).size).toBe(total);
  });

  it.each(['0', '-1', '1.5', 'abc'])('refuses page=%s with a 400', async (page) => {
    const { status, body } = await list(`?page=${page}`);
    expect(status).toBe(400);
    expect(body.error.message).toBe('Page must be a whole number from 1');
  });
});
