import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, deliveryZones, emailOutbox, orders } from '~/server/db/schema';
import { buildOrderConfirmation } from '~/server/mail/order-confirmation';
import { runSheetStops } from '~/shared/bake-days/day-sheets';
import { comparePostcodes } from '~/shared/delivery-zones/postcode-order';
import { dispatchText, notDispatchedText } from '~/shared/delivery-zones/zone-texts';
import { adminActor } from '~/shared/orders/actor';
import { addDays, londonDate } from '~/shared/time/london-time';
import { api, createProduct, ownerTestApp, sharedDataChanged } from '~/test/factories';
import { createCustomer, createDelivery, createOrder, type OrderLineSpec } from '~/test/order-factories';
import type { TestApp } from '~/test/test-app';
import { TEST_SESSION_PREFIX } from '../payments/test-provider';
import { addressLines } from './click-and-drop';
import { parseTrackingLines } from './tracking-upload';

let t: TestApp;
let cookie: string;
let postZone: string;
const owner = adminActor({ id: 'owner', name: 'Owner' });

beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp({ env: { RATE_LIMITS: 'false' } }));
  const [zone] = await t.services.db
    .insert(deliveryZones)
    .values({
      name: 'UK post',
      postcodes: ['*'],
      method: 'post',
      serviceCode: 'TPS48',
      transitDays: '2-3 days',
    })
    .returning();
  await sharedDataChanged(t.services);
  postZone = zone!.id;
});
afterAll(() => t.close());

let dayOffset = 10;
/** A fresh day for each test, so their sheets never share orders. */
const freshDay = () => addDays(londonDate(new Date()), dayOffset++);

/** A paid (or other) order for `day` going by `method`, to `postcode`, with a delivery once paid. */
async function orderFor(
  day: string,
  method: 'van' | 'post' | 'collection' | null,
  postcode: string,
  options: {
    status?: 'pending' | 'paid' | 'baking' | 'shipped' | 'completed' | 'cancelled';
    name?: string;
    address?: string;
    phone?: string;
    items?: OrderLineSpec[];
  } = {},
) {
  const status = options.status ?? 'paid';
  const profile = await createCustomer(t.services, {
    postcode,
    fullName: options.name ?? 'Alice Baker',
    ...(options.address ? { address: options.address } : {}),
    ...(options.phone ? { phone: options.phone } : {}),
  });
  const order = await createOrder(t.services, { profile, status, items: options.items, deliveryDate: day });
  await t.services.db
    .update(orders)
    .set(
      method === 'collection'
        ? { fulfilment: 'collection' }
        : {
            deliveryMethod: method,
            deliveryZoneId: method === 'post' ? postZone : null,
            deliveryZoneName: method === 'post' ? 'UK post' : null,
            deliveryTransitDays: method === 'post' ? '2-3 days' : null,
          },
    )
    .where(eq(orders.id, order.id));
  if (status !== 'pending') await createDelivery(t.services, { orderId: order.id });
  return order;
}

const number = (o: { id: string }) => o.id.slice(0, 8);

describe('the run sheet', () => {
  it('lists only the van’s deliveries (and orders from before zones), in postcode order: SY2 before SY10', async () => {
    const day = freshDay();
    await orderFor(day, 'van', 'SY10 1AA', { name: 'Ten' });
    await orderFor(day, 'van', 'sy2 5ab', { name: 'Two B' });
    await orderFor(day, 'van', 'SY2 5AA', { name: 'Two A' });
    await orderFor(day, null, 'TF1 1AA', { name: 'Before zones' });
    await orderFor(day, 'van', 'SY2 10AA'.replace('10', '1'), { name: 'Two sector one' });
    await orderFor(day, 'post', 'EH3 9AA', { name: 'Posted' });
    await orderFor(day, 'collection', '', { name: 'Collecting' });
    await orderFor(day, 'van', 'SY1 1AA', { name: 'Pending', status: 'pending' });

    const { orders: dayOrders } = await t.services.daySheets.get(day);
    expect(runSheetStops(dayOrders).map((o) => `${o.ship.postcode} ${o.ship.name}`)).toEqual([
      'SY2 1AA Two sector one',
      'SY2 5AA Two A',
      'sy2 5ab Two B',
      'SY10 1AA Ten',
      'TF1 1AA Before zones',
    ]);
  });

  it('orders postcodes by area, district number, sub-district, sector and unit; non-postcodes last', () => {
    const sorted = [
      'SY10 1AA',
      'S1 2AB',
      'SY3 9ZZ',
      'EC1A 1BB',
      'EC1 1BB',
      'not one',
      'SY3 10',
      'SY3 8AB',
    ].sort(comparePostcodes);
    expect(sorted).toEqual([
      'EC1 1BB',
      'EC1A 1BB',
      'S1 2AB',
      'SY3 8AB',
      'SY3 9ZZ',
      'SY10 1AA',
      'not one',
      'SY3 10',
    ]);
  });
});

