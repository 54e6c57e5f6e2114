import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, emailOutbox, orderStatusHistory, orders } from '~/server/db/schema';
import { bakeList, bestBefore, byPostcode } from '~/shared/bake-days/day-sheets';
import { SYSTEM } from '~/shared/orders/actor';
import { addDays, londonDate } from '~/shared/time/london-time';
import { checkoutAs, payTestSession } from '~/test/checkout';
import { assessedAllergens, createProduct, createUser } from '~/test/factories';
import { createCustomer, createDelivery, createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
const day = addDays(londonDate(new Date()), 6);

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  await t.services.bakeDays.saveTemplate({
    deliveryWeekdays: [0, 1, 2, 3, 4, 5, 6],
    cutoffTime: '14:00',
    cutoffDaysBefore: 1,
    horizonDays: 21,
    capacityCookies: 300,
  });
});
afterAll(() => t.close());

/** An order for `day` in the given status, with a delivery once paid. */
async function orderFor(
  status: 'pending' | 'paid' | 'baking' | 'shipped',
  items: { productName: string; quantity: number; productId?: string }[],
  postcode = 'SY1 1XB',
  name = 'Alice Baker',
) {
  const profile = await createCustomer(t.services, { postcode, fullName: name });
  const order = await createOrder(t.services, { profile, status, items });
  await t.services.db.update(orders).set({ deliveryDate: day }).where(eq(orders.id, order.id));
  if (status !== 'pending') await createDelivery(t.services, { orderId: order.id });
  return order;
}

