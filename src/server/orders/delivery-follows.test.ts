import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, emailOutbox, orders } from '~/server/db/schema';
import { deliveryStatusLabel } from '~/shared/orders/fulfilment';
import type { OrderStatus } from '~/shared/orders/statuses';
import { createDelivery, createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

/**
 * A delivery follows its order (docs/decisions/032): the customer's page and the Deliveries list
 * never say "Preparing" for an order that was cancelled or has left the bakery.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const owner = { type: 'admin', name: 'Owner' } as const;

async function paidWithDelivery(
  status: OrderStatus = 'paid',
  fulfilment: 'delivery' | 'collection' = 'delivery',
) {
  const order = await createOrder(t.services, { status });
  if (fulfilment === 'collection') {
    await t.services.db.update(orders).set({ fulfilment }).where(eq(orders.id, order.id));
  }
  await createDelivery(t.services, { orderId: order.id });
  return order;
}

/** What the customer's own order page reads, in words. */
async function customerSees(orderId: string, profileId: string) {
  const view = await t.services.orders.getForCustomer(profileId, orderId);
  return {
    order: view.status,
    delivery:
      view.delivery &&
      deliveryStatusLabel(
        view.delivery.status,
        view.fulfilment,
        view.delivery.posted && !!view.delivery.tracking_code,
      ),
  };
}

/** The Royal Mail link the customer's order page offers, if any. */
async function trackingLink(orderId: string, profileId: string) {
  return (await t.services.orders.getForCustomer(profileId, orderId)).delivery?.tracking_url ?? null;
}

describe('the delivery follows its order', () => {
  it('cancelling the order cancels its delivery, for the customer and on the Deliveries list', async () => {
    const order = await paidWithDelivery();
    await t.services.orders.setStatus(order.id, 'cancelled', owner);
    expect(await customerSees(order.id, order.profileId)).toEqual({
      order: 'cancelled',
      delivery: 'Cancelled',
    });
    const list = await t.services.orders.deliveries.list();
    expect(list.items.find((d) => d.order.id === order.id)?.status).toBe('cancelled');
  });

  it('a customer cancelling a paid order closes its delivery too', async () => {
    const order = await paidWithDelivery();
    await t.services.orders.cancelByCustomer(order.profileId, order.id, {
      type: 'customer',
      id: order.profileId,
      name: 'Customer',
    });
    expect(await customerSees(order.id, order.profileId)).toEqual({
      order: 'cancelled',
      delivery: 'Cancelled',
    });
  });

  /** Ships `order` with `code` typed on the Deliveries page, as the owner does. */
  async function shipWithCode(order: { id: string }, code: string) {
    const [d] = await t.services.db.select().from(deliveries).where(eq(deliveries.orderId, order.id));
    await t.services.orders.deliveries.update(d!.id, { tracking_code: code });
    await t.services.orders.setStatus(order.id, 'shipped', owner);
  }

  it('shipped puts it out for delivery, or posted with a tracking code; a collection is ready to collect', async () => {
    const van = await paidWithDelivery('baking');
    await t.services.orders.setStatus(van.id, 'shipped', owner);
    expect(await customerSees(van.id, van.profileId)).toEqual({
      order: 'shipped',
      delivery: 'Out for delivery',
    });

    const parcel = await paidWithDelivery('baking');
    await t.services.db.update(orders).set({ deliveryMethod: 'post' }).where(eq(orders.id, parcel.id));
    await shipWithCode(parcel, 'AB123456789GB');
    expect(await customerSees(parcel.id, parcel.profileId)).toEqual({
      order: 'shipped',
      delivery: 'Posted',
    });
    expect(await trackingLink(parcel.id, parcel.profileId)).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );

    const collection = await paidWithDelivery('baking', 'collection');
    await t.services.orders.setStatus(collection.id, 'shipped', owner);
    expect(await customerSees(collection.id, collection.profileId)).toEqual({
      order: 'shipped',
      delivery: 'Ready to collect',
    });
  });

  it('a van order shipped with a reference like Royal Mail’s is out for delivery, with no Royal Mail link', async () => {
    for (const method of ['van', null] as const) {
      const order = await paidWithDelivery('baking');
      await t.services.db.update(orders).set({ deliveryMethod: method }).where(eq(orders.id, order.id));
      await shipWithCode(order, 'AB123456789GB');
      expect(await customerSees(order.id, order.profileId)).toEqual({
        order: 'shipped',
        delivery: 'Out for delivery',
      });
      expect(await trackingLink(order.id, order.profileId)).toBeNull();
      const [email] = await t.services.db
        .select({ text: emailOutbox.text })
        .from(emailOutbox)
        .where(eq(emailOutbox.dedupeKey, `order-shipped:${order.id}`));
      expect(email!.text).not.toContain('royalmail.com');
    }
  });

  it('completed delivers it; a delivery the driver already marked keeps what the driver said', async () => {
    const order = await paidWithDelivery('shipped');
    await t.services.orders.setStatus(order.id, 'completed', owner);
    expect((await customerSees(order.id, order.profileId)).delivery).toBe('Delivered');

    const failed = await paidWithDelivery('shipped');
    await t.services.orders.deliveries.setOutcome(failed.id, { outcome: 'failed', note: 'Nobody home' });
    await t.services.orders.setStatus(failed.id, 'baking', owner);
    await t.services.orders.setStatus(failed.id, 'shipped', owner);
    expect((await customerSees(failed.id, failed.profileId)).delivery).toBe('Failed');
  });

  it('an order paid after it was cancelled is prepared again', async () => {
    const order = await createOrder(t.services, { status: 'cancelled' });
    await createDelivery(t.services, { orderId: order.id, status: 'cancelled' });
    // A provider's payment that still arrives reopens the order (flagged) and its delivery.
    await t.services.db.transaction((tx) =>
      t.services.orders.recordPayment(tx, {
        provider: 'test',
        eventId: `evt_${randomUUID()}`,
        sessionId: order.paymentSessionId!,
        orderId: order.id,
        amount: { pennies: order.totalPennies, currency: 'gbp' },
      }),
    );
    expect(await customerSees(order.id, order.profileId)).toEqual({ order: 'paid', delivery: 'Preparing' });
  });
});