describe('the Click & Drop file', () => {
  const download = async (day: string) => {
    const res = await api(t, 'GET', `/api/admin/bake-days/${day}/click-and-drop.csv`, undefined, cookie);
    return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
  };

  it('has one row per parcel still to post: recipient, address lines, postcode, weight in kg, service, order number', async () => {
    const day = freshDay();
    const oat = await createProduct(t.services, { name: 'CD Oat', netWeightGrams: 85 });
    const ginger = await createProduct(t.services, { name: 'CD Ginger', netWeightGrams: 60 });
    const box = await createProduct(t.services, { name: 'CD Box' });
    const posted = await orderFor(day, 'post', 'EH3 9AA', {
      name: '=HYPERLINK("http://evil.example","Click")',
      address: 'Flat 2, 10 High Street\nCastle Quarter, Old Town',
      phone: '+44 7123 456789',
      items: [
        { productName: 'CD Oat', productId: oat.id, quantity: 3 },
        {
          productName: 'CD Box',
          productId: box.id,
          quantity: 2,
          boxContents: [
            { product_id: oat.id, name: 'CD Oat', quantity: 2 },
            { product_id: ginger.id, name: 'CD Ginger', quantity: 4 },
          ],
        },
      ],
    });
    await orderFor(day, 'post', 'AB10 1AA', { status: 'shipped' });
    await orderFor(day, 'post', 'AB10 1AB', { status: 'pending' });
    await orderFor(day, 'van', 'SY3 8AB');

    const { res, text } = await download(day);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="click-and-drop-${day}.csv"`);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFFOrder reference,Full name,Address line 1,Address line 2,Address line 3,City,Postcode,Country,Phone,Weight,Package size,Service code',
    );
    // 3 x 85 g loose + 2 boxes of (2 x 85 g + 4 x 60 g) + 150 g packaging = 1,225 g.
    expect(lines.slice(1)).toEqual([
      `${number(posted)},"'=HYPERLINK(""http://evil.example"",""Click"")",Flat 2,10 High Street,"Castle Quarter, Old Town",Shrewsbury,EH3 9AA,United Kingdom,447123456789,1.225,Parcel,TPS48`,
      '',
    ]);
  });

  it('counts a cookie without a net weight as 100 g, and the dispatch list says the weight is estimated', async () => {
    const day = freshDay();
    await orderFor(day, 'post', 'EH3 9AB', { items: [{ productName: 'Unknown weight', quantity: 2 }] });
    const [, row] = (await download(day)).text.split('\r\n');
    expect(row).toContain(',0.350,Parcel,TPS48');
    const { orders: dayOrders } = await t.services.daySheets.get(day);
    expect(dayOrders[0]!.parcel).toEqual({ grams: 350, estimated: true });
  });

  it('guards every cell, also where a formula follows blanks or a separator inside it', async () => {
    const day = freshDay();
    const posted = await orderFor(day, 'post', 'EH3 9AC', {
      name: ' =HYPERLINK("http://evil.example","Click")',
      address: '\t+1+1\n@SUM(1)',
      phone: '07123 456789',
    });
    await t.services.db
      .update(orders)
      .set({ shipCity: 'Leith\n-2+3;=cmd|calc' })
      .where(eq(orders.id, posted.id));
    const [, row] = (await download(day)).text.split('\r\n');
    expect(row).toBe(
      `${number(posted)},"' =HYPERLINK(""http://evil.example"",""Click"")",'+1+1,'@SUM(1),,` +
        `"Leith\n'-2+3;'=cmd|calc",EH3 9AC,United Kingdom,07123456789,0.250,Parcel,TPS48`,
    );
  });

  it('splits an address into three lines; what does not fit stays on the third', () => {
    expect(addressLines('1 Wyle Cop')).toEqual(['1 Wyle Cop', '', '']);
    expect(addressLines('a, b\nc, d')).toEqual(['a', 'b', 'c, d']);
  });

  it('is for the owner only', async () => {
    const res = await api(t, 'GET', `/api/admin/bake-days/${freshDay()}/click-and-drop.csv`);
    expect(res.status).toBe(401);
  });
});

describe('tracking numbers', () => {
  const shippedEmails = (ids: string[]) =>
    t.services.db
      .select({ key: emailOutbox.dedupeKey, text: emailOutbox.text })
      .from(emailOutbox)
      .where(
        inArray(
          emailOutbox.dedupeKey,
          ids.map((id) => `order-shipped:${id}`),
        ),
      );
  const statusOf = async (id: string) =>
    (await t.services.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.s;
  const trackingOf = async (id: string) =>
    (
      await t.services.db
        .select({ c: deliveries.trackingCode })
        .from(deliveries)
        .where(eq(deliveries.orderId, id))
    )[0]!.c;

  it('reads pasted lines and CSV: "#", quotes, tabs, spaces and a header line', () => {
    const lines = parseTrackingLines(
      'Order number,Tracking number\r\n#1A2B3C4D, ab 123 456 789 gb\n\n"5e6f7a8b"\t"AB987654321GB"\nnonsense\n',
    );
    expect(lines.map((l) => [l.line, l.number, l.tracking, l.error === null])).toEqual([
      [2, '1a2b3c4d', 'AB123456789GB', true],
      [4, '5e6f7a8b', 'AB987654321GB', true],
      [5, null, null, false],
    ]);
  });

  it('reads an order number and tracking number with only a space between, as typed by hand', () => {
    const lines = parseTrackingLines('#abcd1234 RM123456789GB\nabcd5678   ab 123 456 789 gb\n#abcd9999\n');
    expect(lines.map((l) => [l.number, l.tracking, l.error])).toEqual([
      ['abcd1234', 'RM123456789GB', null],
      ['abcd5678', 'AB123456789GB', null],
      ['abcd9999', null, expect.stringContaining('No tracking number')],
    ]);
  });

  it('ships each listed order with its code and e-mails it once; the same file again changes nothing', async () => {
    const day = freshDay();
    const a = await orderFor(day, 'post', 'EH3 9AA');
    const b = await orderFor(day, 'post', 'EH4 1AA', { status: 'baking' });
    const text = `${number(a)},AB123456789GB\n#${number(b)}, AB987654321GB`;

    const first = await t.services.daySheets.uploadTracking(day, text, owner);
    expect(first).toMatchObject({ applied: true, shipped: 2 });
    expect(await statusOf(a.id)).toBe('shipped');
    expect(await trackingOf(b.id)).toBe('AB987654321GB');
    const emails = await shippedEmails([a.id, b.id]);
    expect(emails).toHaveLength(2);
    expect(emails.find((e) => e.key.endsWith(a.id))!.text).toContain('Tracking code: AB123456789GB');

    const again = await t.services.daySheets.uploadTracking(day, text, owner);
    expect(again.applied).toBe(true);
    expect(again.shipped).toBe(0);
    expect(again.lines.map((l) => l.outcome)).toEqual(['already shipped', 'already shipped']);
    expect(await shippedEmails([a.id, b.id])).toHaveLength(2);
  });

  it('an order already shipped keeps its code and first e-mail', async () => {
    const day = freshDay();
    const a = await orderFor(day, 'post', 'EH3 9AA');
    await t.services.daySheets.uploadTracking(day, `${number(a)},AB111111111GB`, owner);
    const report = await t.services.daySheets.uploadTracking(day, `${number(a)},AB222222222GB`, owner);
    expect(report.lines[0]).toMatchObject({ outcome: 'already shipped' });
    expect(await trackingOf(a.id)).toBe('AB111111111GB');
    const [email] = await shippedEmails([a.id]);
    expect(email!.text).toContain('AB111111111GB');
  });

  it('one bad line and nothing changes: every line says what is wrong or what would happen', async () => {
    const day = freshDay();
    const good = await orderFor(day, 'post', 'EH3 9AA');
    const pending = await orderFor(day, 'post', 'EH3 9AB', { status: 'pending' });
    const cancelled = await orderFor(day, 'post', 'EH3 9AD', { status: 'cancelled' });
    const van = await orderFor(day, 'van', 'SY3 8AB');
    const otherDay = await orderFor(freshDay(), 'post', 'EH3 9AE');
    const report = await t.services.daySheets.uploadTracking(
      day,
      [
        `${number(good)},AB123456789GB`,
        'ffffffff,AB123456780GB',
        `${number(van)},AB123456781GB`,
        `${number(otherDay)},AB123456782GB`,
        `${number(good)},AB000000000GB`,
        'hello',
        `${number(good)},=cmd`,
      ].join('\n'),
      owner,
    );
    expect(report.applied).toBe(false);
    expect(report.shipped).toBe(0);
    expect(report.lines.map((l) => [l.line, l.outcome])).toEqual([
      [1, 'shipped'],
      [2, 'error'],
      [3, 'error'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
    ]);
    expect(report.lines[0]!.message).toMatch(/^Would be shipped with AB123456789GB/);
    expect(report.lines[1]!.message).toBe("#ffffffff is not a posted order on this day's dispatch list");
    expect(report.lines[4]!.message).toMatch(/listed twice with different tracking numbers/);
    expect(await statusOf(good.id)).toBe('paid');
    expect(await shippedEmails([good.id])).toHaveLength(0);

    // An order in a status that cannot ship (or no longer on the list), and still nothing changes.
    const refused = await t.services.daySheets.uploadTracking(
      day,
      `${number(good)},AB123456789GB\n${number(pending)},AB123456783GB\n${number(cancelled)},AB123456784GB`,
      owner,
    );
    expect(refused.applied).toBe(false);
    expect(refused.lines.map((l) => l.message)).toEqual([
      expect.stringMatching(/^Would be shipped/),
      'It is pending: not shipped',
      `#${number(cancelled)} is not a posted order on this day's dispatch list`,
    ]);
    expect(await statusOf(good.id)).toBe('paid');
    expect(await trackingOf(good.id)).toBeNull();

    // The orders module checks again under each order's lock (a status changed since the list was read).
    const outcomes = await t.services.orders.shipWithTracking(
      [
        { orderId: good.id, trackingCode: 'AB123456789GB' },
        { orderId: pending.id, trackingCode: 'AB123456783GB' },
      ],
      owner,
    );
    expect([...outcomes.entries()]).toEqual(
      expect.arrayContaining([
        [good.id, 'shipped'],
        [pending.id, { refused: 'It is pending' }],
      ]),
    );
    expect(await statusOf(good.id)).toBe('paid');
    expect(await shippedEmails([good.id])).toHaveLength(0);
  });

  it('refuses an empty upload', async () => {
    await expect(t.services.daySheets.uploadTracking(freshDay(), ' \n ', owner)).rejects.toThrow(
      /Nothing to read/,
    );
  });

  it('two uploads of the same parcels at once ship each order once, with one e-mail', async () => {
    const day = freshDay();
    const a = await orderFor(day, 'post', 'EH3 9AA');
    const b = await orderFor(day, 'post', 'EH3 9AB');
    const text = `${number(a)},AB123456789GB\n${number(b)},AB987654321GB`;
    const reversed = `${number(b)},AB987654321GB\n${number(a)},AB123456789GB`;
    const [r1, r2] = await Promise.all([
      t.services.daySheets.uploadTracking(day, text, owner),
      t.services.daySheets.uploadTracking(day, reversed, owner),
    ]);
    expect(r1.shipped + r2.shipped).toBe(2);
    expect(await shippedEmails([a.id, b.id])).toHaveLength(2);
    const history = await t.services.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.id, [a.id, b.id]), eq(orders.status, 'shipped')));
    expect(history).toHaveLength(2);
  });
});

