import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, orders } from '~/server/db/schema';
import { NOTHING_TO_TRACK } from '~/server/orders/deliveries-service';
import { api, apiJson, ownerTestApp } from '~/test/factories';
import { createCustomer, createDelivery, createOrder } from '~/test/order-factories';
import type { TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp());
});
afterAll(() => t.close());

const patch = (id: string, body: unknown) => apiJson(t, 'PATCH', `/api/admin/deliveries/${id}`, body, cookie);
const row = async (id: string) =>
  (await t.services.db.select().from(deliveries).where(eq(deliveries.id, id)))[0]!;

describe('GET /api/admin/deliveries', () => {
  it('lists deliveries newest first with the customer, address and order', async () => {
    const dan = await createCustomer(t.services, {
      fullName: 'Dan Dough',
      phone: '07111222333',
      address: '4 High St',
      city: 'Bridgnorth',
      postcode: 'WV16 4DX',
    });
    const order = await createOrder(t.services, { profile: dan, status: 'paid' });
    const older = await createDelivery(t.services, { createdAt: new Date('2031-01-01') });
    const newer = await createDelivery(t.services, {
      orderId: order.id,
      status: 'ready',
      trackingCode: 'RM123',
      driverNotes: 'Side gate',
      createdAt: new Date('2031-01-02'),
    });

    const res = await api(t, 'GET', '/api/admin/deliveries', undefined, cookie);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.items.map((d: { id: string }) => d.id)).toEqual([newer.id, older.id]);
    expect(body.items[0]).toEqual({
      id: newer.id,
      status: 'ready',
      tracking_code: 'RM123',
      driver_notes: 'Side gate',
      created_at: new Date('2031-01-02').toISOString(),
      order: {
        id: order.id,
        number: `#${order.id.slice(0, 8)}`,
        total_pennies: order.totalPennies,
        created_at: order.createdAt.toISOString(),
        fulfilment: 'delivery',
        customer: { full_name: 'Dan Dough' },
        ship: {
          name: 'Dan Dough',
          phone: '07111222333',
          address: '4 High St',
          city: 'Bridgnorth',
          postcode: 'WV16 4DX',
          gift: null,
        },
      },
    });
  });

  it('names a gift’s recipient where it goes, and its buyer as the customer', async () => {
    const gwen = await createCustomer(t.services, { fullName: 'Gwen Giver' });
    const order = await createOrder(t.services, { profile: gwen, status: 'paid' });
    await t.services.db
      .update(orders)
      .set({ isGift: true, giftMessage: 'Happy birthday', shipName: 'Rhys Receiver' })
      .where(eq(orders.id, order.id));
    await createDelivery(t.services, { orderId: order.id, createdAt: new Date('2032-01-01') });

    const body = await (await api(t, 'GET', '/api/admin/deliveries', undefined, cookie)).json();
    expect(body.items[0].order).toMatchObject({
      customer: { full_name: 'Gwen Giver' },
      ship: { name: 'Rhys Receiver', gift: { message: 'Happy birthday' } },
    });
  });
});

describe('PATCH /api/admin/deliveries/:id', () => {
  it('sets status, tracking code and driver notes, and clears them with empty text', async () => {
    const d = await createDelivery(t.services);
    for (const status of ['ready', 'picked_up', 'delivered', 'preparing']) {
      expect((await patch(d.id, { status })).body.delivery.status).toBe(status);
    }
    const set = await patch(d.id, { tracking_code: '  DPD-42 ', driver_notes: 'Leave with neighbour' });
    expect(set.status).toBe(200);
    expect(set.body.delivery).toMatchObject({
      tracking_code: 'DPD-42',
      driver_notes: 'Leave with neighbour',
    });

    // Fields left out stay as they are.
    await patch(d.id, { status: 'ready' });
    expect(await row(d.id)).toMatchObject({ status: 'ready', trackingCode: 'DPD-42' });

    const cleared = await patch(d.id, { tracking_code: '', driver_notes: '' });
    expect(cleared.body.delivery).toMatchObject({ tracking_code: null, driver_notes: null, status: 'ready' });
  });

  it.each([
    [{ status: 'lost' }, 'Status must be one of: preparing, ready, picked_up, delivered, failed, cancelled'],
    [{ tracking_code: 'x'.repeat(101) }, 'Tracking code must be less than 100 characters'],
    [{ driver_notes: 'x'.repeat(1001) }, 'Driver notes must be less than 1000 characters'],
    [
      { status: 'delivered', tracking_code: 'x'.repeat(101) },
      'Tracking code must be less than 100 characters',
    ],
    [{}, 'Nothing to update'],
  ])('refuses %j with a 400 and changes nothing', async (body, message) => {
    const d = await createDelivery(t.services, { trackingCode: 'KEEP' });
    const res = await patch(d.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect(await row(d.id)).toMatchObject({ status: 'preparing', trackingCode: 'KEEP', driverNotes: null });
  });

  it('refuses a tracking code or driver notes for a collection, and still takes its status', async () => {
    const order = await createOrder(t.services, { status: 'paid' });
    await t.services.db.update(orders).set({ fulfilment: 'collection' }).where(eq(orders.id, order.id));
    const d = await createDelivery(t.services, { orderId: order.id });
    for (const body of [{ tracking_code: 'AB123456789GB' }, { driver_notes: 'Side gate' }]) {
      const res = await patch(d.id, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(NOTHING_TO_TRACK);
    }
    expect(await row(d.id)).toMatchObject({ trackingCode: null, driverNotes: null });
    expect((await patch(d.id, { status: 'ready' })).status).toBe(200);
  });

  it('accepts the longest allowed texts', async () => {
    const d = await createDelivery(t.services);
    const res = await patch(d.id, { tracking_code: 'x'.repeat(100), driver_notes: 'y'.repeat(1000) });
    expect(res.status).toBe(200);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'nope'])('answers 404 for delivery %s', async (id) => {
    const res = await patch(id, { status: 'ready' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Delivery not found');
  });
});
