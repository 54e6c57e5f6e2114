import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  clubDeliveries,
  emailOutbox,
  orderItems,
  orderPayments,
  orders,
  products,
  profiles,
  subscriptionHistory,
  subscriptions,
} from '~/server/db/schema';
import { TEST_EVENTS } from '~/server/payments/test-provider';
import { addDays, londonDate, weekdayOf } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { createBox } from '~/test/box-factories';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { asOfInstant } from './club-service';

// The Cookie Club on the built-in test provider (saved test cards), on both databases.
let t: TestApp;
const today = londonDate(new Date());
const EVERY_DAY = everyDayTemplate({ horizonDays: 60 });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  await t.services.bakeDays.saveTemplate(EVERY_DAY);
});
afterAll(() => t.close());

let productId: string;
beforeEach(async () => {
  productId = (await createProduct(t.services, { name: `Shortbread ${Math.random()}`, pricePennies: 300 }))
    .id;
});

const testCard = (cardNumber: string) => ({ cardNumber, expiry: '12 / 40', cvc: '123', name: 'Mary Smith' });
const club = () => t.services.subscriptions;
const runAsOf = (date: string) => club().runDue(asOfInstant(date));

/** A member who joined for 6 cookies every 2 weeks, first box in 2 days, saving `card`. */
async function joinWith(card = '4242424242424242', firstDate = addDays(today, 2)) {
  const user = await createUser(t);
  const res = await api(
    t,
    'POST',
    '/api/subscriptions/join',
    { product_id: productId, quantity: 6, every_weeks: 2, first_date: firstDate },
    user.cookie,
  );
  expect(res.status, await res.clone().text()).toBe(200);
  const { subscriptionId, sessionId, url } = await res.json();
  expect(url).toBe(`http://shop.test/pay/test/card/${sessionId}`);
  const saved = await api(t, 'POST', `/api/payments/test/cards/${sessionId}/save`, testCard(card));
  expect(saved.status, await saved.clone().text()).toBe(200);
  return { user, subscriptionId: subscriptionId as string, sessionId: sessionId as string, firstDate };
}

const deliveriesOf = (subscriptionId: string) =>
  t.services.db
    .select()
    .from(clubDeliveries)
    .where(eq(clubDeliveries.subscriptionId, subscriptionId))
    .orderBy(clubDeliveries.scheduledDate);
const subOf = async (id: string) =>
  (await t.services.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const orderOf = async (id: string) =>
  (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const paymentsOf = async (orderId: string) =>
  (
    await t.services.db.select({ n: count() }).from(orderPayments).where(eq(orderPayments.orderId, orderId))
  )[0]!.n;
const mailsTo = async (to: string, kind: string) =>
  t.services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));

