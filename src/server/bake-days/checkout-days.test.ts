import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '~/server/db/schema';
import { SYSTEM } from '~/shared/orders/actor';
import { addDays, londonDate, WEEKDAY_NAMES, weekdayOf } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { createBakeDaysService } from './bake-days-service';

// The server decides the delivery day: every refusal is a 400 with its reason and writes nothing.
const URL_ = '/api/checkout/create-checkout-session';
let t: TestApp;
let cookie: string;
let productId: string;
const today = londonDate(new Date());
const inDays = (n: number) => addDays(today, n);

beforeAll(async () => {
  // One customer checks out many times at once here; the limit itself is tested in checkout.test.ts.
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  ({ cookie } = await createUser(t));
  productId = (await createProduct(t.services, { name: 'Oat Crunch', pricePennies: 300 })).id;
  // Every weekday delivers and works, so each case below is about one rule only.
  await t.services.bakeDays.saveTemplate(EVERY_DAY);
});
afterAll(() => t.close());

const EVERY_DAY = everyDayTemplate();

const orderCount = async () => (await t.services.db.select({ n: count() }).from(orders))[0]!.n;
const checkout = (delivery_date: unknown, quantity = 2) =>
  api(t, 'POST', URL_, { items: [{ product_id: productId, quantity }], delivery_date }, cookie);

async function expectRefused(day: unknown, message: string, quantity = 2) {
  const before = await orderCount();
  const res = await checkout(day, quantity);
  expect(res.status, String(day)).toBe(400);
  const { error } = await res.json();
  expect(error).toMatchObject({ code: 'bad_request', message, fields: { delivery_date: message } });
  expect(await orderCount()).toBe(before);
}

describe('choosing the delivery day at checkout', () => {
  it('writes the chosen day on the pending order', async () => {
    const res = await checkout(inDays(2));
    expect(res.status).toBe(200);
    const { orderId } = await res.json();
    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ status: 'pending', deliveryDate: inDays(2) });
  });

  it('gives an order that names no day (the documented payload) the first open day with room', async () => {
    const res = await checkout(undefined);
    expect(res.status).toBe(200);
    const { orderId } = await res.json();
    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
    expect([inDays(1), inDays(2)]).toContain(order!.deliveryDate);
  });

  it('refuses a day whose cut-off has passed', async () => {
    const yesterday = WEEKDAY_NAMES[weekdayOf(inDays(-1))];
    await expectRefused(today, `Orders for that day closed at 2pm on ${yesterday}`);
    await expectRefused(
      inDays(-30),
      `Orders for that day closed at 2pm on ${WEEKDAY_NAMES[weekdayOf(inDays(-31))]}`,
    );
  });

  it('refuses a closed day with the owner’s note', async () => {
    await t.services.bakeDays.setOverride({ date: inDays(3), closed: true, note: 'Christmas' });
    await expectRefused(inDays(3), 'We are closed on that day (Christmas)');
  });

  it('refuses a day without room for the order’s cookies, and takes one that fits', async () => {
    await t.services.bakeDays.setOverride({ date: inDays(4), closed: false, capacityCookies: 5 });
    await expectRefused(inDays(4), 'That day only has room for 5 more cookies', 6);
    expect((await checkout(inDays(4), 5)).status).toBe(200);
    await expectRefused(inDays(4), 'That day is fully booked', 1);
  });

  it('counts pending and paid orders against the day, never cancelled ones', async () => {
    await t.services.bakeDays.setOverride({ date: inDays(6), closed: false, capacityCookies: 4 });
    const res = await checkout(inDays(6), 4);
    expect(res.status).toBe(200);
    const { orderId } = await res.json();
    // Pending holds the place...
    await expectRefused(inDays(6), 'That day is fully booked', 1);
    // ...paid keeps it...
    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
    await t.services.payments.markAsPaid(
      orderId,
      { method: 'cash', amountPennies: order!.totalPennies, requestKey: 'paid-keeps-the-place' },
      SYSTEM,
    );
    await expectRefused(inDays(6), 'That day is fully booked', 1);
    // ...and a cancelled order frees it.
    await t.services.orders.setStatus(orderId, 'cancelled', SYSTEM);
    expect((await checkout(inDays(6), 4)).status).toBe(200);
  });

  it('refuses a day beyond the horizon', async () => {
    expect((await checkout(inDays(21))).status).toBe(200);
    await expectRefused(inDays(22), 'Delivery days can be chosen up to 21 days ahead');
  });

  it('refuses malformed days', async () => {
    for (const bad of ['2026-13-01', '2026-02-30', 'next friday', '', 20261127, { date: today }, true]) {
      await expectRefused(bad, 'Please choose a delivery day');
    }
  });

  it('20 different baskets at once for a day with room for 5 orders: exactly 5 pending orders', async () => {
    const day = inDays(5);
    await t.services.bakeDays.setOverride({ date: day, closed: false, capacityCookies: 10 });
    // Different baskets: the same basket twice is one order (checkout-again.test.ts).
    const products = [];
    for (let i = 0; i < 20; i++) products.push(await createProduct(t.services, { pricePennies: 300 }));
    const results = await Promise.all(
      products.map((p) =>
        api(t, 'POST', URL_, { items: [{ product_id: p.id, quantity: 2 }], delivery_date: day }, cookie),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 400)).toHaveLength(15);
    const refused = await Promise.all(results.filter((r) => r.status === 400).map((r) => r.json()));
    expect(new Set(refused.map((b) => b.error.message))).toEqual(new Set(['That day is fully booked']));
    const [booked] = await t.services.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.deliveryDate, day), eq(orders.status, 'pending')));
    expect(booked!.n).toBe(5);
  });
});

