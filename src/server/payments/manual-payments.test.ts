import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, emailOutbox, orderPayments, orders, refunds } from '~/server/db/schema';
import { api, apiJson, createUser } from '~/test/factories';
import { createCustomer, createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

/**
 * "Mark as paid" (docs/decisions/032): money a bakery takes by hand is recorded through the same
 * fulfilment as a provider's payment, and revenue counts recorded money only.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie: admin } = await createUser(t, { admin: true, fullName: 'Olive Owner' }));
});
afterAll(() => t.close());

const markAsPaid = (id: string, body: Record<string, unknown>) =>
  apiJson(
    t,
    'POST',
    `/api/admin/orders/${id}/payments`,
    { method: 'cash', request_key: randomUUID(), ...body },
    admin,
  );
const setStatus = (id: string, status: string) =>
  apiJson(t, 'PATCH', `/api/admin/orders/${id}`, { status }, admin);
const revenue = async () => (await t.services.orders.totals()).total_revenue_pennies;
const spent = async (profileId: string) =>
  (await t.services.orders.spendByCustomer([profileId])).get(profileId)?.spentPennies ?? 0;

async function state(orderId: string) {
  const { db } = t.services;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const payments = await db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
  const [d] = await db.select({ n: count() }).from(deliveries).where(eq(deliveries.orderId, orderId));
  const mails = await db
    .select({ kind: emailOutbox.kind })
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));
  return { order: order!, payments, deliveries: d!.n, confirmations: mails.length };
}

describe('setting Paid by hand', () => {
  it('is refused while no payment is recorded: the order, revenue and history stay as they were', async () => {
    const order = await createOrder(t.services);
    const before = await revenue();
    const res = await setStatus(order.id, 'paid');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'No payment is recorded for this order: use “Mark as paid” to record the money taken.',
    );
    const after = await state(order.id);
    expect(after.order.status).toBe('pending');
    expect(after.order.paidAt).toBeNull();
    expect(after.deliveries).toBe(0);
    expect(await revenue()).toBe(before);
  });

  it('is still allowed back to Paid for an order whose money was recorded', async () => {
    const order = await createOrder(t.services, { status: 'baking' });
    expect((await setStatus(order.id, 'paid')).status).toBe(200);
    expect((await state(order.id)).order.status).toBe('paid');
  });
});

describe('a status alone never makes money', () => {
  it('an unpaid order moved on by hand adds nothing to revenue or the customer’s spending until its money is recorded', async () => {
    const customer = await createCustomer(t.services);
    const order = await createOrder(t.services, { profile: customer, items: [{ unitPricePennies: 1000 }] });
    const before = await revenue();
    for (const status of ['baking', 'shipped', 'completed'] as const) {
      expect((await setStatus(order.id, status)).status).toBe(200);
      expect(await revenue()).toBe(before);
      expect(await spent(customer.id)).toBe(0);
    }
    const res = await markAsPaid(order.id, { amount: order.totalPennies, method: 'bank_transfer' });
    expect(res.status).toBe(201);
    // The owner took the money themselves: the order keeps its status and carries no warning.
    expect(res.body.order).toMatchObject({
      status: 'completed',
      flags: [],
      paid_pennies: order.totalPennies,
    });
    expect(await revenue()).toBe(before + order.totalPennies);
    expect(await spent(customer.id)).toBe(order.totalPennies);
  });
});

describe('POST /api/admin/orders/:id/payments (Mark as paid)', () => {
  it('records the money, pays the order, books its delivery and sends the confirmation, once', async () => {
    const order = await createOrder(t.services, { items: [{ unitPricePennies: 450, quantity: 2 }] });
    const before = await revenue();
    const key = randomUUID();
    const [first, second] = await Promise.all([
      markAsPaid(order.id, { amount: order.totalPennies, request_key: key }),
      markAsPaid(order.id, { amount: order.totalPennies, request_key: key }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 201]);
    const after = await state(order.id);
    expect(after.order.status).toBe('paid');
    expect(after.order.paidAt).not.toBeNull();
    expect(after.payments).toHaveLength(1);
    expect(after.payments[0]).toMatchObject({
      provider: 'manual',
      method: 'cash',
      recordedBy: 'Olive Owner',
      amountPennies: order.totalPennies,
    });
    expect(after.deliveries).toBe(1);
    expect(after.confirmations).toBe(1);
    expect(await revenue()).toBe(before + order.totalPennies);

    const view = (await (await api(t, 'GET', `/api/admin/orders/${order.id}`, undefined, admin)).json())
      .order;
    expect(view.payments).toEqual([
      expect.objectContaining({ provider: 'manual', method: 'cash', by: 'Olive Owner' }),
    ]);
    expect(view.history.at(-1)).toMatchObject({
      from: 'pending',
      to: 'paid',
      by: 'Olive Owner',
      note: 'Marked as paid: cash',
    });
  });

  it('of two owners marking one order paid at once, records one payment', async () => {
    const order = await createOrder(t.services);
    const results = await Promise.all(
      ['cash', 'card_in_person'].map((method) =>
        markAsPaid(order.id, { amount: order.totalPennies, method }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(results.find((r) => r.status === 400)!.body.error.message).toBe('This order is already paid.');
    expect((await state(order.id)).payments).toHaveLength(1);
  });

  it('takes part of what is owed and pays the order once the rest is recorded', async () => {
    const order = await createOrder(t.services, { items: [{ unitPricePennies: 1001 }] });
    const part = await markAsPaid(order.id, { amount: 1000 });
    expect(part.status).toBe(201);
    expect(part.body.order).toMatchObject({ status: 'pending', paid_at: null, paid_pennies: 1000 });
    const tooMuch = await markAsPaid(order.id, { amount: order.totalPennies });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error.message).toBe(
      `At most £${((order.totalPennies - 1000) / 100).toFixed(2)} is owed on this order.`,
    );
    const rest = await markAsPaid(order.id, { amount: order.totalPennies - 1000 });
    expect(rest.body.order).toMatchObject({ status: 'paid', paid_pennies: order.totalPennies });
  });

  it.each([
    ['a cancelled order', 'cancelled', 'This order is cancelled, so it cannot be marked as paid.'],
    ['an order already paid', 'paid', 'This order is already paid.'],
  ] as const)('refuses %s and records nothing', async (_, status, message) => {
    const order = await createOrder(t.services, { status });
    const before = (await state(order.id)).payments.length;
    const res = await markAsPaid(order.id, { amount: 100 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await state(order.id)).payments).toHaveLength(before);
  });

  it.each([
    ['a boolean', true],
    ['an array', [100]],
    ['a numeric string', '100'],
    ['a hex string', '0x10'],
    ['an exponent string', '1e3'],
    ['a fraction', 10.5],
    ['nothing', undefined],
    ['zero', 0],
  ])('refuses %s as the amount and records nothing', async (_, amount) => {
    const order = await createOrder(t.services);
    const res = await markAsPaid(order.id, { amount });
    expect(res.status).toBe(400);
    expect((await state(order.id)).payments).toHaveLength(0);
  });

  it('refuses a method it does not know', async () => {
    const order = await createOrder(t.services);
    const res = await markAsPaid(order.id, { amount: order.totalPennies, method: 'cheque' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Choose how it was paid: cash, bank transfer or card in person');
  });

  it('answers 404 for an unknown order and to a customer 403', async () => {
    expect((await markAsPaid(randomUUID(), { amount: 100 })).status).toBe(404);
    const { cookie } = await createUser(t);
    const order = await createOrder(t.services);
    const res = await api(
      t,
      'POST',
      `/api/admin/orders/${order.id}/payments`,
      { method: 'cash', amount: order.totalPennies, request_key: randomUUID() },
      cookie,
    );
    expect(res.status).toBe(403);
  });

  it('gives money taken by hand back by hand: the refund is recorded without asking a provider', async () => {
    const order = await createOrder(t.services);
    await markAsPaid(order.id, { amount: order.totalPennies });
    const res = await api(
      t,
      'POST',
      `/api/admin/orders/${order.id}/refunds`,
      { amount: 200, reason: 'One broken', request_key: randomUUID() },
      admin,
    );
    expect(res.status).toBe(201);
    const [row] = await t.services.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({ provider: 'manual', status: 'succeeded', amountPennies: 200 });
  });
});
