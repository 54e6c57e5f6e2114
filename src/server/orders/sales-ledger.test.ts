import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryZones, orderItems, orders, products, refunds, salesByDay } from '~/server/db/schema';
import { repeatJobs } from '~/server/upkeep/upkeep';
import { BEST_SELLERS_COUNT, type SalesInsights } from '~/shared/orders/sales';
import { type OrderStatus, REVENUE_STATUSES } from '~/shared/orders/statuses';
import { addDays, londonDate } from '~/shared/time/london-time';
import { checkoutAs, payTestSession } from '~/test/checkout';
import { api, createProduct, createUser, sharedDataChanged } from '~/test/factories';
import { createOrder, type OrderLineSpec } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

/**
 * The dashboard reads per-day sales that triggers keep as orders change (decision 018). These tests
 * hold it to the figures computed straight from every order, line and refund, here in JavaScript,
 * after each kind of change an order goes through.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const owner = { type: 'admin', name: 'Owner' } as const;
/** Sold: a revenue status and recorded money (decisions 007 and 032). */
const sold = (o: { status: OrderStatus; paidAt: Date | null }) =>
  REVENUE_STATUSES.includes(o.status) && o.paidAt !== null;

/** The SALES_ZONE of an order (migration 0025): 'collection', its zone's id, or null. */
const zoneOf = (o: typeof orders.$inferSelect) =>
  o.fulfilment === 'collection' ? 'collection' : o.deliveryZoneId;

/**
 * The dashboard's figures as decisions 007, 013 and 049 define them, from every row of the shop
 * (or of one zone's orders): gift cards sold are neither revenue nor best sellers, and of an
 * order's refunds at most its total less its gift cards comes off the revenue.
 */
async function direct(now: Date, zone?: string) {
  const db = t.services.db;
  const [everyOrder, allRefunds, everyLine] = await Promise.all([
    db.select().from(orders),
    db.select().from(refunds),
    db.select().from(orderItems),
  ]);
  const allOrders = everyOrder.filter((o) => zone === undefined || zoneOf(o) === zone);
  const refunded = new Map<string, number>();
  for (const r of allRefunds) {
    if (r.status === 'failed') continue;
    refunded.set(r.orderId, (refunded.get(r.orderId) ?? 0) + r.amountPennies);
  }
  const giftCards = new Map<string, number>();
  for (const l of everyLine.filter((l) => l.giftCard))
    giftCards.set(l.orderId, (giftCards.get(l.orderId) ?? 0) + l.quantity * l.unitPricePennies);
  const allLines = everyLine.filter((l) => !l.giftCard);
  const byId = new Map(allOrders.map((o) => [o.id, o]));
  const perDay = new Map<string, { orders: number; revenue: number }>();
  for (const o of allOrders.filter((o) => sold(o))) {
    const day = perDay.get(londonDate(o.createdAt)) ?? { orders: 0, revenue: 0 };
    const cookies = o.totalPennies - (giftCards.get(o.id) ?? 0);
    day.orders += 1;
    day.revenue += cookies - Math.min(refunded.get(o.id) ?? 0, Math.max(cookies, 0));
    perDay.set(londonDate(o.createdAt), day);
  }
  const today = londonDate(now);
  const firstDay = addDays(today, -29);
  const best = new Map<
    string,
    { product_id: string | null; name: string; at: Date; quantity: number; revenue: number }
  >();
  for (const line of allLines) {
    const o = byId.get(line.orderId);
    if (!o) continue;
    const day = londonDate(o.createdAt);
    if (!sold(o) || day < firstDay || day > today) continue;
    const key = line.productId ?? `name:${line.productName}`;
    const b = best.get(key) ?? {
      product_id: line.productId,
      name: line.productName,
      at: o.createdAt,
      quantity: 0,
      revenue: 0,
    };
    if (o.createdAt >= b.at) Object.assign(b, { name: line.productName, at: o.createdAt });
    b.quantity += line.quantity;
    b.revenue += line.quantity * line.unitPricePennies;
    best.set(key, b);
  }
  return {
    total_orders: allOrders.filter(sold).length,
    pending_orders: allOrders.filter((o) => o.status === 'pending').length,
    // Every day's sales, not only the charts' days.
    total_revenue_pennies: [...perDay.values()].reduce((sum, d) => sum + d.revenue, 0),
    day: (d: string) => perDay.get(d) ?? { orders: 0, revenue: 0 },
    best_sellers: [...best.values()]
      .sort((a, b) => b.quantity - a.quantity || b.revenue - a.revenue || a.name.localeCompare(b.name))
      .slice(0, BEST_SELLERS_COUNT)
      .map((b) => ({
        product_id: b.product_id,
        name: b.name,
        quantity: b.quantity,
        revenue_pennies: b.revenue,
      })),
  };
}

