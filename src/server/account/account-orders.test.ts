import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orderPayments, orders, refunds } from '~/server/db/schema';
import type { OrderView } from '~/shared/orders/order-view';
import { api, apiJson, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Writes an order straight into the database, as checkout would, with one line per item. */
async function insertOrder(
  profileId: string,
  createdAt: string,
  items: { name: string; quantity: number; price: number }[],
  status: 'pending' | 'paid' | 'completed' = 'paid',
) {
  const subtotal = items.reduce((sum, i) => sum + i.quantity * i.price, 0);
  const [order] = await t.services.db
    .insert(orders)
    .values({
      profileId,
      status,
      subtotalPennies: subtotal,
      deliveryFeePennies: 499,
      totalPennies: subtotal + 499,
      shipName: 'Someone',
      shipPhone: '07123456789',
      shipAddress: '1 High Street',
      shipCity: 'Shrewsbury',
      shipPostcode: 'SY1 1AA',
      paymentProvider: 'test',
      createdAt: new Date(createdAt),
    })
    .returning();
  await t.services.db.insert(orderItems).values(
    items.map((i) => ({
      orderId: order!.id,
      productName: i.name,
      quantity: i.quantity,
      unitPricePennies: i.price,
    })),
  );
  return order!;
}

const listOrders = (cookie?: string) => apiJson(t, 'GET', '/api/account/orders', undefined, cookie);

describe('GET /api/account/orders', () => {
  it("returns only the signed-in customer's orders, newest first, with their items", async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const older = await insertOrder(ann.userId, '2026-03-01T10:00:00Z', [
      { name: 'Pecan & Maple Syrup', quantity: 2, price: 475 },
    ]);
    const newer = await insertOrder(
      ann.userId,
      '2026-04-01T10:00:00Z',
      [
        { name: 'Dark Chocolate & Sea Salt', quantity: 1, price: 450 },
        { name: 'Cinnamon & Orange Glaze', quantity: 3, price: 425 },
      ],
      'pending',
    );
    const bobs = await insertOrder(bob.userId, '2026-03-15T10:00:00Z', [
      { name: 'Pecan & Maple Syrup', quantity: 9, price: 475 },
    ]);

    const { status, body } = await listOrders(ann.cookie);
    expect(status).toBe(200);
    const list = body.orders as OrderView[];
    expect(list.map((o) => o.id)).toEqual([newer.id, older.id]);
    expect(list[0]).toMatchObject({
      id: newer.id,
      number: `#${newer.id.slice(0, 8)}`,
      status: 'pending',
      total_pennies: 450 + 3 * 425 + 499,
      created_at: '2026-04-01T10:00:00.000Z',
      items: [
        {
          id: expect.any(String),
          product_name: 'Cinnamon & Orange Glaze',
          quantity: 3,
          unit_price_pennies: 425,
          line_total_pennies: 1275,
        },
        {
          id: expect.any(String),
          product_name: 'Dark Chocolate & Sea Salt',
          quantity: 1,
          unit_price_pennies: 450,
        },
      ],
    });

    const bobsView = (await listOrders(bob.cookie)).body.orders as OrderView[];
    expect(bobsView.map((o) => o.id)).toEqual([bobs.id]);
  });

  it('ignores any id a customer puts in the URL', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    await insertOrder(bob.userId, '2026-05-01T10:00:00Z', [{ name: 'Ginger', quantity: 1, price: 400 }]);
    for (const url of [
      `/api/account/orders?profile_id=${bob.userId}`,
      `/api/account/orders?userId=${bob.userId}`,
    ]) {
      const res = await api(t, 'GET', url, undefined, ann.cookie);
      expect((await res.json()).orders).toEqual([]);
    }
    const byPath = await api(t, 'GET', `/api/account/orders/${bob.userId}`, undefined, ann.cookie);
    expect(byPath.status).toBe(404);
  });

  it('returns an empty list to a customer without orders', async () => {
    const carol = await createUser(t);
    expect((await listOrders(carol.cookie)).body).toEqual({ orders: [] });
  });

  it('answers 401 without a session', async () => {
    const { status, body } = await listOrders();
    expect(status).toBe(401);
    expect(body.error.code).toBe('unauthorized');
  });
});

