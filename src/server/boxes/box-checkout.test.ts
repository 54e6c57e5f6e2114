import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products } from '~/server/db/schema';
import { addDays, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { createBox } from '~/test/box-factories';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// A box is priced and checked by the server: the browser only proposes a filling (decision 042).
const CHECKOUT = '/api/checkout/create-checkout-session';
const QUOTE = '/api/checkout/quote';
let t: TestApp;
let cookie: string;
let oat: string;
let ginger: string;
let pecan: string;
let retired: string;
let soldOut: string;
let choose6: string;
let pickOnlyOatGinger: string;
let fixed: string;
const inDays = (n: number) => addDays(londonDate(new Date()), n);

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  ({ cookie } = await createUser(t));
  const make = async (name: string, extra: Parameters<typeof createProduct>[1] = {}) =>
    (await createProduct(t.services, { name, pricePennies: 350, ...extra })).id;
  oat = await make('Oat Crunch');
  ginger = await make('Ginger Snap');
  pecan = await make('Pecan Chew');
  retired = await make('Retired Rocky Road', { isActive: false });
  soldOut = await make('Sold Out Shortbread', { soldOut: true });
  choose6 = (await createBox(t.services, { size: 6 }, { name: 'Box of 6', pricePennies: 2100 })).id;
  pickOnlyOatGinger = (
    await createBox(t.services, { size: 4, allowed: [oat, ginger] }, { name: 'Oat & Ginger Box' })
  ).id;
  fixed = (
    await createBox(
      t.services,
      {
        size: 4,
        fixed: [
          { product_id: oat, quantity: 2 },
          { product_id: pecan, quantity: 2 },
        ],
      },
      { name: 'Favourites Box', pricePennies: 1500 },
    )
  ).id;
  await t.services.bakeDays.saveTemplate(everyDayTemplate());
});
afterAll(() => t.close());

const orderCount = async () => (await t.services.db.select({ n: count() }).from(orders))[0]!.n;
const fill = (...pairs: [string, number][]) =>
  pairs.map(([product_id, quantity]) => ({ product_id, quantity }));
const linesOf = (orderId: string) =>
  t.services.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

async function expectRefused(items: unknown[], message: string) {
  const before = await orderCount();
  for (const url of [CHECKOUT, QUOTE]) {
    const res = await api(t, 'POST', url, { items }, cookie);
    expect(res.status, url).toBe(400);
    const { error } = await res.json();
    expect(error.message, url).toBe(message);
  }
  expect(await orderCount()).toBe(before);
}

describe('a box at checkout', () => {
  it('is priced from the product, keeps what is in it, and two fillings are two lines', async () => {
    const res = await api(
      t,
      'POST',
      CHECKOUT,
      {
        items: [
          { product_id: choose6, price_pennies: 1, quantity: 1, box: fill([oat, 3], [ginger, 3]) },
          { product_id: choose6, quantity: 2, box: fill([pecan, 6]) },
          // The same filling in another order is the same line.
          { product_id: choose6, quantity: 1, box: fill([ginger, 2], [oat, 3], [ginger, 1]) },
          { product_id: oat, quantity: 1 },
        ],
      },
      cookie,
    );
    expect(res.status).toBe(200);
    const { orderId } = await res.json();
    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.subtotalPennies).toBe(4 * 2100 + 350);
    const lines = await linesOf(orderId);
    const boxes = lines.filter((l) => l.productId === choose6);
    expect(boxes.map((l) => [l.quantity, l.unitPricePennies, l.cookiesEach]).sort()).toEqual([
      [2, 2100, 6],
      [2, 2100, 6],
    ]);
    const mixed = boxes.find((l) => l.boxContents!.length === 2)!;
    expect(mixed.boxContents!.map((e) => [e.name, e.quantity]).sort()).toEqual([
      ['Ginger Snap', 3],
      ['Oat Crunch', 3],
    ]);
    expect(lines.find((l) => l.productId === oat)).toMatchObject({ boxContents: null, cookiesEach: 1 });
  });

  it('quotes each box with what is in it', async () => {
    const res = await api(t, 'POST', QUOTE, {
      items: [{ product_id: choose6, quantity: 1, box: fill([oat, 6]) }],
    });
    expect(res.status).toBe(200);
    const quote = await res.json();
    expect(quote.lines).toEqual([
      {
        product_id: choose6,
        name: 'Box of 6',
        unit_price_pennies: 2100,
        quantity: 1,
        box: [{ product_id: oat, name: 'Oat Crunch', quantity: 6 }],
      },
    ]);
  });

  it('holds a fixed assortment whatever the browser sends', async () => {
    const res = await api(
      t,
      'POST',
      CHECKOUT,
      { items: [{ product_id: fixed, quantity: 1, box: fill([ginger, 4]) }] },
      cookie,
    );
    expect(res.status).toBe(200);
    const [line] = await linesOf((await res.json()).orderId);
    expect(line!.boxContents!.map((e) => [e.name, e.quantity]).sort()).toEqual([
      ['Oat Crunch', 2],
      ['Pecan Chew', 2],
    ]);
  });
});