describe('a day’s sheets', () => {
  it('bake list: cookies per product across paid and baking orders; pending apart; other days left out', async () => {
    const ginger = await createProduct(t.services, {
      name: 'Ginger',
      allergens: ['Cereals containing gluten', 'Milk'],
      shelfLifeDays: 10,
    });
    await orderFor('paid', [{ productName: 'Ginger', productId: ginger.id, quantity: 6 }], 'TF1 1AA', 'Zed');
    await orderFor('baking', [
      { productName: 'Ginger', productId: ginger.id, quantity: 4 },
      { productName: 'Oat', quantity: 3 },
    ]);
    await orderFor('pending', [{ productName: 'Oat', quantity: 12 }], 'SY3 9AA', 'Penny');
    await orderFor('shipped', [{ productName: 'Oat', quantity: 1 }], 'SY2 5AA', 'Sam');
    await createOrder(t.services, { status: 'paid', items: [{ productName: 'Ginger', quantity: 50 }] });

    const sheets = await t.services.daySheets.get(day);
    expect(sheets.orders).toHaveLength(4);
    const list = bakeList(sheets.orders);
    expect(list.lines).toEqual([
      { product: 'Ginger', cookies: 10 },
      { product: 'Oat', cookies: 3 },
    ]);
    expect(list.total).toBe(13);
    expect(list.awaitingPayment.map((o) => o.ship.name)).toEqual(['Penny']);
    // Run sheet order: by postcode.
    expect(
      byPostcode(sheets.orders.filter((o) => o.status !== 'pending')).map((o) => o.ship.postcode),
    ).toEqual(['SY1 1XB', 'SY2 5AA', 'TF1 1AA']);
    const paid = sheets.orders.find((o) => o.status === 'paid')!;
    expect(paid.lines[0]).toMatchObject({
      allergens: ['Cereals containing gluten', 'Milk'],
      shelfLifeDays: 10,
    });
    expect(bestBefore('2026-12-28', [7])).toBe('2027-01-04');
  });

  it('bake list: the cookies inside boxes count with the loose ones; a slip’s box carries its cookies’ food information', async () => {
    const boxDay = addDays(day, 1);
    const pecan = await createProduct(t.services, {
      name: 'Box Pecan',
      allergens: ['Nuts'],
      shelfLifeDays: 7,
      netWeightGrams: 85,
    });
    const lemon = await createProduct(t.services, {
      name: 'Box Lemon',
      allergens: ['Milk'],
      shelfLifeDays: 5,
      netWeightGrams: 80,
    });
    const order = await createOrder(t.services, {
      status: 'paid',
      deliveryDate: boxDay,
      items: [
        {
          productName: 'Box of 6',
          quantity: 2,
          boxContents: [
            { product_id: pecan.id, name: 'Box Pecan', quantity: 2 },
            { product_id: lemon.id, name: 'Box Lemon', quantity: 4 },
          ],
        },
        { productName: 'Box Lemon', productId: lemon.id, quantity: 3 },
      ],
    });
    const sheets = await t.services.daySheets.get(boxDay);
    const list = bakeList(sheets.orders);
    expect(list.lines).toEqual([
      { product: 'Box Lemon', cookies: 2 * 4 + 3 },
      { product: 'Box Pecan', cookies: 2 * 2 },
    ]);
    expect(list.total).toBe(15);
    const mine = sheets.orders.find((o) => o.id === order.id)!;
    expect(mine.cookies).toBe(15);
    const box = mine.lines.find((l) => l.productName === 'Box of 6')!;
    expect(box).toMatchObject({ allergens: ['Milk', 'Nuts'], shelfLifeDays: 5 });
    expect(box.box!.map((c) => [c.productName, c.quantity, c.allergens, c.netWeightGrams])).toEqual([
      ['Box Pecan', 2, ['Nuts'], 85],
      ['Box Lemon', 4, ['Milk'], 80],
    ]);
  });

  it('Start baking moves every paid order of the day once; a second click has nothing to do', async () => {
    const before = await t.services.daySheets.get(day);
    const paid = before.orders.filter((o) => o.status === 'paid').length;
    expect(paid).toBeGreaterThan(0);
    const paidIds = before.orders.filter((o) => o.status === 'paid').map((o) => o.id);
    expect(await t.services.daySheets.startBaking(day, SYSTEM)).toEqual({ moved: paid });
    const after = await t.services.daySheets.get(day);
    expect(after.orders.filter((o) => o.status === 'paid')).toEqual([]);
    expect(after.orders.filter((o) => o.status === 'pending')).toHaveLength(1);
    // Through the orders module: one history row and one baking e-mail per order.
    const history = await t.services.db
      .select()
      .from(orderStatusHistory)
      .where(and(inArray(orderStatusHistory.orderId, paidIds), eq(orderStatusHistory.toStatus, 'baking')));
    expect(history).toHaveLength(paid);
    const mails = await t.services.db
      .select()
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.dedupeKey,
          paidIds.map((id) => `order-baking:${id}`),
        ),
      );
    expect(mails).toHaveLength(paid);
    await expect(t.services.daySheets.startBaking(day, SYSTEM)).rejects.toMatchObject({
      status: 400,
      message: 'No paid orders are waiting to be baked for that day',
    });
  });

  it('run sheet: Delivered, and Failed with its note, set the delivery status', async () => {
    const order = await orderFor('baking', [{ productName: 'Oat', quantity: 2 }]);
    await expect(
      t.services.daySheets.setOutcome(order.id, { outcome: 'failed', note: ' ' }),
    ).rejects.toMatchObject({
      status: 400,
      message: 'Say why the delivery failed',
    });
    await t.services.daySheets.setOutcome(order.id, { outcome: 'failed', note: 'No answer, card left' });
    const row = async () =>
      (await t.services.db.select().from(deliveries).where(eq(deliveries.orderId, order.id)))[0]!;
    expect(await row()).toMatchObject({ status: 'failed', failureNote: 'No answer, card left' });
    await t.services.daySheets.setOutcome(order.id, { outcome: 'delivered' });
    expect(await row()).toMatchObject({ status: 'delivered', failureNote: null });
    await expect(t.services.daySheets.setOutcome(order.id, { outcome: 'lost' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      t.services.daySheets.setOutcome('00000000-0000-4000-8000-000000000000', { outcome: 'delivered' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('the slips read what each cookie contains and may contain from the catalogue', async () => {
    const p = await createProduct(t.services, {
      name: 'Traces Cookie',
      allergenInfo: assessedAllergens(['Eggs'], ['Nuts']),
    });
    const o = await orderFor('paid', [{ productName: 'Traces Cookie', quantity: 1, productId: p.id }]);
    const sheet = await t.services.daySheets.get(day);
    expect(sheet.orders.find((x) => x.id === o.id)!.lines).toEqual([
      expect.objectContaining({ productName: 'Traces Cookie', allergens: ['Eggs'], mayContain: ['Nuts'] }),
    ]);
  });

  it('a payment for a day closed after the order was placed is kept and flagged Day closed after ordering', async () => {
    const { cookie } = await createUser(t);
    const p = await createProduct(t.services, { name: 'Closed Day Cookie', pricePennies: 300 });
    const date = addDays(londonDate(new Date()), 9);
    const checkout = () =>
      checkoutAs(t, cookie, { items: [{ product_id: p.id, quantity: 2 }], delivery_date: date });
    const pay = (sessionId: string) => payTestSession(t, sessionId);

    const before = await checkout();
    expect((await pay(before.sessionId)).status).toBe(200);
    const after = await checkout();
    await t.services.bakeDays.setOverride({ date, closed: true, note: 'Oven repair' });
    expect((await pay(after.sessionId)).status).toBe(200);

    const rows = await t.services.db
      .select({ id: orders.id, status: orders.status, flags: orders.flags })
      .from(orders)
      .where(eq(orders.deliveryDate, date));
    expect(rows.find((o) => o.id === before.orderId)).toMatchObject({ status: 'paid', flags: [] });
    expect(rows.find((o) => o.id === after.orderId)).toMatchObject({
      status: 'paid',
      flags: ['day_closed_after_ordering'],
    });
    // The owner sees it on the day's bake list and in the new-order alert.
    const sheet = await t.services.daySheets.get(date);
    expect(sheet.orders.find((o) => o.id === after.orderId)).toMatchObject({
      dayClosed: true,
      overCapacity: false,
    });
    expect(sheet.orders.find((o) => o.id === before.orderId)).toMatchObject({ dayClosed: false });
    const [alert] = await t.services.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-alert:${after.orderId}`));
    expect(alert!.text).toContain('Check this order: Day closed after ordering.');
  });

  it('a payment that arrives after the day filled is kept and flagged Over capacity', async () => {
    const { cookie } = await createUser(t);
    const p = await createProduct(t.services, { name: 'Late Cookie', pricePennies: 300 });
    const date = addDays(londonDate(new Date()), 8);
    await t.services.bakeDays.setOverride({ date, closed: false, capacityCookies: 4 });
    const checkout = () =>
      checkoutAs(t, cookie, { items: [{ product_id: p.id, quantity: 4 }], delivery_date: date });
    const pay = (sessionId: string) => payTestSession(t, sessionId);

    const onTime = await checkout();
    expect((await pay(onTime.sessionId)).status).toBe(200);
    // The owner lowers the day's capacity below what is already booked; the next payment is still taken.
    const late = await checkout().catch(() => null);
    expect(late).toBeNull();
    await t.services.bakeDays.setOverride({ date, closed: false, capacityCookies: 8 });
    const second = await checkout();
    await t.services.bakeDays.setOverride({ date, closed: false, capacityCookies: 4 });
    expect((await pay(second.sessionId)).status).toBe(200);

    const flags = await t.services.db
      .select({ id: orders.id, status: orders.status, flags: orders.flags })
      .from(orders)
      .where(eq(orders.deliveryDate, date));
    expect(flags.find((o) => o.id === onTime.orderId)).toMatchObject({ status: 'paid', flags: [] });
    expect(flags.find((o) => o.id === second.orderId)).toMatchObject({
      status: 'paid',
      flags: ['over_capacity'],
    });
  });
});