describe("the account page's order summaries", () => {
  it("show each order exactly as its full view does, the customer's own only, newest first", async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const db = t.services.db;
    const paid = await insertOrder(ann.userId, '2026-03-01T10:00:00Z', [
      { name: 'Pecan & Maple Syrup', quantity: 2, price: 475 },
      { name: 'Cinnamon & Orange Glaze', quantity: 1, price: 425 },
    ]);
    await db
      .update(orders)
      .set({
        paidAt: new Date('2026-03-01T10:05:00Z'),
        deliveryDate: '2026-03-04',
        deliveryMethod: 'post',
        deliveryTransitDays: '2-3 days',
        flags: ['paid_unexpectedly'],
      })
      .where(eq(orders.id, paid.id));
    await db.insert(orderPayments).values({
      orderId: paid.id,
      provider: 'test',
      sessionId: `s-${paid.id}`,
      amountPennies: paid.totalPennies,
      currency: 'gbp',
      eventId: `e-${paid.id}`,
    });
    await db.insert(refunds).values([
      {
        orderId: paid.id,
        amountPennies: 300,
        reason: 'Broken',
        provider: 'test',
        requestKey: 'a',
        actorName: 'O',
      },
      {
        orderId: paid.id,
        amountPennies: 999,
        reason: 'x',
        provider: 'test',
        requestKey: 'b',
        actorName: 'O',
        status: 'failed',
      },
    ]);
    const open = await insertOrder(
      ann.userId,
      '2026-04-01T10:00:00Z',
      [{ name: 'Dark Chocolate & Sea Salt', quantity: 1, price: 450 }],
      'pending',
    );
    await db
      .update(orders)
      .set({ paymentUrl: 'https://pay.example/open', paymentExpiresAt: new Date(Date.now() + 600_000) })
      .where(eq(orders.id, open.id));
    const lapsed = await insertOrder(
      ann.userId,
      '2026-04-02T10:00:00Z',
      [{ name: 'Ginger', quantity: 1, price: 400 }],
      'pending',
    );
    await db
      .update(orders)
      .set({ paymentUrl: 'https://pay.example/lapsed', paymentExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(orders.id, lapsed.id));
    await insertOrder(bob.userId, '2026-03-15T10:00:00Z', [{ name: 'Ginger', quantity: 9, price: 400 }]);

    const summaries = await t.services.orders.listSummariesForCustomer(ann.userId);
    const views = await t.services.orders.listForCustomer(ann.userId);
    expect(summaries.map((s) => s.id)).toEqual([lapsed.id, open.id, paid.id]);
    expect(summaries).toEqual(
      views.map((v) => ({
        id: v.id,
        number: v.number,
        status: v.status,
        created_at: v.created_at,
        paid_at: v.paid_at,
        delivery_date: v.delivery_date,
        collection_slot: v.collection_slot,
        dispatch: v.dispatch,
        fulfilment: v.fulfilment,
        total_pennies: v.total_pennies,
        gift_card_pennies: v.gift_card_pennies,
        paid_pennies: v.paid_pennies,
        refunded_pennies: v.refunded_pennies,
        flags: [],
        items: v.items.map(({ id, product_name, quantity, unit_price_pennies, box }) => ({
          id,
          product_name,
          quantity,
          unit_price_pennies,
          box,
        })),
        payment: { resume_url: v.payment.resume_url },
      })),
    );
    // What the customer sees of them: the refund that counts, the post's day, the open payment page.
    const [l, o, p] = summaries;
    expect(l!.payment.resume_url).toBeNull();
    expect(o!.payment.resume_url).toBe('https://pay.example/open');
    expect(p).toMatchObject({ refunded_pennies: 300, paid_pennies: paid.totalPennies, flags: [] });
    expect(p!.dispatch).toMatch(/^Dispatched /);
  });
});
