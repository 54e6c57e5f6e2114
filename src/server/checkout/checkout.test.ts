import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '~/server/db/schema';
import { QUANTITY_MESSAGE } from '~/shared/schemas/checkout';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

const URL_ = '/api/checkout/create-checkout-session';
let t: TestApp;
let cookie: string;
let userId: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, userId } = await createUser(t, {
    address: '3 Mardol',
    city: 'Shrewsbury',
    postcode: 'sy1 1pu',
  }));
});
afterAll(() => t.close());

const orderCount = async () => (await t.services.db.select({ n: count() }).from(orders))[0]!.n;

async function expectRefused(body: unknown, message: string | RegExp) {
  const before = await orderCount();
  const res = await api(t, 'POST', URL_, body, cookie);
  expect(res.status).toBe(400);
  const { error } = (await res.json()) as { error: { code: string; message: string } };
  expect(error.code).toBe('bad_request');
  expect(error.message).toMatch(message);
  expect(await orderCount()).toBe(before);
}

describe('POST /api/checkout/create-checkout-session', () => {
  it('prices the order from the database whatever price and fee the browser sends', async () => {
    const shortbread = await createProduct(t.services, { name: 'Shortbread', pricePennies: 450 });
    const ginger = await createProduct(t.services, { name: 'Ginger', pricePennies: 425 });
    const res = await api(
      t,
      'POST',
      URL_,
      {
        items: [
          { product_id: shortbread.id, name: 'Shortbread', price_pennies: 1, quantity: 2 },
          { product_id: ginger.id, name: 'Ginger', price_pennies: 0, quantity: 1 },
        ],
        deliveryFeePennies: 0,
      },
      cookie,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { url: string; sessionId: string; orderId: string };
    expect(body.sessionId).toMatch(/^test_cs_[\w-]{16,}$/);
    expect(body.url).toBe(`${t.origin}/pay/test/${body.sessionId}`);

    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order).toMatchObject({
      profileId: userId,
      status: 'pending',
      subtotalPennies: 2 * 450 + 425,
      deliveryFeePennies: 499,
      totalPennies: 2 * 450 + 425 + 499,
      shipAddress: '3 Mardol',
      shipCity: 'Shrewsbury',
      shipPostcode: 'SY1 1PU',
      shipName: "Mary O'Neill-Smith",
      shipPhone: '07123456789',
      paymentProvider: 'test',
      paymentSessionId: body.sessionId,
      paidAt: null,
    });
    const items = await t.services.db.select().from(orderItems).where(eq(orderItems.orderId, body.orderId));
    expect(items.map((i) => [i.productName, i.quantity, i.unitPricePennies]).sort()).toEqual([
      ['Ginger', 1, 425],
      ['Shortbread', 2, 450],
    ]);
  });

  it('merges repeated products into one line', async () => {
    const p = await createProduct(t.services, { pricePennies: 300 });
    const res = await api(
      t,
      'POST',
      URL_,
      {
        items: [
          { product_id: p.id, quantity: 2 },
          { product_id: p.id, quantity: 3 },
        ],
      },
      cookie,
    );
    const { orderId } = (await res.json()) as { orderId: string };
    const items = await t.services.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(items).toHaveLength(1);
    expect(items[0]!.quantity).toBe(5);
    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.totalPennies).toBe(1500 + 499);
  });

  it('refuses an inactive product by name and writes nothing', async () => {
    const active = await createProduct(t.services);
    const retired = await createProduct(t.services, { name: 'Retired Crunch', isActive: false });
    await expectRefused(
      {
        items: [
          { product_id: active.id, quantity: 1 },
          { product_id: retired.id, quantity: 1 },
        ],
      },
      'Sorry, Retired Crunch is no longer available. Please remove it from your basket and try again.',
    );
  });

  it('refuses a sold-out cookie with a clear message and writes nothing', async () => {
    const active = await createProduct(t.services, { name: 'Fresh Shortbread' });
    const soldOut = await createProduct(t.services, { name: 'Popular Ginger', soldOut: true });
    await expectRefused(
      {
        items: [
          { product_id: active.id, quantity: 1 },
          { product_id: soldOut.id, quantity: 2 },
        ],
      },
      'Sorry, Popular Ginger is sold out. Please remove it from your basket and try again.',
    );
  });

  it.each([
    ['an id no product has', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-product'],
  ])('refuses %s and writes nothing', async (_, id) => {
    await expectRefused(
      { items: [{ product_id: id, name: 'Mystery Cookie', quantity: 1 }] },
      /Mystery Cookie is no longer available/,
    );
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['fractional', 1.5],
    ['a string', '2'],
    ['absurd', 1_000_000],
    ['missing', undefined],
  ])('refuses a %s quantity', async (_, quantity) => {
    const p = await createProduct(t.services);
    await expectRefused({ items: [{ product_id: p.id, quantity }] }, QUANTITY_MESSAGE);
  });

  it('refuses repeated lines that add up to too many', async () => {
    const p = await createProduct(t.services);
    await expectRefused(
      {
        items: [
          { product_id: p.id, quantity: 300 },
          { product_id: p.id, quantity: 300 },
        ],
      },
      QUANTITY_MESSAGE,
    );
  });

  it.each([
    ['an empty basket', { items: [] }],
    ['no items at all', {}],
  ])('refuses %s', async (_, body) => {
    await expectRefused(body, 'Your basket is empty');
  });

  it('answers 401 and writes nothing when signed out', async () => {
    const p = await createProduct(t.services);
    const before = await orderCount();
    const res = await api(t, 'POST', URL_, { items: [{ product_id: p.id, quantity: 1 }] });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({
      error: { code: 'unauthorized', message: 'Please sign in to continue' },
    });
    expect(await orderCount()).toBe(before);
  });

  it('refuses a body that is not JSON', async () => {
    const res = await t.app.request(URL_, {
      method: 'POST',
      headers: { origin: t.origin, cookie, 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(res.status).toBe(400);
  });

  it('limits how many checkouts one customer starts in a minute', async () => {
    const other = await createUser(t);
    const p = await createProduct(t.services);
    const body = { items: [{ product_id: p.id, quantity: 1 }] };
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await api(t, 'POST', URL_, body, other.cookie)).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    // Someone else's checkouts are not affected.
    expect((await api(t, 'POST', URL_, body, cookie)).status).toBe(200);
  });
});
