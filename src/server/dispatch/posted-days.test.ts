import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryZones, orders } from '~/server/db/schema';
import { addDays, type IsoDate, weekdayOf } from '~/shared/time/london-time';
import { checkoutAs, payTestSession } from '~/test/checkout';
import { api, createProduct, createUser, sharedDataChanged } from '~/test/factories';
import type { TestApp } from '~/test/test-app';
import { createTestApp } from '~/test/test-app';

/**
 * A posted zone's days are dispatch days (docs/rules/dispatch.md): here the van's bake template
 * delivers Tuesday to Saturday and the post dispatches on Mondays only, so every Monday the shop
 * offers is a day the template alone calls "no deliveries". Days come from the shop's own quote.
 */
let t: TestApp;
let cookie: string;
let plain: { id: string };

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  await t.services.bakeDays.saveTemplate({
    deliveryWeekdays: [2, 3, 4, 5, 6],
    cutoffTime: '14:00',
    cutoffDaysBefore: 1,
    horizonDays: 35,
    capacityCookies: 300,
  });
  await t.services.db.insert(deliveryZones).values({
    name: 'UK post',
    postcodes: ['EH'],
    method: 'post',
    weekdays: [1],
    serviceCode: 'TPS48',
    transitDays: '2-3 days',
  });
  await sharedDataChanged(t.services);
  ({ cookie } = await createUser(t, { postcode: 'EH3 9AA', city: 'Edinburgh' }));
  plain = await createProduct(t.services, { name: 'Posted Shortbread', pricePennies: 300 });
});
afterAll(() => t.close());

/** The days the shop's quote offers this customer for a basket of `productId`, open ones only. */
async function offeredDays(productId: string): Promise<IsoDate[]> {
  const res = await api(
    t,
    'POST',
    '/api/checkout/quote',
    { items: [{ product_id: productId, quantity: 1 }] },
    cookie,
  );
  expect(res.status).toBe(200);
  const quote = (await res.json()) as { days: { date: IsoDate; state: string }[] };
  return quote.days.filter((d) => d.state === 'open').map((d) => d.date);
}

describe('a posted zone’s own dispatch day', () => {
  it('a paid order for it is not flagged "Day closed after ordering", and the calendar counts its parcel', async () => {
    const [day] = await offeredDays(plain.id);
    expect(day && weekdayOf(day)).toBe(1);
    const { sessionId, orderId } = await checkoutAs(t, cookie, {
      items: [{ product_id: plain.id, quantity: 2 }],
      delivery_date: day,
    });
    expect((await payTestSession(t, sessionId)).status).toBe(200);

    const [row] = await t.services.db
      .select({ status: orders.status, flags: orders.flags })
      .from(orders)
      .where(eq(orders.id, orderId));
    expect(row).toEqual({ status: 'paid', flags: [] });
    const sheet = await t.services.daySheets.get(day);
    expect(sheet.orders.find((o) => o.id === orderId)).toMatchObject({ dayClosed: false, method: 'post' });
    expect(await t.services.daySheets.parcelsByDay(day!, addDays(day!, 6))).toEqual({ [day!]: 1 });
  });
});

describe('a limited product delivered only until a date, posted', () => {
  it('is not offered, nor accepted, for a dispatch day whose parcel would arrive after it', async () => {
    const [day, nextWeek] = await offeredDays(plain.id);
    // Posted on `day` (a Monday) with 2-3 days' transit it arrives on Wednesday or Thursday.
    const tooLate = await createProduct(t.services, {
      name: 'Christmas Box',
      pricePennies: 2500,
      deliverUntil: addDays(day!, 1),
    });
    const inTime = await createProduct(t.services, {
      name: 'Advent Box',
      pricePennies: 2500,
      deliverUntil: addDays(day!, 3),
    });

    expect(await offeredDays(tooLate.id)).not.toContain(day);
    const refused = await api(
      t,
      'POST',
      '/api/checkout/create-checkout-session',
      { items: [{ product_id: tooLate.id, quantity: 1 }], delivery_date: day },
      cookie,
    );
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(
      /^Christmas Box can only be delivered until \d+ \w+, and posted on \w+ \d+ \w+ it could arrive outside those days/,
    );
    const held = await t.services.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.totalPennies, 2500 + 499));
    expect(held).toEqual([]);

    // Arriving by Thursday: that Monday is offered and taken; the next Monday is not.
    const days = await offeredDays(inTime.id);
    expect(days).toContain(day);
    expect(days).not.toContain(nextWeek);
    await checkoutAs(t, cookie, { items: [{ product_id: inTime.id, quantity: 1 }], delivery_date: day });
  });
});