describe('a filling the server refuses, with a message, writing nothing', () => {
  it('one that is not full, or too full, or missing', async () => {
    await expectRefused(
      [{ product_id: choose6, quantity: 1, box: fill([oat, 4]) }],
      'Your Box of 6 is not full: 4 of 6 chosen. Choose 2 more.',
    );
    await expectRefused(
      [{ product_id: choose6, quantity: 1, box: fill([oat, 4], [ginger, 3]) }],
      'Your Box of 6 holds 6 cookies: 7 chosen. Take 1 out.',
    );
    await expectRefused(
      [{ product_id: choose6, quantity: 1 }],
      'Your Box of 6 is not full: 0 of 6 chosen. Choose 6 more.',
    );
  });

  it('one holding a cookie the box does not allow, or a box', async () => {
    await expectRefused(
      [{ product_id: pickOnlyOatGinger, quantity: 1, box: fill([oat, 2], [pecan, 2]) }],
      'Pecan Chew cannot go in the Oat & Ginger Box. Please choose again.',
    );
    await expectRefused(
      [{ product_id: choose6, quantity: 1, box: fill([oat, 5], [fixed, 1]) }],
      'Favourites Box cannot go in the Box of 6. Please choose again.',
    );
  });

  it('one holding an inactive, sold-out or unknown cookie', async () => {
    await expectRefused(
      [{ product_id: choose6, quantity: 1, box: fill([oat, 5], [retired, 1]) }],
      'Sorry, Retired Rocky Road is no longer available for the Box of 6. Please choose again.',
    );
    await expectRefused(
      [{ product_id: choose6, quantity: 1, box: fill([oat, 5], [soldOut, 1]) }],
      'Sorry, Sold Out Shortbread is no longer available for the Box of 6. Please choose again.',
    );
    await expectRefused(
      [{ product_id: choose6, quantity: 1, box: fill([oat, 5], ['not-a-cookie', 1]) }],
      'Sorry, a cookie you chose is no longer available for the Box of 6. Please choose again.',
    );
  });

  it('a fixed box one of whose cookies is no longer baked', async () => {
    await t.services.db.update(products).set({ isActive: false }).where(eq(products.id, pecan));
    try {
      await expectRefused(
        [{ product_id: fixed, quantity: 1 }],
        'Sorry, Pecan Chew is no longer available for the Favourites Box. Please choose again.',
      );
    } finally {
      await t.services.db.update(products).set({ isActive: true }).where(eq(products.id, pecan));
    }
  });

  it('a filling it cannot read', async () => {
    const message = 'Choose the cookies for your box again: that filling is not one we can read.';
    for (const box of ['six', [{ product_id: oat, quantity: 0 }], [{ product_id: oat, quantity: 2.5 }]]) {
      await expectRefused([{ product_id: choose6, quantity: 1, box }], message);
    }
  });
});

describe("a bake day's capacity counts a box as its cookies", () => {
  it('two boxes of 6 fill a day with room for 12', async () => {
    const day = inDays(3);
    await t.services.bakeDays.setOverride({ date: day, closed: false, capacityCookies: 12 });
    const order = (items: unknown[]) => api(t, 'POST', CHECKOUT, { items, delivery_date: day }, cookie);
    const refusal = await order([{ product_id: choose6, quantity: 3, box: fill([oat, 6]) }]);
    expect(refusal.status).toBe(400);
    expect((await refusal.json()).error.message).toBe('That day only has room for 12 more cookies');
    expect((await order([{ product_id: choose6, quantity: 2, box: fill([oat, 6]) }])).status).toBe(200);
    const full = await order([{ product_id: oat, quantity: 1 }]);
    expect((await full.json()).error.message).toBe('That day is fully booked');
    const [shown] = (await t.services.bakeDays.choices(1)).filter((d) => d.date === day);
    expect(shown).toMatchObject({ capacity: 12, booked: 12 });
  });
});

describe('/shop\'s "Free from" and a box', () => {
  it('a box of choice is free from an allergen only when every cookie it may hold is', async () => {
    const free = async (key: 'nuts' | 'milk') =>
      (await t.services.catalog.browse({ q: 'Box', free: [key], sort: 'name', page: 1 }, 100)).products.map(
        (p) => p.name,
      );
    // Every test cookie contains milk: no box is free from it; none contains nuts: every box is.
    expect(await free('milk')).toEqual([]);
    expect(await free('nuts')).toEqual(['Box of 6', 'Favourites Box', 'Oat & Ginger Box']);
    const nutty = await createProduct(t.services, { name: 'Walnut Whirl', allergens: ['Nuts'] });
    try {
      // Box of 6 may now hold it; the allowed-cookies box and the fixed one may not.
      expect(await free('nuts')).toEqual(['Favourites Box', 'Oat & Ginger Box']);
      const shown = await t.services.catalog.getActive(choose6);
      expect(shown.box?.size).toBe(6);
      expect(shown.allergens).toContain('Nuts');
    } finally {
      await t.services.db.update(products).set({ isActive: false }).where(eq(products.id, nutty.id));
    }
  });
});
