import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders, shopSettings } from '~/server/db/schema';
import { collectionList } from '~/shared/bake-days/day-sheets';
import { SYSTEM } from '~/shared/orders/actor';
import { SLOT_MESSAGES, slotsOf } from '~/shared/settings/collection-slots';
import { addDays, londonDate, weekdayOf } from '~/shared/time/london-time';
import { checkoutAs, payTestSession } from '~/test/checkout';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Collection time slots (decision 084): the owner's settings, the slots checkout offers,
// the cap held under the day's lock when many checkouts race, and a cancelled order freeing its slot.
const URL_ = '/api/checkout/create-checkout-session';
const SATURDAY = 6;
let t: TestApp;
let cookie: string;
const today = londonDate(new Date());
/** The `n`th Saturday at least three days ahead (collection is on Saturdays only here; 60 days shown). */
const saturday = (n: number) => {
  let found = 0;
  for (let i = 3; ; i++)
    if (weekdayOf(addDays(today, i)) === SATURDAY && found++ === n) return addDays(today, i);
};
const SETTINGS = {
  deliveryFee: '4.99',
  collection: true,
  collectionAddress: 'The Bakehouse, 1 Mardol, Shrewsbury',
  collectionHours: 'Sat 10am-12pm',
};
const RULES = { minutes: 30, opens: '10:00', closes: '12:00', cap: 2 };
const saveSlots = (over: Record<string, unknown> = {}) =>
  t.services.settings.save({
    ...SETTINGS,
    collectionSlotMinutes: '30',
    collectionSlotOpens: '10:00',
    collectionSlotCloses: '12:00',
    collectionSlotCap: '2',
    ...over,
  });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  ({ cookie } = await createUser(t));
  await t.services.bakeDays.saveTemplate({
    deliveryWeekdays: [0, 1, 2, 3, 4, 5],
    collectionWeekdays: [SATURDAY],
    cutoffTime: '14:00',
    cutoffDaysBefore: 1,
    horizonDays: 60,
    capacityCookies: 300,
  });
  await saveSlots();
});
afterAll(() => t.close());

/** A collection of one new product (so no two are the same basket, which reuses the first order). */
async function collect(day: string, slot?: string, who = cookie) {
  const product = await createProduct(t.services, { pricePennies: 500 });
  return api(
    t,
    'POST',
    URL_,
    {
      items: [{ product_id: product.id, quantity: 1 }],
      fulfilment: 'collection',
      delivery_date: day,
      ...(slot === undefined ? {} : { collection_slot: slot }),
    },
    who,
  );
}
const orderOf = async (res: Response) => {
  expect(res.status).toBe(200);
  const { orderId } = (await res.json()) as { orderId: string };
  const [order] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
};
const orderCount = async () => (await t.services.db.select({ n: count() }).from(orders))[0]!.n;
async function expectRefused(res: Promise<Response>, message: string) {
  const before = await orderCount();
  const answer = await res;
  expect(answer.status).toBe(400);
  expect((await answer.json()).error.message).toBe(message);
  expect(await orderCount()).toBe(before);
}

describe('the owner’s collection slots', () => {
  it('are saved with the settings and cut the hours into slots', async () => {
    const saved = await saveSlots();
    expect(saved).toMatchObject({
      collectionSlotMinutes: 30,
      collectionSlotOpens: '10:00',
      collectionSlotCloses: '12:00',
      collectionSlotCap: 2,
    });
    expect(slotsOf(RULES)).toEqual([
      { from: '10:00', to: '10:30' },
      { from: '10:30', to: '11:00' },
      { from: '11:00', to: '11:30' },
      { from: '11:30', to: '12:00' },
    ]);
    expect(slotsOf({ minutes: 60, opens: '09:30', closes: '12:00', cap: 1 }).map((s) => s.from)).toEqual([
      '09:30',
      '10:30',
    ]);
  });

  it('refuse a wrong length, times the wrong way round and a cap outside 1 to 100, changing nothing', async () => {
    const before = (await t.services.db.select().from(shopSettings))[0];
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ collectionSlotMinutes: '20' }, 'collectionSlotMinutes', SLOT_MESSAGES.minutes],
      [
        { collectionSlotOpens: '16:00', collectionSlotCloses: '10:00' },
        'collectionSlotCloses',
        SLOT_MESSAGES.order,
      ],
      [
        { collectionSlotOpens: '10:00', collectionSlotCloses: '10:00' },
        'collectionSlotCloses',
        SLOT_MESSAGES.order,
      ],
      [
        { collectionSlotOpens: '10:00', collectionSlotCloses: '10:45', collectionSlotMinutes: '60' },
        'collectionSlotCloses',
        SLOT_MESSAGES.short,
      ],
      [{ collectionSlotOpens: '25:00' }, 'collectionSlotOpens', SLOT_MESSAGES.opens],
      [{ collectionSlotCloses: '' }, 'collectionSlotCloses', SLOT_MESSAGES.closes],
      [{ collectionSlotCap: '0' }, 'collectionSlotCap', SLOT_MESSAGES.cap],
      [{ collectionSlotCap: '101' }, 'collectionSlotCap', SLOT_MESSAGES.cap],
      [{ collectionSlotCap: '2.5' }, 'collectionSlotCap', SLOT_MESSAGES.cap],
    ];
    for (const [over, field, message] of refusals) {
      const refused = await saveSlots(over).then(
        () => null,
        (err: { status: number; fields?: Record<string, string> }) => err,
      );
      expect(refused, JSON.stringify(over)).not.toBeNull();
      expect(refused!.status).toBe(400);
      expect(refused!.fields?.[field]).toBe(message);
    }
    expect((await t.services.db.select().from(shopSettings))[0]).toEqual(before);
    // The database refuses them too, whatever writes them.
    await expect(
      t.services.db.execute(sql`update shop_settings set collection_slot_minutes = 20`),
    ).rejects.toThrow();
  });

  it('none: a collection has no slot', async () => {
    await saveSlots({ collectionSlotMinutes: '' });
    try {
      const order = await orderOf(await collect(saturday(0), '10:00'));
      expect(order.collectionSlotFrom).toBeNull();
      expect(order.collectionSlotTo).toBeNull();
    } finally {
      await saveSlots();
    }
  });
});

