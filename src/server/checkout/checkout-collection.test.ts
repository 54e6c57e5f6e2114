import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '~/server/db/schema';
import { addDays, formatBakeDay, londonDate, weekdayOf } from '~/shared/time/london-time';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { NO_COLLECTION_MESSAGE } from './checkout-service';
import { COLLECTION_GIFT_MESSAGE } from './ship-to';

// Free delivery over a threshold and collection from the bakery, as checkout charges them.
const URL_ = '/api/checkout/create-checkout-session';
const SATURDAY = 6;
let t: TestApp;
let cookie: string;
let cookie500: string;
const today = londonDate(new Date());
/**
 * The first date at least `from` days ahead that is, or is not, a Saturday. Three days: a Monday's
 * cut-off moves back over Sunday (no working day) to Saturday 14:00, which two days would pass on
 * a Saturday afternoon.
 */
const firstDay = (saturday: boolean, from = 3) => {
  for (let i = from; ; i++)
    if ((weekdayOf(addDays(today, i)) === SATURDAY) === saturday) return addDays(today, i);
};
const settings = (over: Record<string, unknown> = {}) =>
  t.services.settings.save({
    deliveryFee: '4.99',
    freeDelivery: true,
    freeDeliveryOver: '20.00',
    collection: true,
    collectionAddress: 'The Bakehouse, 1 Mardol, Shrewsbury',
    collectionHours: 'Sat 9am-1pm',
    ...over,
  });

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  ({ cookie } = await createUser(t));
  cookie500 = (await createProduct(t.services, { name: 'Fiver', pricePennies: 500 })).id;
  // Deliveries every day but Saturday; collection on Saturdays only.
  await t.services.bakeDays.saveTemplate({
    deliveryWeekdays: [0, 1, 2, 3, 4, 5],
    collectionWeekdays: [SATURDAY],
    cutoffTime: '14:00',
    cutoffDaysBefore: 1,
    horizonDays: 21,
    capacityCookies: 300,
  });
  await settings();
});
afterAll(() => t.close());

const orderCount = async () => (await t.services.db.select({ n: count() }).from(orders))[0]!.n;
const checkout = (body: Record<string, unknown>, quantity = 1, productId = cookie500) =>
  api(t, 'POST', URL_, { items: [{ product_id: productId, quantity }], ...body }, cookie);
const orderOf = async (res: Response) => {
  expect(res.status).toBe(200);
  const { orderId } = await res.json();
  const [order] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
};
async function expectRefused(res: Response | Promise<Response>, message: string) {
  const before = await orderCount();
  const answer = await res;
  expect(answer.status).toBe(400);
  expect((await answer.json()).error.message).toBe(message);
  expect(await orderCount()).toBe(before);
}

describe('free delivery over a threshold', () => {
  it('charges delivery a penny below the threshold and none at it', async () => {
    const below = await createProduct(t.services, { pricePennies: 1999 });
    const at = await createProduct(t.services, { pricePennies: 2000 });
    const day = firstDay(false);
    expect(await orderOf(await checkout({ delivery_date: day }, 1, below.id))).toMatchObject({
      deliveryFeePennies: 499,
      totalPennies: 2498,
    });
    expect(await orderOf(await checkout({ delivery_date: day }, 1, at.id))).toMatchObject({
      deliveryFeePennies: 0,
      totalPennies: 2000,
    });
  });

  it('quotes how much more earns free delivery, and nothing once it is earned', async () => {
    const quote = async (quantity: number) =>
      (await api(t, 'POST', '/api/checkout/quote', { items: [{ product_id: cookie500, quantity }] })).json();
    expect(await quote(3)).toMatchObject({ delivery_pennies: 499, free_delivery_shortfall_pennies: 500 });
    expect(await quote(4)).toMatchObject({ delivery_pennies: 0, free_delivery_shortfall_pennies: null });
  });

  it('follows the owner’s change at the next checkout', async () => {
    await settings({ deliveryFee: '3.00', freeDelivery: false });
    expect(await orderOf(await checkout({ delivery_date: firstDay(false) }, 10))).toMatchObject({
      deliveryFeePennies: 300,
      totalPennies: 5300,
    });
    await settings();
  });
});

