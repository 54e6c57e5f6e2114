import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders, products, standingOrderRuns, standingOrders } from '~/server/db/schema';
import { bakeList } from '~/shared/bake-days/day-sheets';
import { addDays, londonDate, weekdayOf } from '~/shared/time/london-time';
import { STANDING_MESSAGES } from '~/shared/trade/standing-orders';
import { TRADE_ORDER_MESSAGES } from '~/shared/trade/trade-invoices';
import { createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { approvedCafe } from '~/test/trade-factories';
import { createBakeDaysService } from '../bake-days/bake-days-service';
import { createStandingOrdersService } from './standing-orders-service';
import { createTradeOrdersService } from './trade-orders-service';

let t: TestApp;
let dark: { id: string; name: string };
let oat: { id: string; name: string };
const today = londonDate(new Date());
const inDays = (n: number) => addDays(today, n);
/** The coming day this file's standing orders deliver on: 3 or 4 days on, never a Sunday. */
const DAY = weekdayOf(inDays(3)) === 0 ? inDays(4) : inDays(3);
const WEEKDAY = weekdayOf(DAY);

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  // Deliveries Monday to Saturday, cut-off 2pm the day before (the bakery works every day).
  await t.services.bakeDays.saveTemplate({
    deliveryWeekdays: [1, 2, 3, 4, 5, 6],
    workingWeekdays: [0, 1, 2, 3, 4, 5, 6],
    cutoffTime: '14:00',
    cutoffDaysBefore: 1,
    horizonDays: 21,
    capacityCookies: 100_000,
  });
  dark = await createProduct(t.services, { name: 'Dark Chocolate', pricePennies: 300, vatRate: 0 });
  oat = await createProduct(t.services, { name: 'Oat Flapjack Bar', pricePennies: 360, vatRate: 20 });
});
afterAll(() => t?.close());

const svc = () => t.services.standingOrders;
const messageOf = (err: unknown) => (err as { message?: string }).message;
const actorOf = (userId: string) => ({ type: 'customer' as const, id: userId, name: 'Café' });

/** A café with Dark Chocolate at £1.20 in twelves (at least 12) and Oat at £2.00 in sixes. */
async function cafe(creditLimit = '1000') {
  const { userId } = await createUser(t);
  const account = await approvedCafe(
    t,
    userId,
    [
      { productId: dark.id, price: '1.20', caseSize: 12, minQuantity: 12 },
      { productId: oat.id, price: '2.00', caseSize: 6 },
    ],
    { creditLimit },
  );
  return { userId, account, who: { profileId: userId } };
}

/** "Every DAY's weekday: 48 Dark Chocolate, 24 Oat", set up by the café. */
async function standing(
  userId: string,
  quantities: Record<string, number> = { [dark.id]: 48, [oat.id]: 24 },
) {
  return svc().save({ profileId: userId }, { weekdays: [String(WEEKDAY)], quantities }, actorOf(userId));
}

const runsOf = (id: string) =>
  t.services.db.select().from(standingOrderRuns).where(eq(standingOrderRuns.standingOrderId, id));

/** A second instance's service, as another process running its own sweep would have. */
const anotherInstance = () =>
  createStandingOrdersService({
    db: t.services.db,
    trade: t.services.trade,
    tradeOrders: t.services.tradeOrders,
    orders: t.services.orders,
    bakeDays: t.services.bakeDays,
    enqueue: async () => {},
    shop: () => ({ name: 'Shop', email: 'owner@shop.test' }),
    publicUrl: 'http://shop.test',
  });