describe('a cut-off that would fall on a day the bakery does not work', () => {
  // The bakery works Monday to Saturday; deliveries every day, 2pm the day before. Dates in
  // January 2027 (GMT), clear of the days the tests above close or fill.
  const at = (iso: string) => createBakeDaysService(t.services.db, () => new Date(iso));
  const reserve = (service: ReturnType<typeof at>, day: string) =>
    t.services.db.transaction((tx) => service.reserveDay(tx, day, 2));
  beforeAll(() => t.services.bakeDays.saveTemplate({ ...EVERY_DAY, workingWeekdays: [1, 2, 3, 4, 5, 6] }));
  afterAll(() => t.services.bakeDays.saveTemplate(EVERY_DAY));

  it('closes Monday’s orders at 2pm on Saturday, and the checkout says why', async () => {
    const saturdayMorning = at('2027-01-16T10:00:00Z');
    const days = (await saturdayMorning.calendar({ cookies: 2 })).days;
    const monday = days.find((d) => d.date === '2027-01-18')!;
    expect(monday.orderBy).toBe('Order by 2pm Saturday (we are closed on Sunday)');
    expect(['open', 'full']).toContain(monday.state);
    await expect(reserve(at('2027-01-16T13:59:00Z'), '2027-01-18')).resolves.toBe('2027-01-18');
    await expect(reserve(at('2027-01-16T14:00:00Z'), '2027-01-18')).rejects.toThrow(
      'Orders for that day closed at 2pm on Saturday',
    );
  });

  it('steps back over a closed date too: Tuesday after a closed Monday closes on Saturday', async () => {
    await t.services.bakeDays.setOverride({ date: '2027-01-25', closed: true, note: 'Fair' });
    const saturdayAfternoon = at('2027-01-23T14:30:00Z');
    await expect(reserve(saturdayAfternoon, '2027-01-26')).rejects.toThrow(
      'Orders for that day closed at 2pm on Saturday',
    );
    const later = (await at('2027-01-23T10:00:00Z').calendar({ cookies: 2 })).days;
    const tuesday = later.find((d) => d.date === '2027-01-26')!;
    expect(tuesday.orderBy).toBe('Order by 2pm Saturday (we are closed on Monday)');
    await t.services.bakeDays.removeOverride('2027-01-25');
  });

  it('keeps the working days the owner saves, and refuses none at all', async () => {
    expect((await t.services.bakeDays.getTemplate()).workingWeekdays).toEqual([1, 2, 3, 4, 5, 6]);
    await expect(t.services.bakeDays.saveTemplate({ ...EVERY_DAY, workingWeekdays: [] })).rejects.toThrow(
      'Choose at least one day the bakery works',
    );
  });
});
