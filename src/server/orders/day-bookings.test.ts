import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayBookings, orders, products } from '~/server/db/schema';
import { addDays, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { checkoutAs, payTestSession } from '~/test/checkout';
import { api, createProduct, createUser } from '~/test/factories';
import { createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { foldBookings, keptBookings, recountBookings } from './day-bookings';

/**
 * Checkout's calendar and its capacity check read the bookings triggers keep per day (decision
 * 057). These tests hold them to the bookings counted afresh from every order line after each
 * kind of change an order goes through, and under concurrent checkouts and expiry sweeps.
 */
let t: TestApp;
const today = londonDate(new Date());
const inDays = (n: number) => addDays(today, n);
const owner = { type: 'admin', name: 'Owner' } as const;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  await t.services.bakeDays.saveTemplate(everyDayTemplate());
});
afterAll(() => t.close());

async function expectKeptRight() {
  const counted = await recountBookings(t.services.db);
  expect(await keptBookings(t.services.db)).toEqual(counted);
  return counted;
}

/** What the checkout's calendar says is booked on `date`, for an order of one cookie. */
async function calendarBooked(date: string) {
  const { days } = await t.services.bakeDays.calendar({ cookies: 1 });
  return days.find((d) => d.date === date)!.booked;
}

/** Pending orders whose payment page closed a minute ago, for the expiry sweep. */
const expire = (ids: string[]) =>
  t.services.db
    .update(orders)
    .set({ paymentExpiresAt: new Date(Date.now() - 60_000) })
    .where(
      sql`${orders.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );

describe('the cookies booked per day, kept as orders change', () => {
  it('equal the bookings counted from every order line after each kind of change', async () => {
    const ginger = await createProduct(t.services, { name: 'Ginger Snap', pricePennies: 300 });
    const oat = await createProduct(t.services, { name: 'Oat Crunch', pricePennies: 300 });
    const day = inDays(3);
    const line = (p: { id: string; name: string }, quantity: number) => ({
      productId: p.id,
      productName: p.name,
      quantity,
    });
    await expectKeptRight();

    // Placed at checkout, and written directly in every status (a cancelled one holds nothing).
    const customer = await createUser(t);
    const placed = await checkoutAs(t, customer.cookie, {
      items: [
        { product_id: ginger.id, quantity: 2 },
        { product_id: oat.id, quantity: 3 },
      ],
      delivery_date: day,
    });
    const paid = await createOrder(t.services, { status: 'paid', deliveryDate: day, items: [line(oat, 4)] });
    const pending = await createOrder(t.services, { deliveryDate: day, items: [line(ginger, 5)] });
    await createOrder(t.services, { status: 'cancelled', deliveryDate: day, items: [line(oat, 7)] });
    await createOrder(t.services, { status: 'paid', items: [line(oat, 1)] }); // no day: a gift card's
    expect(await calendarBooked(day)).toBe(2 + 3 + 4 + 5);
    await expectKeptRight();

    // Cancelled by the customer, by the owner, and brought back (paid after all).
    expect(
      (await api(t, 'POST', `/api/account/orders/${placed.orderId}/cancel`, {}, customer.cookie)).status,
    ).toBe(200);
    await t.services.orders.setStatus(paid.id, 'cancelled', owner);
    expect(await calendarBooked(day)).toBe(5);
    await expectKeptRight();
    await t.services.orders.setStatus(paid.id, 'paid', owner);
    await t.services.orders.setStatus(paid.id, 'baking', owner);
    expect(await calendarBooked(day)).toBe(9);
    await expectKeptRight();

    // Refunded: the order still holds its place until it is cancelled.
    await t.services.orders.refund(
      paid.id,
      { amountPennies: 150, reason: 'Broken', requestKey: randomUUID() },
      owner,
    );
    await expectKeptRight();

    // Cancelled by the expiry sweep.
    await expire([pending.id]);
    expect(await t.services.orders.sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await calendarBooked(day)).toBe(4);
    await expectKeptRight();

    // Moved to another day, its product deleted (its cookies still count), deleted outright.
    await t.services.db
      .update(orders)
      .set({ deliveryDate: inDays(4) })
      .where(eq(orders.id, paid.id));
    expect(await calendarBooked(day)).toBe(0);
    expect(await calendarBooked(inDays(4))).toBe(4);
    await expectKeptRight();
    await t.services.db.delete(products).where(eq(products.id, oat.id));
    expect(await calendarBooked(inDays(4))).toBe(4);
    await expectKeptRight();
    await t.services.db.delete(orders).where(eq(orders.id, paid.id));
    expect(await calendarBooked(inDays(4))).toBe(0);
    await expectKeptRight();

    // A customer who deletes their account gives up their pending orders' places.
    const leaving = await createUser(t);
    const theirs = await checkoutAs(t, leaving.cookie, {
      items: [{ product_id: ginger.id, quantity: 6 }],
      delivery_date: day,
    });
    expect(theirs.orderId).toBeTruthy();
    expect(await calendarBooked(day)).toBe(6);
    const deleted = await api(
      t,
      'POST',
      '/api/account/delete',
      { password: leaving.password },
      leaving.cookie,
    );
    expect(deleted.status).toBe(200);
    expect(await calendarBooked(day)).toBe(0);
    await expectKeptRight();

    // Folded into one row per day and product, the figures are the same.
    await foldBookings(t.services.db);
    expect(await t.services.db.select().from(dayBookings).where(eq(dayBookings.folded, false))).toEqual([]);
    await expectKeptRight();
  }, 180_000);

  it('hold the last places exactly while two expiry sweeps cancel orders of many days at once', async () => {
    const day = inDays(6);
    await t.services.bakeDays.setOverride({ date: day, closed: false, capacityCookies: 12 });
    // Expired pending orders on this day and the next ones, interleaved, for two sweeps to race over.
    const expired: string[] = [];
    for (let i = 0; i < 16; i++)
      expired.push(
        (await createOrder(t.services, { deliveryDate: inDays(6 + (i % 4)), items: [{ quantity: 1 }] })).id,
      );
    await expire(expired);
    // 4 paid and 4 expired cookies on the day: room for 2 orders of 2 before the sweeps free 4
    // more places, 4 orders after. However the checkouts and sweeps interleave, never more than 12.
    await createOrder(t.services, { status: 'paid', deliveryDate: day, items: [{ quantity: 4 }] });
    const customer = await createUser(t);
    const baskets = [];
    for (let i = 0; i < 8; i++) baskets.push(await createProduct(t.services, { pricePennies: 300 }));
    const [checkouts] = await Promise.all([
      Promise.all(
        baskets.map((p) =>
          api(
            t,
            'POST',
            '/api/checkout/create-checkout-session',
            { items: [{ product_id: p.id, quantity: 2 }], delivery_date: day },
            customer.cookie,
          ),
        ),
      ),
      t.services.orders.sweepExpired(),
      t.services.orders.sweepExpired(),
      foldBookings(t.services.db),
    ]);
    // No deadlock, no server error: each checkout either held its place or was told the day is full.
    expect(checkouts.map((r) => r.status).every((s) => s === 200 || s === 400)).toBe(true);
    const left = await t.services.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          eq(orders.status, 'pending'),
          sql`${orders.id} in (${sql.join(
            expired.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        ),
      );
    expect(left).toEqual([]);
    const counted = await expectKeptRight();
    const onDay = counted.filter((b) => b.date === day).reduce((n, b) => n + b.cookies, 0);
    expect(onDay).toBeLessThanOrEqual(12);
    // With every expired order swept, the 4 places left go to exactly 4 checkouts, not more.
    const more = [];
    for (let i = 0; i < 6; i++) more.push(await createProduct(t.services, { pricePennies: 300 }));
    const late = await Promise.all(
      more.map((p) =>
        api(
          t,
          'POST',
          '/api/checkout/create-checkout-session',
          { items: [{ product_id: p.id, quantity: 2 }], delivery_date: day },
          customer.cookie,
        ),
      ),
    );
    const taken =
      checkouts.filter((r) => r.status === 200).length + late.filter((r) => r.status === 200).length;
    expect(taken).toBe(4);
    expect(await calendarBooked(day)).toBe(12);
    await expectKeptRight();
  });

  it('keep a paid order’s place through the payment, and count it once', async () => {
    const day = inDays(8);
    const p = await createProduct(t.services, { pricePennies: 300 });
    const customer = await createUser(t);
    const before = await calendarBooked(day);
    const c = await checkoutAs(t, customer.cookie, {
      items: [{ product_id: p.id, quantity: 3 }],
      delivery_date: day,
    });
    expect((await payTestSession(t, c.sessionId)).status).toBe(200);
    expect(await calendarBooked(day)).toBe(before + 3);
    await expectKeptRight();
  });
});
