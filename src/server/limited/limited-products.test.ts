import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, type products } from '~/server/db/schema';
import { SYSTEM } from '~/shared/orders/actor';
import { addDays, formatBakeDay, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Limited and seasonal products (decision 043): every refusal is a 400 with its reason and writes
// nothing; the per-day limit is held under the day's lock, with its capacity.
const CHECKOUT = '/api/checkout/create-checkout-session';
const QUOTE = '/api/checkout/quote';
let t: TestApp;
let cookie: string;
const today = londonDate(new Date());
const inDays = (n: number) => addDays(today, n);
const dayMonth = (d: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long' }).format(
    new Date(`${d}T12:00:00Z`),
  );

const EVERY_DAY = everyDayTemplate({ horizonDays: 40, capacityCookies: 5000 });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  ({ cookie } = await createUser(t));
  await t.services.bakeDays.saveTemplate(EVERY_DAY);
});
afterAll(() => t.close());

const orderCount = async () => (await t.services.db.select({ n: count() }).from(orders))[0]!.n;
const limited = (fields: Partial<typeof products.$inferInsert>) =>
  createProduct(t.services, { name: 'Christmas Box', pricePennies: 2400, ...fields });
const checkout = (productId: string, delivery_date: unknown, quantity = 1, as = cookie) =>
  api(t, 'POST', CHECKOUT, { items: [{ product_id: productId, quantity }], delivery_date }, as);

async function expectRefused(res: Response, message: string, before: number) {
  expect(res.status).toBe(400);
  expect((await res.json()).error.message).toBe(message);
  expect(await orderCount()).toBe(before);
}

describe('on sale from / until', () => {
  it('refuses a product before it is on sale, saying from when', async () => {
    const p = await limited({ onSaleFrom: inDays(3) });
    const before = await orderCount();
    const message = `Sorry, Christmas Box is on sale from ${dayMonth(inDays(3))}.`;
    await expectRefused(await checkout(p.id, inDays(5)), message, before);
    const quote = await api(t, 'POST', QUOTE, { items: [{ product_id: p.id, quantity: 1 }] });
    expect(quote.status).toBe(400);
  });

  it('refuses a product whose sale has ended', async () => {
    const p = await limited({ onSaleUntil: inDays(-1) });
    const before = await orderCount();
    await expectRefused(
      await checkout(p.id, inDays(5)),
      'Sorry, Christmas Box is no longer on sale. Please remove it from your basket.',
      before,
    );
  });

  it('sells on its last day of sale', async () => {
    const p = await limited({ onSaleFrom: today, onSaleUntil: today });
    expect((await checkout(p.id, inDays(5))).status).toBe(200);
  });
});

describe('delivery dates and lead time', () => {
  it('refuses a day outside its delivery dates, naming them', async () => {
    const p = await limited({ deliverFrom: inDays(10), deliverUntil: inDays(19) });
    const before = await orderCount();
    const message = `Christmas Box can only be delivered from ${dayMonth(inDays(10))} to ${dayMonth(inDays(19))}. Please choose one of those days.`;
    await expectRefused(await checkout(p.id, inDays(9)), message, before);
    await expectRefused(await checkout(p.id, inDays(20)), message, before);
    expect((await checkout(p.id, inDays(10))).status).toBe(200);
  });

  it('gives an order that names no day the first day of its delivery dates (a pre-order, paid now)', async () => {
    const p = await limited({ deliverFrom: inDays(21), deliverUntil: inDays(30) });
    const res = await checkout(p.id, undefined);
    expect(res.status).toBe(200);
    const { orderId } = await res.json();
    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'pending', deliveryDate: inDays(21) });
  });

  it('refuses a day sooner than its lead time', async () => {
    const p = await limited({ leadDays: 4 });
    const before = await orderCount();
    await expectRefused(
      await checkout(p.id, inDays(3)),
      'Christmas Box must be ordered at least 4 days ahead.',
      before,
    );
    expect((await checkout(p.id, inDays(4))).status).toBe(200);
  });
});