describe('standing orders', () => {
  it('are made into one real order on account for their day, however many sweeps race', async () => {
    const { userId } = await cafe();
    const { id } = await standing(userId);
    await Promise.all([svc().runDue(), anotherInstance().runDue(), svc().runDue()]);
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ date: DAY, status: 'made' });
    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, runs[0]!.orderId!));
    // 48 × £1.20 zero rated + 24 × £2.00 + 20% VAT = £57.60 + £57.60.
    expect(order).toMatchObject({
      deliveryDate: DAY,
      onAccount: true,
      status: 'pending',
      totalPennies: 11520,
    });
    const list = bakeList((await t.services.daySheets.get(DAY)).orders);
    expect(list.lines.find((l) => l.product === 'Dark Chocolate')?.cookies).toBeGreaterThanOrEqual(48);
    // The café sees it among its orders, and the standing order says it is made.
    expect((await t.services.orders.listForCustomer(userId)).map((o) => o.id)).toContain(order!.id);
    const page = await svc().page({ profileId: userId });
    expect(page.standing[0]!.days.find((d) => d.date === DAY)).toMatchObject({
      status: 'made',
      orderId: order!.id,
    });
    // A sweep later makes nothing more.
    await svc().runDue();
    expect(await runsOf(id)).toHaveLength(1);
  });

  it('skips one day: nothing is made for it, and a day already made is cancelled', async () => {
    const { userId } = await cafe();
    const { id } = await standing(userId);
    await svc().skip({ profileId: userId }, id, DAY, actorOf(userId));
    await expect(svc().skip({ profileId: userId }, id, DAY, actorOf(userId))).rejects.toSatisfy(
      (e) => messageOf(e) === STANDING_MESSAGES.alreadySkipped,
    );
    await svc().runDue();
    expect(await runsOf(id)).toMatchObject([{ date: DAY, status: 'skipped', orderId: null }]);
    expect(await t.services.orders.listForCustomer(userId)).toEqual([]);

    const other = await cafe();
    const made = await standing(other.userId);
    await svc().runDue();
    const [run] = await runsOf(made.id);
    await svc().skip(other.who, made.id, DAY, actorOf(other.userId));
    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, run!.orderId!));
    expect(order!.status).toBe('cancelled');
    expect((await runsOf(made.id))[0]!.status).toBe('skipped');
    // A date the standing order does not deliver on is refused.
    await expect(svc().skip(other.who, made.id, addDays(DAY, 1), actorOf(other.userId))).rejects.toSatisfy(
      (e) => messageOf(e) === STANDING_MESSAGES.skipDate,
    );
  });

  it('takes a skip back before the cut-off: the day is made after all, as a new order', async () => {
    const { userId, who } = await cafe();
    const { id } = await standing(userId);
    await svc().runDue();
    const [first] = await runsOf(id);
    await svc().skip(who, id, DAY, actorOf(userId));
    await svc().unskip(who, id, DAY);
    const [again] = await runsOf(id);
    expect(again).toMatchObject({ date: DAY, status: 'made' });
    expect(again!.orderId).not.toBe(first!.orderId);
    const statuses = await t.services.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(eq(orders.profileId, userId));
    expect(statuses.map((o) => o.status).sort()).toEqual(['cancelled', 'pending']);
    await expect(svc().unskip(who, id, DAY)).rejects.toSatisfy(
      (e) => messageOf(e) === STANDING_MESSAGES.notSkipped,
    );
    // Someone else's standing order is not found.
    const other = await cafe();
    await svc().skip(who, id, DAY, actorOf(userId));
    await expect(svc().unskip(other.who, id, DAY)).rejects.toSatisfy(
      (e) => messageOf(e) === STANDING_MESSAGES.notFound,
    );
  });

  it('makes nothing while paused, and its day once resumed', async () => {
    const { userId, who } = await cafe();
    const { id } = await standing(userId);
    await svc().setStatus(who, id, 'paused');
    await svc().runDue();
    expect(await runsOf(id)).toEqual([]);
    await svc().setStatus(who, id, 'active');
    await svc().runDue();
    expect(await runsOf(id)).toMatchObject([{ date: DAY, status: 'made' }]);
  });

  it('lets the café change the made order until its cut-off, then refuses', async () => {
    const { userId } = await cafe();
    const { id } = await standing(userId);
    await svc().runDue();
    const orderId = (await runsOf(id))[0]!.orderId!;
    const changed = await t.services.tradeOrders.changeQuantities(
      userId,
      orderId,
      { quantities: { [dark.id]: 24 } },
      actorOf(userId),
    );
    expect(changed.priced.totalPennies).toBe(2880);
    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order!.totalPennies).toBe(2880);
    expect((await t.services.tradeOrders.tradeOrder(orderId))?.lines.map((l) => l.quantity)).toEqual([24]);
    // Off the case size: refused, nothing changed.
    await expect(
      t.services.tradeOrders.changeQuantities(
        userId,
        orderId,
        { quantities: { [dark.id]: 25 } },
        actorOf(userId),
      ),
    ).rejects.toSatisfy((e) => /cases of 12/.test(messageOf(e) ?? ''));
    // Someone else's order is not found.
    const stranger = await cafe();
    await expect(
      t.services.tradeOrders.changeQuantities(
        stranger.userId,
        orderId,
        { quantities: { [dark.id]: 12 } },
        actorOf(userId),
      ),
    ).rejects.toSatisfy((e) => messageOf(e) === 'Order not found');

    // The same shop just after the day's cut-off (2pm the day before).
    const after = () => new Date(new Date(`${addDays(DAY, -1)}T15:30:00Z`).getTime());
    const late = createTradeOrdersService({
      db: t.services.db,
      trade: t.services.trade,
      orders: t.services.orders,
      bakeDays: createBakeDaysService(t.services.db, after),
      zones: async () => [],
      askCardPayment: async () => {
        throw new Error('no card payment in this test');
      },
      seller: async () => ({ name: 'Shop', address: 'Here', vatNumber: 'GB000000000' }),
      enqueue: async () => {},
      providerName: 'test',
      publicUrl: 'http://shop.test',
      clock: after,
    });
    await expect(
      late.changeQuantities(userId, orderId, { quantities: { [dark.id]: 36 } }, actorOf(userId)),
    ).rejects.toSatisfy((e) => messageOf(e) === STANDING_MESSAGES.pastCutoff);
    expect((await t.services.tradeOrders.tradeOrder(orderId))?.totalPennies).toBe(2880);
  });

  it('is not made over the credit limit: no order, the reason kept, the café and the shop told', async () => {
    const { userId } = await cafe('10');
    const { id } = await svc().save(
      { profileId: userId },
      { weekdays: [WEEKDAY], quantities: { [dark.id]: 12 } },
      actorOf(userId),
    );
    await svc().runDue();
    const runs = await runsOf(id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ date: DAY, status: 'not_made', orderId: null });
    expect(runs[0]!.reason).toMatch(/over its credit limit of £10\.00/);
    expect(await t.services.orders.listForCustomer(userId)).toEqual([]);
    const mails = await t.services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'standing-order-not-made')));
    const mine = mails.filter((m) => m.dedupeKey.includes(runs[0]!.id));
    expect(mine).toHaveLength(2);
    expect(mine[0]!.text).toContain('over its credit limit');
    const page = await svc().page({ profileId: userId });
    expect(page.standing[0]!.days.find((d) => d.date === DAY)).toMatchObject({ status: 'not_made' });
  });

  it('is not made when a cookie has left the catalogue, saying which', async () => {
    const gone = await createProduct(t.services, {
      name: 'Retired Rocky Road',
      pricePennies: 300,
      vatRate: 0,
    });
    const { userId, account } = await cafe();
    await t.services.trade.setPrice(account.id, gone.id, {
      kind: 'fixed',
      price: '1.00',
      caseSize: '1',
      minQuantity: '0',
    });
    const { id } = await standing(userId, { [gone.id]: 10, [dark.id]: 12 });
    await t.services.db.update(products).set({ isActive: false }).where(eq(products.id, gone.id));
    await svc().runDue();
    expect(await runsOf(id)).toMatchObject([
      { status: 'not_made', reason: 'Retired Rocky Road is no longer on your price list.' },
    ]);
  });

  it('refuses a weekday the zone does not deliver, quantities off the case size and no lines, writing nothing', async () => {
    const { userId, account } = await cafe();
    const save = (input: object) => svc().save({ profileId: userId }, input, actorOf(userId));
    for (const [input, message] of [
      [
        { weekdays: ['0'], quantities: { [dark.id]: 12 } },
        'We do not deliver to you on Sundays: your delivery days are Mondays, Tuesdays, Wednesdays, Thursdays, Fridays and Saturdays.',
      ],
      [{ weekdays: [], quantities: { [dark.id]: 12 } }, STANDING_MESSAGES.weekdays],
      [
        { weekdays: [WEEKDAY], quantities: { [dark.id]: 10 } },
        'Dark Chocolate comes in cases of 12: please order a multiple of 12.',
      ],
      [{ weekdays: [WEEKDAY], quantities: {} }, TRADE_ORDER_MESSAGES.nothing],
    ] as const) {
      await expect(save(input)).rejects.toSatisfy((e) => messageOf(e) === message);
    }
    expect(
      await t.services.db.select().from(standingOrders).where(eq(standingOrders.accountId, account.id)),
    ).toEqual([]);
    // Another café's standing order cannot be paused from this account.
    const other = await cafe();
    const theirs = await standing(other.userId);
    await expect(svc().setStatus({ profileId: userId }, theirs.id, 'paused')).rejects.toSatisfy(
      (e) => messageOf(e) === STANDING_MESSAGES.notFound,
    );
  });
});