describe('checkout', () => {
  it('offers the slots with room: a full slot hides only itself, and a day with none left has none', async () => {
    const day = saturday(1);
    expect((await t.services.bakeDays.freeSlots(RULES, [day]))[day]!.map((s) => s.from)).toEqual([
      '10:00',
      '10:30',
      '11:00',
      '11:30',
    ]);
    await orderOf(await collect(day, '10:30'));
    expect((await t.services.bakeDays.freeSlots(RULES, [day]))[day]!).toEqual([
      { from: '10:00', to: '10:30', left: 2 },
      { from: '10:30', to: '11:00', left: 1 },
      { from: '11:00', to: '11:30', left: 2 },
      { from: '11:30', to: '12:00', left: 2 },
    ]);
    await orderOf(await collect(day, '10:30'));
    expect((await t.services.bakeDays.freeSlots(RULES, [day]))[day]!.map((s) => s.from)).toEqual([
      '10:00',
      '11:00',
      '11:30',
    ]);
    await expectRefused(collect(day, '10:30'), SLOT_MESSAGES.full({ from: '10:30', to: '11:00' }));
    // Every other slot filled: the day has no slot left, and a collection with no slot named is refused.
    for (const slot of ['10:00', '10:00', '11:00', '11:00', '11:30', '11:30'])
      await orderOf(await collect(day, slot));
    expect((await t.services.bakeDays.freeSlots(RULES, [day]))[day]).toEqual([]);
    await expectRefused(collect(day), SLOT_MESSAGES.dayFull);
  });

  it('gives a collection that names no slot the first one with room, and refuses one not offered', async () => {
    const day = saturday(2);
    await orderOf(await collect(day, '10:00'));
    await orderOf(await collect(day, '10:00'));
    expect(await orderOf(await collect(day))).toMatchObject({
      collectionSlotFrom: '10:30',
      collectionSlotTo: '11:00',
    });
    for (const bad of ['10:15', '12:00', '9:00', 'soon', 1000])
      await expectRefused(collect(day, bad as string), SLOT_MESSAGES.unknown);
  });

  it('a delivery has no slot, whatever the browser sends', async () => {
    const product = await createProduct(t.services, { pricePennies: 500 });
    const day = addDays(saturday(0), 2);
    const order = await orderOf(
      await api(
        t,
        'POST',
        URL_,
        { items: [{ product_id: product.id, quantity: 1 }], delivery_date: day, collection_slot: '10:00' },
        cookie,
      ),
    );
    expect(order.collectionSlotFrom).toBeNull();
  });

  it('12 customers at once for a slot with 2 places: exactly 2 orders, the rest told it is full', async () => {
    const day = saturday(3);
    const product = await createProduct(t.services, { pricePennies: 500 });
    // One at a time: sign-ups wait at the password-hashing gate.
    const customers = [];
    for (let i = 0; i < 12; i++) customers.push(await createUser(t));
    const answers = await Promise.all(
      customers.map((c) =>
        api(
          t,
          'POST',
          URL_,
          {
            items: [{ product_id: product.id, quantity: 1 }],
            fulfilment: 'collection',
            delivery_date: day,
            collection_slot: '11:00',
          },
          c.cookie,
        ),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(2);
    const refused = answers.filter((r) => r.status === 400);
    expect(refused).toHaveLength(10);
    const messages = new Set(await Promise.all(refused.map(async (r) => (await r.json()).error.message)));
    expect(messages).toEqual(new Set([SLOT_MESSAGES.full({ from: '11:00', to: '11:30' })]));
    const [held] = await t.services.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.deliveryDate, day), eq(orders.collectionSlotFrom, '11:00')));
    expect(held!.n).toBe(2);
  });

  it('two checkouts for the last place in a slot: one order, the other told the time is full', async () => {
    const day = saturday(3);
    const product = await createProduct(t.services, { pricePennies: 500 });
    await orderOf(await collect(day, '10:00'));
    const [one, two] = [await createUser(t), await createUser(t)];
    const body = {
      items: [{ product_id: product.id, quantity: 1 }],
      fulfilment: 'collection',
      delivery_date: day,
      collection_slot: '10:00',
    };
    const answers = await Promise.all([one, two].map((c) => api(t, 'POST', URL_, body, c.cookie)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    const refused = answers.find((r) => r.status === 400)!;
    expect((await refused.json()).error.message).toBe(
      'Sorry, the 10:00-10:30 collection time is now full. Please choose another time.',
    );
    const [held] = await t.services.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.deliveryDate, day), eq(orders.collectionSlotFrom, '10:00')));
    expect(held!.n).toBe(2);
  });

  it('a collection naming no day passes over a day whose every time is taken', async () => {
    // A new cookie each time: the same basket again would reuse the first checkout.
    const noDay = async () => {
      const product = await createProduct(t.services, { pricePennies: 500 });
      const items = [{ product_id: product.id, quantity: 1 }];
      return api(t, 'POST', URL_, { items, fulfilment: 'collection' }, cookie);
    };
    // The first collection day the shop offers, filled up.
    const first = (await orderOf(await noDay())).deliveryDate!;
    for (const slot of (await t.services.bakeDays.freeSlots(RULES, [first]))[first]!)
      for (let i = 0; i < slot.left; i++) await orderOf(await collect(first, slot.from));
    await expectRefused(collect(first), SLOT_MESSAGES.dayFull);
    const next = await orderOf(await noDay());
    expect(next.deliveryDate! > first).toBe(true);
    expect(next.collectionSlotFrom).not.toBeNull();
  });

  it('a cancelled order frees its slot', async () => {
    const day = saturday(4);
    const first = await orderOf(await collect(day, '11:30'));
    await orderOf(await collect(day, '11:30'));
    await expectRefused(collect(day, '11:30'), SLOT_MESSAGES.full({ from: '11:30', to: '12:00' }));
    await t.services.orders.setStatus(first.id, 'cancelled', SYSTEM);
    expect(
      (await t.services.bakeDays.freeSlots(RULES, [day]))[day]!.find((s) => s.from === '11:30'),
    ).toMatchObject({
      left: 1,
    });
    expect(await orderOf(await collect(day, '11:30'))).toMatchObject({ collectionSlotFrom: '11:30' });
  });
});