describe('the customer reads the dispatch day', () => {
  it('a posted order says "Dispatched ..., usually with you in 2-3 days" on its view, its confirmation and shipped e-mails', async () => {
    const day = freshDay();
    const posted = await orderFor(day, 'post', 'EH3 9AA');
    const van = await orderFor(day, 'van', 'SY3 8AB');
    const said = dispatchText(day, '2-3 days');
    expect(said).toMatch(/^Dispatched \w+ \d+ \w+, usually with you in 2-3 days$/);
    const view = await t.services.orders.getForCustomer(posted.profileId, posted.id);
    expect(view.dispatch).toBe(said);
    expect((await t.services.orders.getForCustomer(van.profileId, van.id)).dispatch).toBeNull();

    const confirmation = buildOrderConfirmation(view, t.services.config.shop, 'http://shop.test');
    expect(confirmation.text).toContain(said);
    expect(confirmation.text).not.toContain('Delivery day:');
    expect(confirmation.html).toContain(said);

    await t.services.daySheets.uploadTracking(day, `${number(posted)},AB123456789GB`, owner);
    const [shipped] = await t.services.db
      .select({ text: emailOutbox.text })
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-shipped:${posted.id}`));
    expect(shipped!.text).toContain(`${said}.`);
  });
});

describe('a posted order promises only the dispatch it will have', () => {
  const emailTo = async (kind: string, key: string) =>
    (
      await t.services.db
        .select({ text: emailOutbox.text, html: emailOutbox.html })
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `order-${kind}:${key}`))
    )[0]!;

  it('the payment page names the dispatch day, not a delivery on it', async () => {
    const day = freshDay();
    const posted = await orderFor(day, 'post', 'EH3 9AA', { status: 'pending' });
    // The test payment page's own kind of session, as checkout opens it.
    const session = `${TEST_SESSION_PREFIX}${posted.id}`;
    await t.services.db.update(orders).set({ paymentSessionId: session }).where(eq(orders.id, posted.id));
    const page = await t.services.payments.getTestPayment(session);
    expect(page.description).toBe(`Order #${number(posted)} · ${dispatchText(day, '2-3 days')}`);
  });

  it('cancelled: the order, the list of orders and the e-mail say when it was to go, and promise no dispatch', async () => {
    const day = freshDay();
    const posted = await orderFor(day, 'post', 'EH3 9AA');
    await t.services.orders.setStatus(posted.id, 'cancelled', owner);
    const view = await t.services.orders.getForCustomer(posted.profileId, posted.id);
    expect(view.dispatch).toBe(notDispatchedText(day));
    const [summary] = await t.services.orders.listSummariesForCustomer(posted.profileId);
    expect(summary!.dispatch).toBe(notDispatchedText(day));
    const email = await emailTo('cancelled', posted.id);
    expect(email.text).toContain(`${notDispatchedText(day)}.`);
    expect(email.text).not.toMatch(/Dispatched|usually with you/);
    expect(email.html).not.toMatch(/Dispatched|usually with you/);
  });

  it('refunded in full before it was posted: no dispatch promised; a part refund keeps its dispatch', async () => {
    const day = freshDay();
    const part = await orderFor(day, 'post', 'EH3 9AA');
    await t.services.orders.refund(
      part.id,
      { amountPennies: 100, reason: 'A broken cookie', requestKey: 'part' },
      owner,
    );
    expect((await t.services.orders.getForCustomer(part.profileId, part.id)).dispatch).toBe(
      dispatchText(day, '2-3 days'),
    );

    const whole = await orderFor(day, 'post', 'EH3 9AB');
    const refunded = await t.services.orders.refund(
      whole.id,
      { amountPennies: null, reason: 'Changed their mind', requestKey: 'whole' },
      owner,
    );
    const view = await t.services.orders.getForCustomer(whole.profileId, whole.id);
    expect(view.dispatch).toBe(notDispatchedText(day));
    const [summary] = await t.services.orders.listSummariesForCustomer(whole.profileId);
    expect(summary!.dispatch).toBe(notDispatchedText(day));
    const email = await emailTo('refunded', refunded.refunds.at(-1)!.id);
    expect(email.text).not.toMatch(/Dispatched|usually with you/);
  });
});
