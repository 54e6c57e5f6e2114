import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '~/server/auth/session-service';
import { clubDeliveries, orders, subscriptionHistory, subscriptions } from '~/server/db/schema';
import { loadClientBuild } from '~/server/load-build';
import { historyNoteWords } from '~/shared/club/club';
import { minimumText } from '~/shared/delivery-zones/zone-texts';
import { addDays, londonDate, weekdayOf } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { createBox } from '~/test/box-factories';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { JOIN_LIMIT, MAX_SUBSCRIPTIONS, TOO_MANY_SUBSCRIPTIONS } from './club-join';
import { asOfInstant } from './club-service';

// What the Cookie Club promises and must do, on both databases, with rate
// limits on as in the shop.
let t: TestApp;
const today = londonDate(new Date());
const testCard = { cardNumber: '4242424242424242', expiry: '12 / 40', cvc: '123', name: 'Mary Smith' };

beforeAll(async () => {
  t = await createTestApp({
    env: { RATE_LIMITS: 'true' },
    build: await loadClientBuild(process.env.BUILD_DIR),
  });
  await t.services.bakeDays.saveTemplate(everyDayTemplate({ horizonDays: 60 }));
});
afterAll(() => t.close());

const club = () => t.services.subscriptions;
const cookie = async (pricePennies = 300) =>
  (await createProduct(t.services, { name: `Shortbread ${Math.random()}`, pricePennies })).id;
const join = (who: { cookie: string }, body: Record<string, unknown>) =>
  api(t, 'POST', '/api/subscriptions/join', body, who.cookie);
const saveCard = (sessionId: string) =>
  api(t, 'POST', `/api/payments/test/cards/${sessionId}/save`, testCard);
