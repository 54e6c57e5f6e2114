import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, emailOutbox, orders } from '~/server/db/schema';
import { loadClientBuild } from '~/server/load-build';
import { collectionList, runSheetStops } from '~/shared/bake-days/day-sheets';
import { addDays, londonDate } from '~/shared/time/london-time';
import { api, createUser } from '~/test/factories';
import { createCustomer, createDelivery, createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Through the real React Router build (BUILD_DIR). A day's collections: left off the run sheet, listed by name, told when ready, ticked when collected.
let t: TestApp;
let adminCookie: string;
const day = addDays(londonDate(new Date()), 5);

beforeAll(async () => {
  t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
  adminCookie = (await createUser(t, { admin: true })).cookie;
  await t.services.settings.save({
    deliveryFee: '4.99',
    collection: true,
    collectionAddress: 'The Bakehouse, 1 Mardol, Shrewsbury',
    collectionHours: 'Sat 9am-1pm',
  });
});
afterAll(() => t.close());

async function orderFor(
  name: string,
  fulfilment: 'delivery' | 'collection',
  status: 'paid' | 'pending' = 'paid',
) {
  const profile = await createCustomer(t.services, { fullName: name });
  const order = await createOrder(t.services, {
    profile,
    status,
    deliveryFeePennies: fulfilment === 'collection' ? 0 : 499,
  });
  await t.services.db.update(orders).set({ deliveryDate: day, fulfilment }).where(eq(orders.id, order.id));
  if (status !== 'pending') await createDelivery(t.services, { orderId: order.id });
  return order;
}

const page = async (url: string) =>
  (await t.app.request(`${t.origin}${url}`, { headers: { cookie: adminCookie } })).text();
const post = (url: string, body: Record<string, string>) =>
  t.app.request(`${t.origin}${url}.data`, {
    method: 'POST',
    headers: { origin: t.origin, cookie: adminCookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
const emailsTo = async (orderId: string) =>
  (await t.services.db.select().from(emailOutbox)).filter((e) => e.text.includes(orderId.slice(0, 8)));

describe('a day’s collections', () => {
  let zoe: { id: string };
  let amir: { id: string };
  beforeAll(async () => {
    zoe = await orderFor('Zoe Collector', 'collection');
    amir = await orderFor('Amir Collector', 'collection');
    await orderFor('Dee Liver', 'delivery');
    await orderFor('Penny Pending', 'collection', 'pending');
  });

  it('are left off the run sheet and listed by name on the collection list', async () => {
    const sheets = await t.services.daySheets.get(day);
    expect(runSheetStops(sheets.orders).map((o) => o.ship.name)).toEqual(['Dee Liver']);
    expect(collectionList(sheets.orders).map((o) => o.ship.name)).toEqual([
      'Amir Collector',
      'Zoe Collector',
    ]);

    const runSheet = await page(`/admin/bake-days/${day}/run-sheet`);
    expect(runSheet).toContain('Dee Liver');
    expect(runSheet).not.toContain('Zoe Collector');
    const list = await page(`/admin/bake-days/${day}/collections`);
    expect(list).toContain('2 collections');
    expect(list.indexOf('Amir Collector')).toBeLessThan(list.indexOf('Zoe Collector'));
    expect(list).not.toContain('Dee Liver');
    expect(list).not.toContain('Penny Pending');
    expect(list).toContain('aria-label="Collected: Zoe Collector"');
  });

  it('Ready to collect e-mails the customer where and when, once', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await post(`/admin/bake-days/${day}/collections`, {
        intent: 'outcome',
        order_id: zoe.id,
        outcome: 'ready',
      });
      expect(res.status).toBe(200);
    }
    const ready = (await emailsTo(zoe.id)).filter((e) => e.kind === 'order-ready-to-collect');
    expect(ready).toHaveLength(1);
    expect(ready[0]!.subject).toContain('is ready to collect');
    expect(ready[0]!.text).toContain('The Bakehouse, 1 Mardol, Shrewsbury');
    expect(ready[0]!.text).toContain('Sat 9am-1pm');
    expect(ready[0]!.text).toContain('Collection day:');
    const [delivery] = await t.services.db.select().from(deliveries).where(eq(deliveries.orderId, zoe.id));
    expect(delivery!.status).toBe('ready');
    expect(await page(`/admin/bake-days/${day}/collections`)).toContain('Ready to collect');
  });

  it('an order set to Shipped is a collection made ready: the customer is told where and when, once', async () => {
    const kim = await orderFor('Kim Collector', 'collection');
    await t.services.orders.setStatus(kim.id, 'shipped', { type: 'admin', id: 'owner', name: 'Owner' });
    await post(`/admin/bake-days/${day}/collections`, {
      intent: 'outcome',
      order_id: kim.id,
      outcome: 'ready',
    });
    const mails = await emailsTo(kim.id);
    const ready = mails.filter((e) => e.kind === 'order-ready-to-collect');
    expect(ready).toHaveLength(1);
    expect(ready[0]!.text).toContain('The Bakehouse, 1 Mardol, Shrewsbury');
    expect(ready[0]!.text).toContain('Sat 9am-1pm');
    expect(mails.filter((e) => e.kind === 'order-shipped')).toHaveLength(0);
  });

  it('the tick box marks it collected and thanks the customer', async () => {
    const res = await post(`/admin/bake-days/${day}/collections`, {
      intent: 'outcome',
      order_id: amir.id,
      outcome: 'delivered',
    });
    expect(res.status).toBe(200);
    const [delivery] = await t.services.db.select().from(deliveries).where(eq(deliveries.orderId, amir.id));
    expect(delivery!.status).toBe('delivered');
    const [email] = (await emailsTo(amir.id)).filter((e) => e.kind === 'order-delivered');
    expect(email!.subject).toContain('has been collected');
    expect(await page(`/admin/bake-days/${day}/collections`)).toContain('Collected');
  });

  it('set to Ready to collect on the Deliveries page, it e-mails the customer too', async () => {
    const order = await orderFor('Dan Deliveriespage', 'collection');
    const [delivery] = await t.services.db.select().from(deliveries).where(eq(deliveries.orderId, order.id));
    const res = await api(
      t,
      'PATCH',
      `/api/admin/deliveries/${delivery!.id}`,
      { status: 'ready' },
      adminCookie,
    );
    expect(res.status).toBe(200);
    expect((await res.json()).delivery).toMatchObject({
      status: 'ready',
      order: { fulfilment: 'collection' },
    });
    const ready = (await emailsTo(order.id)).filter((e) => e.kind === 'order-ready-to-collect');
    expect(ready).toHaveLength(1);
    expect(ready[0]!.text).toContain('The Bakehouse, 1 Mardol, Shrewsbury');
  });

  it('a delivery marked ready sends no collection e-mail', async () => {
    const order = await orderFor('Dora Driver', 'delivery');
    await t.services.daySheets.setOutcome(order.id, { outcome: 'ready' });
    expect((await emailsTo(order.id)).filter((e) => e.kind === 'order-ready-to-collect')).toEqual([]);
  });
});
