import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, deliveries, products, type profiles, refunds, users } from '~/server/db/schema';
import { api, createProduct, createUser, nextTestIp, signUpDetails } from '~/test/factories';
import { createDelivery } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// NUL and other control characters in any text field: a 400 in the one error shape, nothing
// written. They gave 500s (PostgreSQL cannot store NUL) before the shared schemas refused them.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  ({ cookie: admin } = await createUser(t, { admin: true }));
});
afterAll(() => t.close());

const count = async (table: typeof users | typeof contactMessages | typeof products | typeof profiles) => {
  const [row] = await t.services.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
};

async function expectRefused(res: Response, field?: string) {
  expect(res.status).toBe(400);
  const body = await res.json();
  expect(body.error.code).toBe('bad_request');
  if (field) expect(body.error.fields?.[field]).toMatch(/not allowed/);
}

describe('control characters are a 400, never a 500, and write nothing', () => {
  it.each([
    ['name', { name: 'Ann\u0000', email: 'ann@example.com', message: 'Hello' }],
    ['message', { name: 'Ann', email: 'ann@example.com', message: 'Hello\u0000there' }],
    ['message', { name: 'Ann', email: 'ann@example.com', message: 'Bell\u0007' }],
  ])('contact: %s', async (field, body) => {
    const before = await count(contactMessages);
    await expectRefused(await api(t, 'POST', '/api/contact', body), field);
    expect(await count(contactMessages)).toBe(before);
  });

  it('contact: a message of several lines is still welcome', async () => {
    const res = await api(t, 'POST', '/api/contact', {
      name: 'Ann',
      email: 'ann@example.com',
      message: 'Line one\r\nLine two\nLine three',
    });
    expect(res.status).toBe(201);
  });

  it.each([
    ['fullName', { fullName: 'Mary\u0000' }],
    ['address', { address: '3 Mardol\u0000' }],
    ['address', { address: '3 Mardol\nShrewsbury' }],
    ['city', { city: 'Shrews\u001bbury' }],
    ['email', { email: 'mary\u0000@example.com' }],
  ])('sign-up: %s', async (field, overrides) => {
    const before = await count(users);
    const res = await api(t, 'POST', '/api/account/sign-up', signUpDetails(overrides));
    expect(res.status).toBe(400);
    expect((await res.json()).error.fields?.[field]).toBeTruthy();
    expect(await count(users)).toBe(before);
  });

  it('sign-in: a NUL in the e-mail or password', async () => {
    for (const body of [
      { email: 'a\u0000@example.com', password: 'biscuits123' },
      { email: 'a@example.com', password: 'bis\u0000cuits' },
    ]) {
      const res = await t.app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.origin, 'x-forwarded-for': nextTestIp() },
        body: JSON.stringify(body),
      });
      await expectRefused(res);
    }
  });

  it.each([
    ['name', { name: 'Shortbread\u0000' }],
    ['description', { description: 'Buttery\u0000' }],
    ['ingredients', { ingredients: '*Wheat*\u0000 flour' }],
    ['storage_advice', { storage_advice: 'Keep\ncool' }],
    ['nutrition', { nutrition: { 'Energy\u0000': '200 kcal' } }],
    ['nutrition', { nutrition: { Energy: '200\u0000kcal' } }],
  ])('products: %s', async (_field, overrides) => {
    const before = await count(products);
    // A draft, so the only fault is the character under test.
    const body = {
      name: 'Fuzz Shortbread',
      description: 'Buttery',
      price_pennies: 300,
      is_active: false,
      ...overrides,
    };
    const res = await api(t, 'POST', '/api/admin/products', body, admin);
    expect(res.status).toBe(400);
    expect(await count(products)).toBe(before);
    const product = await createProduct(t.services);
    const patch = await api(t, 'PATCH', `/api/admin/products/${product.id}`, overrides, admin);
    expect(patch.status).toBe(400);
    const [after] = await t.services.db.select().from(products).where(eq(products.id, product.id));
    expect(after).toEqual(product);
  });

  it('products: a description of several lines is kept', async () => {
    const body = {
      name: 'Lines',
      description: 'One\nTwo',
      ingredients: 'Flour,\nbutter',
      price_pennies: 300,
      is_active: false,
    };
    expect((await api(t, 'POST', '/api/admin/products', body, admin)).status).toBe(201);
  });

  it.each([
    ['tracking_code', { tracking_code: 'RM\u0000123' }],
    ['tracking_code', { tracking_code: 'RM\n123' }],
    ['driver_notes', { driver_notes: 'Back door\u0000' }],
  ])('deliveries: %s', async (field, body) => {
    const delivery = await createDelivery(t.services);
    await expectRefused(await api(t, 'PATCH', `/api/admin/deliveries/${delivery.id}`, body, admin), field);
    const [after] = await t.services.db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(after).toEqual(delivery);
  });

  it('deliveries: driver notes of several lines are kept', async () => {
    const delivery = await createDelivery(t.services);
    const res = await api(
      t,
      'PATCH',
      `/api/admin/deliveries/${delivery.id}`,
      { driver_notes: 'Ring\ntwice' },
      admin,
    );
    expect(res.status).toBe(200);
  });

  it('refunds: a NUL in the reason', async () => {
    const delivery = await createDelivery(t.services);
    const res = await api(
      t,
      'POST',
      `/api/admin/orders/${delivery.orderId}/refunds`,
      { amount: 'full', reason: 'Broken\u0000 in the post', request_key: 'fuzzkey-0001' },
      admin,
    );
    await expectRefused(res, 'reason');
    expect(await t.services.db.select().from(refunds).where(eq(refunds.orderId, delivery.orderId))).toEqual(
      [],
    );
  });

  it('run sheet: a NUL in the note of a failed delivery', async () => {
    const delivery = await createDelivery(t.services);
    await expect(
      t.services.daySheets.setOutcome(delivery.orderId, { outcome: 'failed', note: 'Gate\u0000 locked' }),
    ).rejects.toMatchObject({ status: 400, fields: { note: expect.stringMatching(/not allowed/) } });
    const [after] = await t.services.db.select().from(deliveries).where(eq(deliveries.id, delivery.id));
    expect(after).toEqual(delivery);
  });

  it.each([
    '/api/payments/test/sessions/test_cs_%00/pay',
    '/api/products/%00',
    '/api/admin/orders/%00',
    '/checkout/success?session_id=test_cs_%00',
    '/shop?page=%00',
  ])('a NUL in the URL: %s', async (url) => {
    const method = url.endsWith('/pay') ? 'POST' : 'GET';
    const res = await api(t, method, url, method === 'POST' ? {} : undefined, admin);
    await expectRefused(res);
  });
});