const subOf = async (id: string) =>
  (await t.services.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const subsOf = (profileId: string) =>
  t.services.db.select().from(subscriptions).where(eq(subscriptions.profileId, profileId));
const deliveriesOf = (id: string) =>
  t.services.db.select().from(clubDeliveries).where(eq(clubDeliveries.subscriptionId, id));
const bookedOn = async (date: string) =>
  (await t.services.bakeDays.calendar()).days.find((d) => d.date === date)!.booked;

/** A delivery zone for the test users' postcode area (SY1), removed afterwards. */
async function withZone(zone: Record<string, unknown>, run: () => Promise<void>) {
  const { zones } = t.services;
  const saved = (
    await zones.save(null, {
      name: 'Test van',
      postcodes: 'SY1',
      method: 'van',
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      ...zone,
    })
  ).zones.find((z) => z.name === 'Test van')!;
  try {
    await run();
  } finally {
    await zones.remove(saved.id);
  }
}

describe('one amount, one box to start', () => {
  it('starts a box on one box, and shows, asks, charges and quotes one price for it', async () => {
    await withZone({ fee: '3.25' }, async () => {
      const [oat, ginger] = [await cookie(), await cookie()];
      const box = await createBox(t.services, { size: 6, allowed: [oat, ginger] }, { pricePennies: 1500 });
      const member = await createUser(t);
      // Nothing asked yet: one box (it started at 6 boxes), six loose cookies.
      const shown = await club().joinOptions({ productId: box.id, quantity: null, profileId: member.userId });
      expect(shown.quantity).toBe(1);
      expect(shown.price).toMatchObject({
        cookies_pennies: 1500,
        delivery_pennies: 325,
        total_pennies: 1825,
      });
      const loose = await club().joinOptions({ productId: oat, quantity: null, profileId: member.userId });
      expect(loose.quantity).toBe(6);

      const filling = [
        { product_id: oat, quantity: 3 },
        { product_id: ginger, quantity: 3 },
      ];
      const joined = await join(member, {
        product_id: box.id,
        quantity: shown.quantity,
        every_weeks: 2,
        first_date: shown.days[0]!.date,
        box: filling,
      });
      expect(joined.status, await joined.clone().text()).toBe(200);
      const { subscriptionId, sessionId } = await joined.json();
      // The card page says what each box will cost; the box's order charges it.
      expect((await club().cardPage(sessionId))?.quoted_pennies).toBe(1825);
      expect((await saveCard(sessionId)).status).toBe(200);
      const [made] = await deliveriesOf(subscriptionId);
      const [order] = await t.services.db.select().from(orders).where(eq(orders.id, made!.orderId!));
      expect(order).toMatchObject({ status: 'paid', totalPennies: 1825, deliveryFeePennies: 325 });
      // A one-off order of the same box costs the same.
      const buyer = { id: member.userId, email: member.email, name: 'Mary', role: 'customer' } as SessionUser;
      const quote = await t.services.checkout.quote(buyer, {
        items: [{ product_id: box.id, quantity: 1, box: filling }],
      });
      expect(quote.total_pennies).toBe(1825);
    });
  });
});

describe('no subscription without a card', () => {
  it('pausing and resuming one waiting for its card keeps it waiting, and books no bake-day place', async () => {
    const planned = async () =>
      (await club().upcomingDeliveries(today, addDays(today, 60))).reduce((n, d) => n + d.deliveries, 0);
    const plannedBefore = await planned();
    const member = await createUser(t);
    const firstDate = addDays(today, 3);
    const res = await join(member, {
      product_id: await cookie(),
      quantity: 6,
      every_weeks: 2,
      first_date: firstDate,
    });
    const { subscriptionId } = await res.json();
    const call = (what: string) =>
      api(t, 'POST', `/api/subscriptions/${subscriptionId}/${what}`, {}, member.cookie);
    expect((await call('pause')).status).toBe(200);
    expect((await call('resume')).status).toBe(200);
    expect((await subOf(subscriptionId)).status).toBe('awaiting_card');
    // The bake-days overview plans no box for it, and the scheduler makes none.
    expect(await planned()).toBe(plannedBefore);
    const before = await bookedOn(firstDate);
    for (const date of [addDays(firstDate, -3), firstDate, addDays(firstDate, 14)])
      await club().runDue(asOfInstant(date));
    expect(await deliveriesOf(subscriptionId)).toEqual([]);
    expect(await bookedOn(firstDate)).toBe(before);
  });

  it(`holds at most ${MAX_SUBSCRIPTIONS} subscriptions per account, however many joins arrive at once`, async () => {
    const member = await createUser(t);
    const body = { product_id: await cookie(), quantity: 6, every_weeks: 2, first_date: addDays(today, 2) };
    const answers = await Promise.all(
      Array.from({ length: MAX_SUBSCRIPTIONS + 2 }, () => join(member, body)),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([...Array(MAX_SUBSCRIPTIONS).fill(200), 409, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect((await refused.json()).error).toMatchObject({
      code: 'too_many_subscriptions',
      message: TOO_MANY_SUBSCRIPTIONS,
    });
    const held = await subsOf(member.userId);
    expect(held).toHaveLength(MAX_SUBSCRIPTIONS);
    // Cancelling one makes room again.
    await api(t, 'POST', `/api/subscriptions/${held[0]!.id}/cancel`, {}, member.cookie);
    expect((await join(member, body)).status).toBe(200);
  });

  it(`lets one member start at most ${JOIN_LIMIT.max} joins an hour`, async () => {
    const member = await createUser(t);
    const body = { product_id: await cookie(), quantity: 6, every_weeks: 2, first_date: addDays(today, 2) };
    for (let i = 0; i < JOIN_LIMIT.max; i++)
      expect((await join(member, { ...body, first_date: today })).status).toBe(400);
    expect((await join(member, body)).status).toBe(429);
    expect(await subsOf(member.userId)).toEqual([]);
  });
});

describe('zone rules', () => {
  it('refuses a box under its zone’s minimum order at join and on a change, in the checkout’s words', async () => {
    await withZone({ fee: '2.00', minimumOrder: '20.00' }, async () => {
      const productId = await cookie(300);
      const member = await createUser(t);
      const body = { product_id: productId, quantity: 6, every_weeks: 2, first_date: addDays(today, 2) };
      const under = await join(member, body);
      expect(under.status).toBe(400);
      const message = minimumText(2000);
      expect((await under.json()).error.message).toBe(message);
      // The checkout refuses the same basket with the same words, and the join page says them.
      const checkout = await api(
        t,
        'POST',
        '/api/checkout/create-checkout-session',
        { items: [{ product_id: productId, quantity: 6 }], delivery_date: addDays(today, 2) },
        member.cookie,
      );
      expect((await checkout.json()).error.message).toBe(message);
      const page = await club().joinOptions({ productId, quantity: 6, profileId: member.userId });
      expect(page.price?.minimum_note).toBe(message);

      const ok = await join(member, { ...body, quantity: 7 });
      expect(ok.status, await ok.clone().text()).toBe(200);
      const { subscriptionId } = await ok.json();
      const change = await api(
        t,
        'POST',
        `/api/subscriptions/${subscriptionId}/change`,
        { quantity: 6 },
        member.cookie,
      );
      expect(change.status).toBe(400);
      expect((await change.json()).error.message).toBe(message);
      expect((await subOf(subscriptionId)).quantity).toBe(7);
    });
  });

  it('moves a box only to a weekday the member’s zone delivers on', async () => {
    // The zone delivers Tuesday to Saturday; the bake template every day.
    await withZone({ fee: '2.00', weekdays: [2, 3, 4, 5, 6] }, async () => {
      const member = await createUser(t);
      const productId = await cookie();
      const { days } = await club().joinOptions({ productId, quantity: 6, profileId: member.userId });
      const first = days[0]!.date;
      const res = await join(member, {
        product_id: productId,
        quantity: 6,
        every_weeks: 2,
        first_date: first,
      });
      const { subscriptionId } = await res.json();
      const [view] = await club().listForCustomer(member.userId);
      expect(view!.delivery_weekdays).toEqual([2, 3, 4, 5, 6]);
      const change = (body: object) =>
        api(t, 'POST', `/api/subscriptions/${subscriptionId}/change`, body, member.cookie);
      const sunday = await change({ weekday: 0 });
      expect(sunday.status).toBe(400);
      expect((await sunday.json()).error.message).toContain('We do not deliver to your address on Sundays');
      expect((await subOf(subscriptionId)).weekday).toBe(weekdayOf(first));
      const other = [2, 3, 4, 5, 6].find((d) => d !== weekdayOf(first))!;
      expect((await change({ weekday: other })).status).toBe(200);
      const after = await subOf(subscriptionId);
      expect(after.weekday).toBe(other);
      expect(weekdayOf(after.nextDeliveryDate)).toBe(other);
    });
  });
});

describe('the API takes numbers as numbers', () => {
  it('refuses strings and booleans where numbers belong, with the JSON error shape, writing nothing', async () => {
    const member = await createUser(t);
    const ok = { product_id: await cookie(), quantity: 6, every_weeks: 2, first_date: addDays(today, 2) };
    const badJoins = [
      { quantity: '6' },
      { quantity: true },
      { every_weeks: '2' },
      { every_weeks: true },
      { quantity: [6] },
    ];
    for (const bad of badJoins) {
      const res = await join(member, { ...ok, ...bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await res.json()).error).toMatchObject({
        code: expect.any(String),
        message: expect.any(String),
      });
    }
    expect(await subsOf(member.userId)).toEqual([]);
    const { subscriptionId } = await (await join(member, ok)).json();
    for (const bad of [{ weekday: '3' }, { weekday: false }, { quantity: '2' }, { every_weeks: '4' }]) {
      const res = await api(t, 'POST', `/api/subscriptions/${subscriptionId}/change`, bad, member.cookie);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect((await res.json()).error.code).toBeTruthy();
    }
    expect(await subOf(subscriptionId)).toMatchObject({ quantity: 6, everyWeeks: 2 });
  });
});

describe('the owner reads the history in words', () => {
  it('writes pauses, skips and changes in words with en-GB dates, never JSON or ISO dates', async () => {
    const member = await createUser(t);
    const productId = await cookie();
    const res = await join(member, {
      product_id: productId,
      quantity: 6,
      every_weeks: 2,
      first_date: addDays(today, 2),
    });
    const { subscriptionId, sessionId } = await res.json();
    await saveCard(sessionId);
    const call = (what: string, body: object = {}) =>
      api(t, 'POST', `/api/subscriptions/${subscriptionId}/${what}`, body, member.cookie);
    expect((await call('skip')).status).toBe(200);
    expect((await call('change', { every_weeks: 4, quantity: 8 })).status).toBe(200);
    expect((await call('pause', { until: addDays(today, 30) })).status).toBe(200);
    const notes = (
      await t.services.db
        .select({ note: subscriptionHistory.note })
        .from(subscriptionHistory)
        .where(eq(subscriptionHistory.subscriptionId, subscriptionId))
    ).map((h) => h.note ?? '');
    for (const note of notes) {
      expect(note).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      expect(note).not.toContain('{');
    }
    expect(notes.join(' | ')).toMatch(/Now 8 x Shortbread [\d.]+, every 4 weeks; next box \w+day \d+ \w+/);
    expect(notes.join(' | ')).toMatch(/Until \w+day \d+ \w+/);
    // Lines kept from before read in words too.
    expect(historyNoteWords('Until 2026-12-15')).toBe('Until Tuesday 15 December');
    expect(historyNoteWords('{"every_weeks":4,"weekday":5}')).toBe('Now every 4 weeks, on Fridays');
  });
});

describe('/account/subscriptions', () => {
  it('answers a form it does not know with a clear 400, not a 500', async () => {
    const member = await createUser(t);
    const res = await t.app.request(`${t.origin}/account/subscriptions`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: t.origin,
        cookie: member.cookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ intent: 'teleport', id: 'x' }).toString(),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('That is not something this page can do.');
  });
});