describe('joining the Cookie Club', () => {
  it('saves the card and pays the first box on the chosen day, as a real order', async () => {
    const { user, subscriptionId, firstDate } = await joinWith();
    const sub = await subOf(subscriptionId);
    expect(sub).toMatchObject({
      status: 'active',
      cardLabel: 'Visa ending 4242',
      weekday: weekdayOf(firstDate),
    });
    expect(sub.nextDeliveryDate).toBe(addDays(firstDate, 14));
    const [delivery] = await deliveriesOf(subscriptionId);
    expect(delivery).toMatchObject({
      scheduledDate: firstDate,
      deliveryDate: firstDate,
      status: 'paid',
      attempts: 1,
    });
    const order = await orderOf(delivery!.orderId!);
    // 6 x £3.00 + £4.99 delivery, on the chosen bake day, paid once.
    expect(order).toMatchObject({
      status: 'paid',
      totalPennies: 2299,
      deliveryDate: firstDate,
      profileId: user.userId,
    });
    expect(await paymentsOf(order.id)).toBe(1);
    const res = await api(t, 'GET', '/api/subscriptions', undefined, user.cookie);
    const { subscriptions: mine } = await res.json();
    expect(mine[0]).toMatchObject({
      id: subscriptionId,
      price_pennies: 2299,
      next_box_date: addDays(firstDate, 14),
    });
  });

  it('refuses a closed day, an unknown cookie and a third frequency, writing nothing', async () => {
    const user = await createUser(t);
    const join = (body: object) => api(t, 'POST', '/api/subscriptions/join', body, user.cookie);
    const ok = { product_id: productId, quantity: 6, every_weeks: 2, first_date: addDays(today, 2) };
    expect((await join({ ...ok, every_weeks: 3 })).status).toBe(400);
    expect((await join({ ...ok, first_date: today })).status).toBe(400);
    expect((await join({ ...ok, product_id: '6f1f7b4e-0000-4000-8000-000000000000' })).status).toBe(400);
    // A limited product is sold for its own dates, not every few weeks.
    const limited = await createProduct(t.services, {
      name: `Christmas ${Math.random()}`,
      pricePennies: 2400,
    });
    await t.services.db.update(products).set({ dailyLimit: 40 }).where(eq(products.id, limited.id));
    const refused = await join({ ...ok, product_id: limited.id, quantity: 1 });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error.message).toContain('cannot come in the Cookie Club');
    // Nor a gift card: it is bought once, for someone.
    const card = await createProduct(t.services, { name: `Gift card ${Math.random()}`, pricePennies: 2000 });
    await t.services.db.update(products).set({ kind: 'gift_card' }).where(eq(products.id, card.id));
    expect((await join({ ...ok, product_id: card.id, quantity: 1 })).status).toBe(400);
    expect((await club().choices()).map((c) => c.id)).not.toContain(card.id);
    const rows = await t.services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.profileId, user.userId));
    expect(rows).toHaveLength(0);
  });

  it('sends a box the member fills: the filling is checked, each box order holds it and counts its cookies', async () => {
    const other = (await createProduct(t.services, { name: `Ginger ${Math.random()}`, pricePennies: 300 }))
      .id;
    const box = await createBox(t.services, { size: 6, allowed: [productId, other] }, { pricePennies: 1500 });
    const user = await createUser(t);
    const firstDate = addDays(today, 3);
    const join = (filling: { product_id: string; quantity: number }[]) =>
      api(
        t,
        'POST',
        '/api/subscriptions/join',
        { product_id: box.id, quantity: 2, every_weeks: 4, first_date: firstDate, box: filling },
        user.cookie,
      );
    // Not full: refused with the checkout's own words, nothing written.
    const short = await join([{ product_id: productId, quantity: 5 }]);
    expect(short.status).toBe(400);
    expect((await short.json()).error.message).toContain('5 of 6 chosen');
    const res = await join([
      { product_id: productId, quantity: 4 },
      { product_id: other, quantity: 2 },
    ]);
    expect(res.status, await res.clone().text()).toBe(200);
    const { subscriptionId, sessionId } = await res.json();
    await api(t, 'POST', `/api/payments/test/cards/${sessionId}/save`, testCard('4242424242424242'));
    const [made] = await deliveriesOf(subscriptionId);
    expect(made).toMatchObject({ status: 'paid', totalPennies: 2 * 1500 + 499 });
    const [line] = await t.services.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, made!.orderId!));
    expect(line).toMatchObject({ quantity: 2, cookiesEach: 6 });
    expect(line!.boxContents?.map((e) => e.quantity).sort()).toEqual([2, 4]);
    // The oven counts 12 cookies for the day, not 2 boxes.
    const day = (await t.services.bakeDays.calendar()).days.find((d) => d.date === firstDate)!;
    expect(day.booked).toBeGreaterThanOrEqual(12);
    const { subscriptions: mine } = await (
      await api(t, 'GET', '/api/subscriptions', undefined, user.cookie)
    ).json();
    expect(mine[0].box_contents).toMatch(/^(4 × .*, 2 × |2 × .*, 4 × )/);
  });

  it('charges the delivery of the member’s zone, and refuses a member no zone delivers to', async () => {
    const { zones } = t.services;
    const van = (
      await zones.save(null, {
        name: 'Van',
        postcodes: 'SY1',
        method: 'van',
        fee: '2.50',
        weekdays: [0, 1, 2, 3, 4, 5, 6],
      })
    ).zones.find((z) => z.name === 'Van')!;
    try {
      const { subscriptionId } = await joinWith();
      const [delivery] = await deliveriesOf(subscriptionId);
      // 6 x £3.00 + the van's £2.50, not the Settings' £4.99.
      expect(delivery).toMatchObject({ status: 'paid', totalPennies: 1800 + 250 });
      await zones.save(van.id, { name: 'Van', postcodes: 'SY1', method: 'none', weekdays: [] });
      const user = await createUser(t);
      const res = await api(
        t,
        'POST',
        '/api/subscriptions/join',
        { product_id: productId, quantity: 6, every_weeks: 2, first_date: addDays(today, 2) },
        user.cookie,
      );
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toContain('SY1');
    } finally {
      await zones.remove(van.id);
    }
  });

  it('keeps another member out of a subscription', async () => {
    const { subscriptionId } = await joinWith();
    const other = await createUser(t);
    const res = await api(t, 'POST', `/api/subscriptions/${subscriptionId}/cancel`, {}, other.cookie);
    expect(res.status).toBe(404);
    expect((await subOf(subscriptionId)).status).toBe('active');
  });
});

