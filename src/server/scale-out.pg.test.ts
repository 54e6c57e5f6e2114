/**
 * Two instances on one PostgreSQL database, as behind a load balancer: each has its own pool,
 * caches and rate-limit view, and they share only the database. Runs in the server-postgres
 * project (see vitest.config.ts), i.e. whenever TEST_DATABASE_URL is set.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '~/server/app';
import { loadConfig } from '~/server/config';
import { deliveries, orderItems, orders } from '~/server/db/schema';
import { createLogger } from '~/server/logger';
import { createServices, type Services } from '~/server/services';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

const TEST_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', name: 'Scale Test' };

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  a = await createTestApp({ env: { RATE_LIMITS: 'true' } });
  // The second instance opens the same database with its own services (pool, caches, poller).
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: a.origin,
    DATABASE_URL: (a.services.config.database as { url: string }).url,
    BETTER_AUTH_SECRET: a.services.config.authSecret!,
    RATE_LIMITS: 'true',
  });
  const services: Services = await createServices(config, createLogger(config), { seedCatalog: false });
  b = { app: createApp(services), services, origin: a.origin, close: () => services.close() };
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two instances on one PostgreSQL', () => {
  it('accept a session made on the other', async () => {
    const user = await createUser(a);
    const res = await api(b, 'GET', '/api/account/me', undefined, user.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ user: { email: user.email } });
  });

  it('show a product changed on the other within the poll interval', async () => {
    const admin = await createUser(a, { admin: true });
    const product = await createProduct(a.services, { name: 'Shared Shortbread', pricePennies: 300 });
    // Instance B caches the catalogue...
    const before = await (await b.app.request(`/api/products/${product.id}`)).json();
    expect(before.product.price_pennies).toBe(300);
    // ...and A changes it.
    const patch = await api(
      a,
      'PATCH',
      `/api/admin/products/${product.id}`,
      { price_pennies: 350 },
      admin.cookie,
    );
    expect(patch.status).toBe(200);
    await expect
      .poll(
        async () => (await (await b.app.request(`/api/products/${product.id}`)).json()).product.price_pennies,
        {
          timeout: 5000,
        },
      )
      .toBe(350);
  });

  it('charge the delivery fee the owner set on the other at the next checkout', async () => {
    const admin = await createUser(a, { admin: true });
    const customer = await createUser(b);
    const feeOnB = async () => {
      // A new basket each time: the same one again would be the order already waiting for payment.
      const product = await createProduct(a.services, { pricePennies: 500 });
      const res = await api(
        b,
        'POST',
        '/api/checkout/create-checkout-session',
        { items: [{ product_id: product.id, quantity: 1 }] },
        customer.cookie,
      );
      const { orderId } = await res.json();
      const [order] = await b.services.db.select().from(orders).where(eq(orders.id, orderId));
      return order!.deliveryFeePennies;
    };
    expect(await feeOnB()).toBe(499);
    const saved = await api(a, 'PUT', '/api/admin/settings', { deliveryFee: '2.75' }, admin.cookie);
    expect(saved.status).toBe(200);
    // No waiting for a poll: B keeps the settings in memory, but reads the catalogue version in
    // the checkout's own transaction (decision 056).
    expect(await feeOnB()).toBe(275);
    await api(a, 'PUT', '/api/admin/settings', { deliveryFee: '4.99' }, admin.cookie);
  });

  it('quote a zone the owner added on the other after the poll, and charge it at the next checkout at once', async () => {
    const admin = await createUser(a, { admin: true });
    const customer = await createUser(b);
    const quoteOnB = async (productId: string) =>
      (
        await api(
          b,
          'POST',
          '/api/checkout/quote',
          { items: [{ product_id: productId, quantity: 1 }] },
          customer.cookie,
        )
      ).json();
    const first = await createProduct(a.services, { pricePennies: 500 });
    // B keeps the shop's zones (none: the Settings fee) and settings in memory (the fee the last
    // test put back on A reaches B's quotes at its next poll)...
    await expect.poll(async () => (await quoteOnB(first.id)).delivery_pennies, { timeout: 5000 }).toBe(499);
    expect(await quoteOnB(first.id)).toMatchObject({ zone: null, delivery_pennies: 499 });
    const zone = {
      name: 'Everywhere by van',
      postcodes: '*',
      method: 'van',
      fee: '1.25',
      weekdays: [0, 1, 2, 3, 4, 5, 6],
    };
    const added = await api(a, 'POST', '/api/admin/delivery-zones', zone, admin.cookie);
    expect(added.status).toBe(200);
    const zoneId = (await added.json()).zones[0].id;
    const second = await createProduct(a.services, { pricePennies: 500 });
    try {
      // ...until its poll of the catalogue version (every second) notices A's change.
      await expect.poll(async () => (await quoteOnB(first.id)).delivery_pennies, { timeout: 5000 }).toBe(125);
      expect(
        await api(a, 'DELETE', `/api/admin/delivery-zones/${zoneId}`, undefined, admin.cookie),
      ).toMatchObject({
        status: 200,
      });
      // A checkout on B reads the version in its transaction: the zone is gone at once.
      const res = await api(
        b,
        'POST',
        '/api/checkout/create-checkout-session',
        { items: [{ product_id: second.id, quantity: 1 }] },
        customer.cookie,
      );
      expect(res.status).toBe(200);
      const [order] = await b.services.db
        .select()
        .from(orders)
        .where(eq(orders.id, (await res.json()).orderId));
      expect(order).toMatchObject({ deliveryFeePennies: 499, deliveryZoneId: null });
    } finally {
      await api(a, 'DELETE', `/api/admin/delivery-zones/${zoneId}`, undefined, admin.cookie);
    }
  });

  it('record every order once when checkouts and payments are spread over both', async () => {
    const product = await createProduct(a.services, { pricePennies: 425 });
    const customers = await Promise.all(Array.from({ length: 6 }, () => createUser(a)));
    const instances = [a, b];
    const results = await Promise.all(
      customers.flatMap((customer, i) =>
        [1, 2].map(async (quantity, j) => {
          const via = instances[(i + j) % 2]!;
          const payVia = instances[(i + j + 1) % 2]!;
          const res = await api(
            via,
            'POST',
            '/api/checkout/create-checkout-session',
            {
              items: [{ product_id: product.id, quantity }],
            },
            customer.cookie,
          );
          expect(res.status).toBe(200);
          const { sessionId, orderId } = await res.json();
          // The same payment confirmed twice, once through each instance.
          const pay = (t: TestApp) =>
            api(t, 'POST', `/api/payments/test/sessions/${sessionId}/pay`, TEST_CARD);
          const paid = await Promise.all([pay(payVia), pay(via)]);
          for (const r of paid) expect(r.status).toBe(200);
          return { orderId: orderId as string, quantity };
        }),
      ),
    );

    for (const { orderId, quantity } of results) {
      const [order] = await a.services.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order).toMatchObject({
        status: 'paid',
        subtotalPennies: 425 * quantity,
        totalPennies: 425 * quantity + 499,
      });
      const items = await a.services.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
      expect(items).toHaveLength(1);
      const [{ n } = { n: -1 }] = await a.services.db
        .select({ n: sql<number>`count(*)::int` })
        .from(deliveries)
        .where(and(eq(deliveries.orderId, orderId)));
      expect(n).toBe(1);
    }
    const ids = results.map((r) => r.orderId);
    expect(new Set(ids).size).toBe(customers.length * 2);
  });

  it('share the sign-in rate limit', async () => {
    const user = await createUser(a);
    const attempt = (t: TestApp) =>
      t.app.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: t.origin, 'x-forwarded-for': '203.0.113.77' },
        body: JSON.stringify({ email: user.email, password: 'wrong-password' }),
      });
    // better-auth allows 10 sign-ins a minute per address: alternating instances, the 11th is refused
    // only if both count in one place.
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await attempt(i % 2 ? b : a)).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Once limited through both, the limit holds on either instance, even with the right password.
    const blocked = await b.app.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: b.origin, 'x-forwarded-for': '203.0.113.77' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(blocked.status).toBe(429);
  });
});