describe('the chosen slot', () => {
  it('is on the confirmation e-mail, the owner’s alert, the order’s view and the day’s collection list, by slot', async () => {
    const day = saturday(5);
    const late = await createUser(t, { fullName: 'Abe Later' });
    const early = await createUser(t, { fullName: 'Zed Early' });
    const product = await createProduct(t.services, { pricePennies: 500 });
    const body = (slot: string) => ({
      items: [{ product_id: product.id, quantity: 1 }],
      fulfilment: 'collection',
      delivery_date: day,
      collection_slot: slot,
    });
    const a = await checkoutAs(t, late.cookie, body('11:30'));
    const z = await checkoutAs(t, early.cookie, body('10:00'));
    for (const s of [a, z]) expect((await payTestSession(t, s.sessionId)).status).toBe(200);

    const [mail] = await t.services.db
      .select()
      .from(emailOutbox)
      .where(
        sql`${emailOutbox.kind} = 'order-confirmation' and ${emailOutbox.text} like ${`%${z.orderId}%`}`,
      );
    expect(mail!.text).toMatch(/Collection day: \w+ \d+ \w+, 10:00-10:30/);
    expect(mail!.html).toContain('10:00-10:30');
    const alerts = await t.services.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.kind} = 'order-alert' and ${emailOutbox.text} like ${`%${z.orderId}%`}`);
    expect(alerts[0]?.text).toContain(', 10:00-10:30');

    const view = await t.services.orders.getForAdmin(z.orderId);
    expect(view?.collection_slot).toEqual({ from: '10:00', to: '10:30' });

    const sheets = await t.services.daySheets.get(day);
    expect(collectionList(sheets.orders).map((o) => [o.ship.name, o.collectionSlot?.from])).toEqual([
      ['Zed Early', '10:00'],
      ['Abe Later', '11:30'],
    ]);
  });
});