describe('the scheduler', () => {
  it('makes the next box lead days ahead with the address at the time, charged once however many schedulers run', async () => {
    const { user, subscriptionId, firstDate } = await joinWith();
    const next = addDays(firstDate, 14);
    // Not yet due four days ahead.
    await runAsOf(addDays(next, -4));
    expect(await deliveriesOf(subscriptionId)).toHaveLength(1);
    await t.services.db.update(profiles).set({ address: '9 New Street' }).where(eq(profiles.id, user.userId));
    // Two schedulers at once, then a third: one box, one charge.
    await Promise.all([runAsOf(addDays(next, -3)), runAsOf(addDays(next, -3))]);
    await runAsOf(addDays(next, -2));
    const deliveries = await deliveriesOf(subscriptionId);
    expect(deliveries.map((b) => [b.scheduledDate, b.status])).toEqual([
      [firstDate, 'paid'],
      [next, 'paid'],
    ]);
    const order = await orderOf(deliveries[1]!.orderId!);
    expect(order).toMatchObject({ status: 'paid', shipAddress: '9 New Street', deliveryDate: next });
    expect(await paymentsOf(order.id)).toBe(1);
    expect(deliveries[1]!.attempts).toBe(1);
  });

  it('moves a box from a closed day to the next open day and tells the member', async () => {
    const { user, subscriptionId, firstDate } = await joinWith();
    const next = addDays(firstDate, 14);
    await t.services.bakeDays.setOverride({ date: next, closed: true, note: 'Holiday' });
    await runAsOf(addDays(next, -3));
    const delivery = (await deliveriesOf(subscriptionId))[1]!;
    expect(delivery).toMatchObject({ scheduledDate: next, deliveryDate: addDays(next, 1), status: 'paid' });
    expect((await orderOf(delivery.orderId!)).deliveryDate).toBe(addDays(next, 1));
    const moved = await mailsTo(user.email, 'club-moved');
    expect(moved).toHaveLength(1);
    expect(moved[0]!.subject).toContain('comes on');
    await t.services.bakeDays.removeOverride(next);
  });

  it('catches up after downtime: each missed box is made once, never twice', async () => {
    const { subscriptionId } = await joinWith();
    // The shop was down for six weeks: three box dates went by.
    const missed = addDays(today, -28);
    await t.services.db
      .update(subscriptions)
      .set({ nextDeliveryDate: missed })
      .where(eq(subscriptions.id, subscriptionId));
    await Promise.all([runAsOf(today), runAsOf(today)]);
    await runAsOf(today);
    const made = (await deliveriesOf(subscriptionId)).filter((b) => b.scheduledDate < addDays(today, 2));
    expect(made.map((b) => b.scheduledDate)).toEqual([missed, addDays(missed, 14), addDays(missed, 28)]);
    // Each is moved to a day still to come, and each is paid once.
    for (const b of made) {
      expect(b.deliveryDate! > today).toBe(true);
      expect(await paymentsOf(b.orderId!)).toBe(1);
    }
  });
});