/** The dashboard (sales over time and the totals, of every order or one zone's) equals the direct computation at `now`. */
async function expectDashboardRight(now: Date, zone?: string) {
  const [sales, totals, want]: [
    SalesInsights,
    Awaited<ReturnType<TestApp['services']['orders']['totals']>>,
    Awaited<ReturnType<typeof direct>>,
  ] = await Promise.all([
    t.services.orders.sales(now, zone),
    t.services.orders.totals(zone),
    direct(now, zone),
  ]);
  expect({
    total_orders: totals.total_orders,
    pending_orders: totals.pending_orders,
    total_revenue_pennies: totals.total_revenue_pennies,
  }).toEqual({
    total_orders: want.total_orders,
    pending_orders: want.pending_orders,
    total_revenue_pennies: want.total_revenue_pennies,
  });
  for (const d of sales.days) {
    const w = want.day(d.start);
    expect(d, d.start).toEqual({ start: d.start, orders: w.orders, revenue_pennies: w.revenue });
  }
  for (const week of sales.weeks) {
    const days = Array.from({ length: 7 }, (_, i) => want.day(addDays(week.start, i)));
    expect(week, week.start).toEqual({
      start: week.start,
      orders: days.reduce((s, d) => s + d.orders, 0),
      revenue_pennies: days.reduce((s, d) => s + d.revenue, 0),
    });
  }
  expect(sales.best_sellers).toEqual(want.best_sellers);
}

const at = (iso: string, status: OrderStatus, items?: OrderLineSpec[]) =>
  createOrder(t.services, { status, items, createdAt: new Date(iso) });

async function refundRow(orderId: string, amountPennies: number, status: 'pending' | 'succeeded' | 'failed') {
  const [row] = await t.services.db
    .insert(refunds)
    .values({
      orderId,
      amountPennies,
      status,
      reason: 'Broken',
      provider: 'test',
      requestKey: randomUUID(),
      actorName: 'Owner',
    })
    .returning();
  return row!;
}