describe('collection from the bakery', () => {
  it('needs no delivery address and costs nothing to collect', async () => {
    const order = await orderOf(
      await checkout({ fulfilment: 'collection', delivery_date: firstDay(true) }, 2),
    );
    expect(order).toMatchObject({
      fulfilment: 'collection',
      deliveryDate: firstDay(true),
      shipAddress: '',
      shipPostcode: '',
      deliveryFeePennies: 0,
      totalPennies: 1000,
    });
    expect(order.shipName).not.toBe('');
  });

  it('is paid on a payment page that says collection, not delivery', async () => {
    const day = firstDay(true);
    const { sessionId, orderId } = await (
      await checkout({ fulfilment: 'collection', delivery_date: day })
    ).json();
    const page = await t.services.payments.getTestPayment(sessionId);
    expect(page.description).toBe(`Order #${orderId.slice(0, 8)} · Collection ${formatBakeDay(day)}`);
    expect(page.summary.map((r) => r.label)).not.toContain('Delivery');
  });

  it('is confirmed by an e-mail that says collect, with no delivery address', async () => {
    const res = await checkout({ fulfilment: 'collection', delivery_date: firstDay(true) });
    const { sessionId, orderId } = await res.json();
    const card = { cardNumber: '4242424242424242', expiry: '12 / 40', cvc: '123', name: 'Mary Smith' };
    expect((await api(t, 'POST', `/api/payments/test/sessions/${sessionId}/pay`, card)).status).toBe(200);
    const [confirmation] = (await t.services.db.select().from(emailOutbox)).filter(
      (e) => e.kind === 'order-confirmation' && e.text.includes(orderId.slice(0, 8)),
    );
    expect(confirmation!.text).toContain('Collection day:');
    expect(confirmation!.text).toContain('Collect from the bakery: we will e-mail you when it is ready');
    expect(confirmation!.text).toContain('Collection: Free');
    expect(confirmation!.text).not.toContain('Delivering to');
  });

  it('refuses a collection day on a delivery-only weekday, and a delivery on a collection-only one', async () => {
    await expectRefused(
      checkout({ fulfilment: 'collection', delivery_date: firstDay(false) }),
      'We are not open for collection on that day',
    );
    await expectRefused(
      checkout({ fulfilment: 'delivery', delivery_date: firstDay(true) }),
      'We do not deliver on that day',
    );
  });

  it('gives a collection that names no day the first collection day', async () => {
    const order = await orderOf(await checkout({ fulfilment: 'collection' }));
    expect(weekdayOf(order.deliveryDate!)).toBe(SATURDAY);
  });

  it('shares the day’s baking with deliveries', async () => {
    // An override with a capacity opens a day for both (a day no other test books).
    const day = firstDay(false, 14);
    await t.services.bakeDays.setOverride({ date: day, closed: false, capacityCookies: 5 });
    expect((await checkout({ delivery_date: day }, 3)).status).toBe(200);
    await expectRefused(
      checkout({ fulfilment: 'collection', delivery_date: day }, 3),
      'That day only has room for 2 more cookies',
    );
    expect((await checkout({ fulfilment: 'collection', delivery_date: day }, 2)).status).toBe(200);
  });

  it('20 customers at once, half collecting, for a day with room for 5 cookies: exactly 5 orders', async () => {
    const day = firstDay(false, 16);
    await t.services.bakeDays.setOverride({ date: day, closed: false, capacityCookies: 5 });
    // One at a time: sign-ups wait at the password-hashing gate.
    const customers = [];
    for (let i = 0; i < 20; i++) customers.push(await createUser(t));
    const answers = await Promise.all(
      customers.map((c, i) =>
        api(
          t,
          'POST',
          URL_,
          {
            items: [{ product_id: cookie500, quantity: 1 }],
            delivery_date: day,
            fulfilment: i % 2 ? 'collection' : 'delivery',
          },
          c.cookie,
        ),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(5);
    expect(answers.filter((r) => r.status === 400)).toHaveLength(15);
    const [booked] = await t.services.db
      .select({ n: count() })
      .from(orders)
      .where(eq(orders.deliveryDate, day));
    expect(booked!.n).toBe(5);
  });

  it('cannot be sent to someone else', async () => {
    const recipient = {
      fullName: 'Ann Other',
      phone: '07123 456789',
      address: '1 High St',
      city: 'Ludlow',
      postcode: 'SY8 1AA',
    };
    await expectRefused(
      checkout({
        fulfilment: 'collection',
        delivery_date: firstDay(true),
        delivery: { to: 'someone-else', recipient, giftMessage: '' },
      }),
      COLLECTION_GIFT_MESSAGE,
    );
  });

  it('is refused, and not quoted, while the owner has it switched off', async () => {
    await settings({ collection: false });
    await expectRefused(
      checkout({ fulfilment: 'collection', delivery_date: firstDay(true) }),
      NO_COLLECTION_MESSAGE,
    );
    const quote = await api(t, 'POST', '/api/checkout/quote', {
      items: [{ product_id: cookie500, quantity: 1 }],
      fulfilment: 'collection',
    });
    expect(quote.status).toBe(400);
    await settings();
  });
});