describe('declined cards', () => {
  it('leaves the order unpaid, retries after 1, 3 and 5 days with an e-mail each time, then pauses and tells the owner', async () => {
    const { user, subscriptionId, firstDate } = await joinWith('4000000000000341');
    expect((await subOf(subscriptionId)).cardLabel).toBe('Visa ending 0341');
    const [delivery] = await deliveriesOf(subscriptionId);
    expect(delivery).toMatchObject({ status: 'due', attempts: 1 });
    expect(await orderOf(delivery!.orderId!)).toMatchObject({
      status: 'pending',
      paidAt: null,
      deliveryDate: firstDate,
    });
    expect((await subOf(subscriptionId)).status).toBe('failing');
    // Not before its time: a scheduler the same day charges nothing more.
    await runAsOf(today);
    expect((await deliveriesOf(subscriptionId))[0]!.attempts).toBe(1);
    for (const [days, attempts] of [
      [1, 2],
      [3, 3],
      [5, 4],
    ] as const) {
      await runAsOf(addDays(today, days));
      expect((await deliveriesOf(subscriptionId))[0]!.attempts).toBe(attempts);
    }
    expect(await mailsTo(user.email, 'club-declined')).toHaveLength(4);
    const sub = await subOf(subscriptionId);
    expect(sub).toMatchObject({ status: 'paused', pausedUntil: null });
    const owner = await t.services.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.kind, 'club-owner-paused'));
    expect(owner.some((m) => m.text.includes(user.email))).toBe(true);
    const order = await orderOf(delivery!.orderId!);
    expect(order.status).toBe('cancelled');
    expect(await paymentsOf(order.id)).toBe(0);
  });

  it('charges a waiting box at once when the member saves a new card', async () => {
    const { user, subscriptionId } = await joinWith('4000000000000341');
    const res = await api(t, 'POST', `/api/subscriptions/${subscriptionId}/card`, {}, user.cookie);
    const { sessionId } = await res.json();
    await api(t, 'POST', `/api/payments/test/cards/${sessionId}/save`, testCard('4242424242424242'));
    const [delivery] = await deliveriesOf(subscriptionId);
    expect(delivery).toMatchObject({ status: 'paid', attempts: 2 });
    expect((await subOf(subscriptionId)).status).toBe('active');
  });

  it('refunds a payment that arrives after the box’s cut-off, and does not bake it', async () => {
    const { subscriptionId } = await joinWith('4000000000000341');
    const [delivery] = await deliveriesOf(subscriptionId);
    // The cut-off passes unpaid: the expiry sweep cancels the order.
    await t.services.orders.sweepExpired(new Date(Date.now() + 5 * 86_400_000));
    expect((await orderOf(delivery!.orderId!)).status).toBe('cancelled');
    // Then the provider reports the money after all (twice).
    const late = {
      eventId: `late_${delivery!.id}`,
      eventType: TEST_EVENTS.charged,
      action: {
        kind: 'paid' as const,
        payment: {
          sessionId: `club_${delivery!.id}`,
          orderId: delivery!.orderId,
          paymentIntentId: 'pi_late',
          amount: null,
        },
      },
    };
    await t.services.payments.act(late);
    await t.services.payments.act(late);
    await runAsOf(today);
    const order = await t.services.orders.getForAdmin(delivery!.orderId!);
    expect(order.status).toBe('cancelled');
    expect(order.refunded_pennies).toBe(order.paid_pennies);
    expect(order.paid_pennies).toBe(2299);
    expect((await deliveriesOf(subscriptionId))[0]!.status).toBe('refunded');
  });
});