describe('the dashboard’s sales, kept as orders change', () => {
  it('equals the figures computed from every order after each kind of change, across midnight and summer time', async () => {
    // Tuesday 31 March 2026: British Summer Time began on Sunday 29 March.
    const now = new Date('2026-03-31T15:00:00Z');
    const ginger = await createProduct(t.services, { name: 'Ginger Snap' });
    const oat = await createProduct(t.services, { name: 'Oat Crunch' });
    const line = (p: { id: string; name: string }, quantity: number, unitPricePennies = 300) => ({
      productId: p.id,
      productName: p.name,
      quantity,
      unitPricePennies,
    });
    await expectDashboardRight(now);

    // Placed: 00:30 BST on the 31st (the 30th by UTC), 23:30 GMT on the 28th, one in every status.
    const lateNight = await at('2026-03-30T23:30:00Z', 'paid', [line(ginger, 2), line(oat, 1)]);
    const saturday = await at('2026-03-28T23:30:00Z', 'completed', [line(oat, 4, 275)]);
    const pending = await at('2026-03-31T10:00:00Z', 'pending', [line(ginger, 9)]);
    await at('2026-03-31T11:00:00Z', 'cancelled', [line(oat, 9)]);
    const early = await at('2026-03-02T00:00:00Z', 'shipped', [
      { productName: 'Old Favourite', quantity: 3 },
    ]);
    await at('2026-01-05T12:00:00Z', 'paid'); // 12 weeks back: in the weeks only
    await expectDashboardRight(now);

    // Moved on by hand without money: an order, not a sale. Then paid, moved on, cancelled and
    // paid again.
    await t.services.orders.setStatus(pending.id, 'baking', owner);
    await expectDashboardRight(now);
    await t.services.orders.setStatus(pending.id, 'pending', owner);
    const { totalPennies } = pending;
    await t.services.payments.markAsPaid(
      pending.id,
      { method: 'cash', amountPennies: totalPennies, requestKey: randomUUID() },
      owner,
    );
    await expectDashboardRight(now);
    for (const status of ['baking', 'shipped', 'completed'] as const) {
      await t.services.orders.setStatus(lateNight.id, status, owner);
    }
    await t.services.orders.setStatus(saturday.id, 'cancelled', owner);
    await expectDashboardRight(now);
    await t.services.orders.setStatus(saturday.id, 'paid', owner);
    await expectDashboardRight(now);

    // Refunds: made through the shop, and being made, made or failed at the provider.
    await t.services.orders.refund(
      lateNight.id,
      { amountPennies: 150, reason: 'Broken', requestKey: randomUUID() },
      owner,
    );
    const asked = await refundRow(pending.id, 200, 'pending');
    const failing = await refundRow(pending.id, 300, 'pending');
    await refundRow(early.id, 100, 'failed');
    await expectDashboardRight(now);
    await t.services.db.update(refunds).set({ status: 'succeeded' }).where(eq(refunds.id, asked.id));
    await t.services.db.update(refunds).set({ status: 'failed' }).where(eq(refunds.id, failing.id));
    await expectDashboardRight(now);
    // A refunded order cancelled afterwards counts nothing, its refunds included.
    await t.services.orders.setStatus(pending.id, 'cancelled', owner);
    await expectDashboardRight(now);

    // A product deleted from the catalogue: its lines are grouped by the name they were sold as.
    await t.services.db.delete(products).where(eq(products.id, oat.id));
    await expectDashboardRight(now);
    // A renamed cookie shows the name it last sold under.
    await at('2026-03-31T12:00:00Z', 'paid', [line({ id: ginger.id, name: 'Stem Ginger Snap' }, 1, 350)]);
    await expectDashboardRight(now);

    // An order deleted outright (the database cascades to its lines and refunds).
    await t.services.db.delete(orders).where(eq(orders.id, lateNight.id));
    await expectDashboardRight(now);
    // And all of it once more after the database folds its changes, then on later days.
    await expectDashboardRight(now);
    const unfolded = await t.services.db.select().from(salesByDay).where(eq(salesByDay.folded, false));
    expect(unfolded).toEqual([]);
    await expectDashboardRight(new Date('2026-04-20T09:00:00Z'));
    await expectDashboardRight(new Date('2026-10-26T09:00:00Z'));
  });

  it('leaves gift cards sold out of the revenue and best sellers, their refunds too, and keeps each zone’s figures', async () => {
    const now = new Date('2026-05-12T15:00:00Z');
    const [van, post] = await t.services.db
      .insert(deliveryZones)
      .values([
        { name: 'Ledger van', postcodes: ['SY1'], method: 'van' },
        { name: 'Ledger post', postcodes: ['*'], method: 'post' },
      ])
      .returning();
    await sharedDataChanged(t.services);
    const everyZone = async () => {
      await expectDashboardRight(now);
      for (const zone of [van!.id, post!.id, 'collection']) await expectDashboardRight(now, zone);
    };
    const revenue = async (zone?: string) => (await t.services.orders.totals(zone)).total_revenue_pennies;
    const before = { all: await revenue(), van: await revenue(van!.id) };
    const card = {
      recipientName: 'Ann',
      recipientEmail: 'ann@example.com',
      message: 'Enjoy',
      sendOn: '2026-05-12',
    };
    const shortbread = await createProduct(t.services, { name: 'Ledger Shortbread' });
    const giftCard = await createProduct(t.services, { name: 'Ledger Gift card' });

    // A cookie (2 x £3.00) and a £20 gift card, £2.50 delivery by the van: £8.50 is revenue.
    const mixed = await createOrder(t.services, {
      status: 'paid',
      createdAt: new Date('2026-05-12T09:00:00Z'),
      deliveryFeePennies: 250,
      zone: van!,
      items: [
        { productId: shortbread.id, productName: shortbread.name, quantity: 2, unitPricePennies: 300 },
        { productId: giftCard.id, productName: giftCard.name, unitPricePennies: 2000, giftCard: card },
      ],
    });
    expect(mixed.totalPennies).toBe(2850);
    // Gift cards only (no zone) and a collection: the cards are not revenue, the cookies are.
    const cardsOnly = await createOrder(t.services, {
      status: 'completed',
      createdAt: new Date('2026-05-12T10:00:00Z'),
      deliveryFeePennies: 0,
      items: [
        {
          productId: giftCard.id,
          productName: giftCard.name,
          quantity: 2,
          unitPricePennies: 1500,
          giftCard: card,
        },
      ],
    });
    await createOrder(t.services, {
      status: 'paid',
      createdAt: new Date('2026-05-12T11:00:00Z'),
      deliveryFeePennies: 0,
      fulfilment: 'collection',
      items: [{ productId: shortbread.id, productName: shortbread.name, quantity: 1, unitPricePennies: 300 }],
    });
    expect(await revenue()).toBe(before.all + 850 + 300);
    expect(await revenue(van!.id)).toBe(before.van + 850);
    const sales = await t.services.orders.sales(now);
    expect(sales.days.at(-1)?.revenue_pennies).toBe(850 + 300);
    expect(sales.best_sellers.map((b) => b.name)).not.toContain('Ledger Gift card');
    expect(sales.best_sellers).toContainEqual({
      product_id: shortbread.id,
      name: 'Ledger Shortbread',
      quantity: 3,
      revenue_pennies: 900,
    });
    await everyZone();

    // Refunds: £5 of the mixed order comes off; of £6 more only the £3.50 of cookies left does.
    await refundRow(mixed.id, 500, 'succeeded');
    expect(await revenue(van!.id)).toBe(before.van + 350);
    const more = await refundRow(mixed.id, 600, 'pending');
    expect(await revenue(van!.id)).toBe(before.van);
    await everyZone();
    await t.services.db.update(refunds).set({ status: 'failed' }).where(eq(refunds.id, more.id));
    expect(await revenue(van!.id)).toBe(before.van + 350);
    // A bought card refunded takes nothing off the revenue.
    await refundRow(cardsOnly.id, 1500, 'succeeded');
    expect(await revenue()).toBe(before.all + 350 + 300);
    await everyZone();

    // A gift card line added to and taken from a sold order; the order moved to another zone; its
    // zone deleted (its orders keep their zone's name but belong to no zone).
    const [extra] = await t.services.db
      .insert(orderItems)
      .values({
        orderId: mixed.id,
        productId: giftCard.id,
        productName: giftCard.name,
        quantity: 1,
        unitPricePennies: 100,
        vatRate: 0,
        giftCard: card,
      })
      .returning();
    await everyZone();
    await t.services.db.delete(orderItems).where(eq(orderItems.id, extra!.id));
    await everyZone();
    await t.services.db.update(orders).set({ deliveryZoneId: post!.id }).where(eq(orders.id, mixed.id));
    expect(await revenue(post!.id)).toBe(350);
    await everyZone();
    await t.services.db.delete(deliveryZones).where(eq(deliveryZones.id, post!.id));
    await sharedDataChanged(t.services);
    expect(await revenue(post!.id)).toBe(0);
    await everyZone();
    // The shop without zones again, as the other tests' checkouts expect.
    await t.services.db.delete(deliveryZones).where(eq(deliveryZones.id, van!.id));
    await sharedDataChanged(t.services);
    await everyZone();
  });

  it('sums concurrent checkouts, payments, refunds and cancellations exactly', async () => {
    const { cookie } = await createUser(t);
    const { cookie: admin } = await createUser(t, { admin: true });
    // Twelve different baskets at one price (the same basket twice is one order).
    const jars = [];
    for (let i = 0; i < 12; i++)
      jars.push(await createProduct(t.services, { name: `Race Cookie ${i}`, pricePennies: 450 }));
    const checkouts = await Promise.all(
      jars.map((jar) => checkoutAs(t, cookie, { items: [{ product_id: jar.id, quantity: 2 }] })),
    );
    const before = await t.services.orders.totals();
    // Dashboards drawn meanwhile fold the changes while payments keep writing them.
    const drawn = Array.from({ length: 4 }, () => t.services.admin.dashboard.get());
    const paid = await Promise.all(checkouts.map((c) => payTestSession(t, c.sessionId)));
    await Promise.all(drawn);
    expect(paid.map((r) => r.status)).toEqual(checkouts.map(() => 200));
    const [first, second, third] = checkouts;
    await Promise.all([
      api(
        t,
        'POST',
        `/api/admin/orders/${first!.orderId}/refunds`,
        { amount: 300, reason: 'Late', request_key: randomUUID() },
        admin,
      ),
      api(
        t,
        'POST',
        `/api/admin/orders/${first!.orderId}/refunds`,
        { amount: 200, reason: 'Cold', request_key: randomUUID() },
        admin,
      ),
      api(t, 'PATCH', `/api/admin/orders/${second!.orderId}`, { status: 'baking' }, admin),
      api(t, 'PATCH', `/api/admin/orders/${third!.orderId}`, { status: 'cancelled' }, admin),
      api(t, 'PATCH', `/api/admin/orders/${first!.orderId}`, { status: 'shipped' }, admin),
    ]);

    const after = await t.services.orders.totals();
    const total = (await t.services.db.select().from(orders).where(eq(orders.id, first!.orderId)))[0]!
      .totalPennies;
    // 12 paid, one cancelled, 500p refunded of one of the rest.
    expect(after.total_revenue_pennies - before.total_revenue_pennies).toBe(11 * total - 500);
    // Total Orders counts paid orders (decision 074): the 12 checkouts became 11 orders.
    expect(after.total_orders - before.total_orders).toBe(11);
    expect(after.pending_orders - before.pending_orders).toBe(-12);
    await expectDashboardRight(new Date());
  });

  it('are folded by the background sweep, so the owner’s first dashboard after trade has nothing left to fold', async () => {
    await at(new Date().toISOString(), 'paid');
    const unfolded = () => t.services.db.select().from(salesByDay).where(eq(salesByDay.folded, false));
    expect((await unfolded()).length).toBeGreaterThan(0);

    const stop = repeatJobs(t.services.orders.upkeepJobs(50), console);
    try {
      for (let i = 0; i < 100 && (await unfolded()).length > 0; i++)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      stop();
    }
    expect(await unfolded()).toEqual([]);
    await expectDashboardRight(new Date());
  });
});