describe('a limit per bake day', () => {
  it('refuses more than is left, then sold out, and another day still sells', async () => {
    const p = await limited({ dailyLimit: 3 });
    const day = inDays(6);
    const before = await orderCount();
    await expectRefused(
      await checkout(p.id, day, 4),
      `Sorry, only 3 Christmas Box left for ${formatBakeDay(day)}. Please take fewer or choose another day.`,
      before,
    );
    expect((await checkout(p.id, day, 3)).status).toBe(200);
    const other = await createUser(t);
    await expectRefused(
      await checkout(p.id, day, 1, other.cookie),
      `Sorry, Christmas Box is sold out for ${formatBakeDay(day)}. Please choose another day.`,
      before + 1,
    );
    expect((await checkout(p.id, inDays(7), 1, other.cookie)).status).toBe(200);
  });

  it('a pending order holds its units until it expires; then they are free again', async () => {
    const p = await limited({ dailyLimit: 2 });
    const day = inDays(8);
    const first = await checkout(p.id, day, 2);
    expect(first.status).toBe(200);
    const other = await createUser(t);
    expect((await checkout(p.id, day, 1, other.cookie)).status).toBe(400);
    const { orderId } = await first.json();
    await t.services.orders.cancelCheckout(
      (await t.services.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.profileId!,
      orderId,
      SYSTEM,
    );
    expect((await checkout(p.id, day, 1, other.cookie)).status).toBe(200);
  });

  it('30 customers at once for the last 5 of a day: exactly 5 orders, never more than the limit', async () => {
    const p = await limited({ dailyLimit: 40 });
    const day = inDays(9);
    // 35 of the day's 40 already sold.
    expect((await checkout(p.id, day, 35)).status).toBe(200);
    const customers = [];
    for (let i = 0; i < 30; i++) customers.push(await createUser(t));
    const results = await Promise.all(customers.map((c) => checkout(p.id, day, 1, c.cookie)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(25);
    const refused = await Promise.all(results.filter((r) => r.status === 400).map((r) => r.json()));
    expect(new Set(refused.map((b) => b.error.message))).toEqual(
      new Set([`Sorry, Christmas Box is sold out for ${formatBakeDay(day)}. Please choose another day.`]),
    );
    const [held] = await t.services.db
      .select({ units: count() })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(eq(orderItems.productId, p.id), eq(orders.deliveryDate, day)));
    expect(held!.units).toBe(6);
    // Signing 30 customers up takes a while on 2 busy cores.
  }, 120_000);
});

describe('what the shop and the checkout say of a limited product', () => {
  it('the quote offers only its delivery days, says why, and words a low day and a sold-out day', async () => {
    const p = await limited({ deliverFrom: inDays(11), deliverUntil: inDays(14), dailyLimit: 4 });
    expect((await checkout(p.id, inDays(11), 4)).status).toBe(200);
    const other = await createUser(t);
    expect((await checkout(p.id, inDays(12), 1, other.cookie)).status).toBe(200);
    const res = await api(t, 'POST', QUOTE, { items: [{ product_id: p.id, quantity: 1 }] });
    expect(res.status).toBe(200);
    const { limited_days } = await res.json();
    expect(limited_days.why).toBe(
      `Christmas Box can only be delivered from ${dayMonth(inDays(11))} to ${dayMonth(inDays(14))}.`,
    );
    const byDate = (d: string) => limited_days.days.find((x: { date: string }) => x.date === d);
    expect(limited_days.days.map((d: { date: string }) => d.date)).toEqual([
      inDays(11),
      inDays(12),
      inDays(13),
      inDays(14),
    ]);
    expect(byDate(inDays(11))).toMatchObject({
      state: 'full',
      note: `Sold out for this day. Next available: ${formatBakeDay(inDays(12))}`,
    });
    expect(byDate(inDays(12)).note).toBe(`Only 3 left for ${formatBakeDay(inDays(12))}`);
    expect(byDate(inDays(13)).note).toBe(`Only 4 left for ${formatBakeDay(inDays(13))}`);
  });

  it('offers collection days by what is left too: a day sold out is full, with the next day that has some', async () => {
    await t.services.settings.save({
      deliveryFee: '4.99',
      freeDelivery: false,
      collection: true,
      collectionAddress: 'The Bakehouse, 1 Mardol, Shrewsbury',
      collectionHours: 'Daily 9am-1pm',
    });
    await t.services.bakeDays.saveTemplate({ ...EVERY_DAY, collectionWeekdays: [0, 1, 2, 3, 4, 5, 6] });
    try {
      const p = await limited({
        name: 'Easter Box',
        deliverFrom: inDays(21),
        deliverUntil: inDays(22),
        dailyLimit: 2,
      });
      expect((await checkout(p.id, inDays(21), 2)).status).toBe(200);
      const res = await api(t, 'POST', QUOTE, {
        items: [{ product_id: p.id, quantity: 1 }],
        fulfilment: 'collection',
      });
      expect(res.status).toBe(200);
      const { limited_days } = await res.json();
      expect(limited_days.days).toMatchObject([
        {
          date: inDays(21),
          state: 'full',
          note: `Sold out for this day. Next available: ${formatBakeDay(inDays(22))}`,
        },
        { date: inDays(22), note: `Only 2 left for ${formatBakeDay(inDays(22))}` },
      ]);
    } finally {
      await t.services.bakeDays.saveTemplate(EVERY_DAY);
    }
  });

  it('an ordinary basket gets no limited days', async () => {
    const plain = await createProduct(t.services, { name: 'Plain Oat' });
    const res = await api(t, 'POST', QUOTE, { items: [{ product_id: plain.id, quantity: 1 }] });
    expect((await res.json()).limited_days).toBeNull();
  });

  it('shows "On sale from" before the sale, and the product is gone from the shop after it', async () => {
    const soon = await limited({ name: 'Advent Box', onSaleFrom: inDays(2) });
    const ended = await limited({ name: 'Halloween Box', onSaleUntil: inDays(-1) });
    const shown = await t.services.catalog.getActive(soon.id);
    expect(shown.sale_note).toBe(`On sale from ${dayMonth(inDays(2))}`);
    await expect(t.services.catalog.getActive(ended.id)).rejects.toThrow('Product not found');
    const names = (await t.services.catalog.listActive()).map((p) => p.name);
    expect(names).toContain('Advent Box');
    expect(names).not.toContain('Halloween Box');
  });
});

describe('the owner sets a product limited or seasonal', () => {
  it('saves its dates, lead time and daily limit, and refuses a range that ends before it starts', async () => {
    const admin = await createUser(t, { admin: true });
    const base = {
      name: 'Valentine Box',
      description: 'Hearts.',
      price_pennies: 1800,
      allergen_info: (await limited({})).allergenInfo,
    };
    const limits = {
      on_sale_from: inDays(1),
      on_sale_until: inDays(10),
      deliver_from: inDays(12),
      deliver_until: inDays(14),
      lead_days: 2,
      daily_limit: 30,
    };
    const res = await api(t, 'POST', '/api/admin/products', { ...base, ...limits }, admin.cookie);
    expect(res.status).toBe(201);
    const { product } = await res.json();
    expect(product).toMatchObject({ ...limits, sale_note: `On sale from ${dayMonth(inDays(1))}` });
    const edit = await api(
      t,
      'PATCH',
      `/api/admin/products/${product.id}`,
      { deliver_from: inDays(14), deliver_until: inDays(13) },
      admin.cookie,
    );
    expect(edit.status).toBe(400);
    expect((await edit.json()).error.message).toBe('"Delivered until" must not be before "Delivered from"');
  });
});

describe("the owner's forward view", () => {
  it('shows units sold per date for each limited product, pre-orders weeks ahead included', async () => {
    const p = await limited({
      name: 'Easter Box',
      deliverFrom: inDays(25),
      deliverUntil: inDays(26),
      dailyLimit: 10,
    });
    expect((await checkout(p.id, inDays(25), 3)).status).toBe(200);
    const other = await createUser(t);
    expect((await checkout(p.id, inDays(26), 2, other.cookie)).status).toBe(200);
    const view = await t.services.limitedAhead();
    expect(view.products).toContainEqual({ id: p.id, name: 'Easter Box', daily_limit: 10 });
    const units = (date: string) => view.days.find((d) => d.date === date)?.units[p.id];
    expect([units(inDays(25)), units(inDays(26)), units(inDays(24))]).toEqual([3, 2, undefined]);
  });
});