describe('prices are today’s', () => {
  it('e-mails a new price two days before the charge and charges it', async () => {
    const { user, subscriptionId, firstDate } = await joinWith();
    const next = addDays(firstDate, 14);
    await t.services.db.update(products).set({ pricePennies: 350 }).where(eq(products.id, productId));
    await runAsOf(addDays(next, -5));
    const [reminder] = await mailsTo(user.email, 'club-upcoming');
    expect(reminder!.text).toContain('£25.99');
    expect(reminder!.text).toContain('it was £22.99');
    expect(reminder!.text).toContain('Skip this box');
    await runAsOf(addDays(next, -3));
    const delivery = (await deliveriesOf(subscriptionId))[1]!;
    expect(delivery.totalPennies).toBe(2599);
    expect((await orderOf(delivery.orderId!)).totalPennies).toBe(2599);
  });
});

describe('the member runs it', () => {
  it("is offered the join page's cookies and boxes to change to (what the join page prices, nothing limited)", async () => {
    const limited = await createProduct(t.services, { name: `Advent ${Math.random()}`, pricePennies: 2400 });
    await t.services.db.update(products).set({ dailyLimit: 40 }).where(eq(products.id, limited.id));
    const choices = await club().choices();
    const join = await club().joinOptions({ productId: null, quantity: 1, profileId: null });
    expect(choices).toEqual(join.choices);
    expect(choices.map((c) => c.id)).toContain(productId);
    expect(choices.map((c) => c.id)).not.toContain(limited.id);
  });

  it('skips the next box, pauses, resumes and cancels; a box already paid still comes', async () => {
    const { user, subscriptionId, firstDate } = await joinWith();
    const post = (what: string, body: object = {}) =>
      api(t, 'POST', `/api/subscriptions/${subscriptionId}/${what}`, body, user.cookie);
    expect((await post('skip')).status).toBe(200);
    expect((await subOf(subscriptionId)).nextDeliveryDate).toBe(addDays(firstDate, 28));
    // The skipped date is never made.
    await runAsOf(addDays(firstDate, 11));
    expect((await deliveriesOf(subscriptionId)).map((b) => b.status)).toEqual(['paid', 'skipped']);

    expect((await post('pause', { until: null })).status).toBe(200);
    await runAsOf(addDays(firstDate, 25));
    expect(await deliveriesOf(subscriptionId)).toHaveLength(2);
    expect((await post('resume')).status).toBe(200);
    expect((await subOf(subscriptionId)).status).toBe('active');

    expect((await post('cancel')).status).toBe(200);
    expect((await subOf(subscriptionId)).status).toBe('cancelled');
    const paid = (await deliveriesOf(subscriptionId))[0]!;
    expect((await orderOf(paid.orderId!)).status).toBe('paid');
    await runAsOf(addDays(firstDate, 40));
    expect(await deliveriesOf(subscriptionId)).toHaveLength(2);
  });

  it('lets the owner pause and cancel on a member’s behalf, recorded as by whom', async () => {
    const { subscriptionId } = await joinWith();
    const admin = await createUser(t, { admin: true, fullName: 'Owner Olive' });
    const res = await api(
      t,
      'POST',
      `/api/admin/subscriptions/${subscriptionId}/pause`,
      { until: null },
      admin.cookie,
    );
    expect(res.status).toBe(200);
    const history = await t.services.db
      .select()
      .from(subscriptionHistory)
      .where(eq(subscriptionHistory.subscriptionId, subscriptionId));
    expect(history.find((h) => h.action === 'paused')).toMatchObject({
      actorType: 'admin',
      actorName: 'Owner Olive',
    });
    const overview = await (await api(t, 'GET', '/api/admin/subscriptions', undefined, admin.cookie)).json();
    expect(overview.counts.paused).toBeGreaterThanOrEqual(1);
    expect(overview.monthly_recurring_pennies).toBeGreaterThan(0);
    const detail = await (
      await api(t, 'GET', `/api/admin/subscriptions/${subscriptionId}`, undefined, admin.cookie)
    ).json();
    expect(detail.payments[0].paid_pennies).toBe(2299);
    const customer = await createUser(t);
    expect((await api(t, 'GET', '/api/admin/subscriptions', undefined, customer.cookie)).status).toBe(403);
  });
});
