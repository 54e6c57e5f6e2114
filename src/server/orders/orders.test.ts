import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orderPayments, orderStatusHistory, orders, refunds } from '~/server/db/schema';
import { checkoutAs, payTestSession } from '~/test/checkout';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
let customer: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  t = await createTestApp({ env: { CHECKOUT_SESSION_MINUTES: '30' } });
  customer = await createUser(t);
  admin = await createUser(t, { admin: true, fullName: 'Owner Olive' });
});
afterAll(() => t.close());

/** A checkout by the customer: one line of 2 x 450p, so 1399p with delivery. */
async function checkout(cookie = customer.cookie) {
  const p = await createProduct(t.services, { pricePennies: 450 });
  return checkoutAs(t, cookie, { items: [{ product_id: p.id, quantity: 2 }] });
}

async function paidOrder(cookie = customer.cookie) {
  const o = await checkout(cookie);
  expect((await payTestSession(t, o.sessionId)).status).toBe(200);
  return o;
}

const orderRow = async (id: string) =>
  (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const historyOf = async (id: string) =>
  t.services.db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, id))
    .orderBy(orderStatusHistory.createdAt);
const mailKinds = async (id: string) =>
  (
    await t.services.db
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `%${id}`))
  )
    .map((m) => m.kind)
    .sort();
const refundsOf = async (id: string) => t.services.db.select().from(refunds).where(eq(refunds.orderId, id));
const cancel = (orderId: string, cookie = customer.cookie) =>
  api(t, 'POST', `/api/account/orders/${orderId}/cancel`, {}, cookie);
const refund = (orderId: string, body: unknown) =>
  api(t, 'POST', `/api/admin/orders/${orderId}/refunds`, body, admin.cookie);
const key = () => crypto.randomUUID();

describe('an order from checkout to doorstep', () => {
  it('records who moved it, when, from and to, and e-mails the customer at each step', async () => {
    const { orderId } = await paidOrder();
    for (const status of ['baking', 'shipped', 'completed']) {
      const res = await api(t, 'PATCH', `/api/admin/orders/${orderId}`, { status }, admin.cookie);
      expect(res.status).toBe(200);
    }
    const history = await historyOf(orderId);
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorName])).toEqual([
      [null, 'pending', "Mary O'Neill-Smith"],
      ['pending', 'paid', 'System'],
      ['paid', 'baking', 'Owner Olive'],
      ['baking', 'shipped', 'Owner Olive'],
      ['shipped', 'completed', 'Owner Olive'],
    ]);
    expect(await mailKinds(orderId)).toEqual([
      'order-alert',
      'order-baking',
      'order-confirmation',
      'order-delivered',
      'order-review-invite',
      'order-shipped',
    ]);
    // Setting the same status again is no change: no history row, no second e-mail.
    await api(t, 'PATCH', `/api/admin/orders/${orderId}`, { status: 'completed' }, admin.cookie);
    expect(await historyOf(orderId)).toHaveLength(5);
  });

  it('shows the customer their order page with its history, and nobody else', async () => {
    const { orderId } = await paidOrder();
    const mine = await api(t, 'GET', `/api/account/orders/${orderId}`, undefined, customer.cookie);
    expect(mine.status).toBe(200);
    const { order } = await mine.json();
    expect(order).toMatchObject({
      id: orderId,
      number: `#${orderId.slice(0, 8)}`,
      status: 'paid',
      total_pennies: 1399,
    });
    expect(order.history.map((h: { to: string }) => h.to)).toEqual(['pending', 'paid']);
    expect(order.history[0].by).toBe('');

    const stranger = await createUser(t);
    const theirs = await api(t, 'GET', `/api/account/orders/${orderId}`, undefined, stranger.cookie);
    expect(theirs.status).toBe(404);
    expect((await api(t, 'GET', '/api/account/orders/not-a-uuid', undefined, customer.cookie)).status).toBe(
      404,
    );
  });
});

describe('abandoned payments', () => {
  it('cancels pending orders once their payment page has expired, even with two sweeps at once', async () => {
    const a = await checkout();
    const b = await checkout();
    const fresh = await checkout();
    const later = new Date(Date.now() + 31 * 60_000);
    await t.services.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, a.orderId));
    await t.services.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, b.orderId));
    await t.services.db.update(orders).set({ paymentExpiresAt: later }).where(eq(orders.id, fresh.orderId));

    const [one, two] = await Promise.all([
      t.services.orders.sweepExpired(),
      t.services.orders.sweepExpired(),
    ]);
    expect(one + two).toBeGreaterThanOrEqual(2);
    for (const id of [a.orderId, b.orderId]) {
      expect((await orderRow(id)).status).toBe('cancelled');
      const history = await historyOf(id);
      expect(history.filter((h) => h.toStatus === 'cancelled')).toHaveLength(1);
      // Nothing was taken, so the customer gets no e-mail about it.
      expect(await mailKinds(id)).toEqual([]);
    }
    expect((await orderRow(fresh.orderId)).status).toBe('pending');
    expect(await t.services.orders.sweepExpired()).toBe(0);
  });

  it('keeps money that arrives after cancellation: paid, flagged, payment recorded', async () => {
    const { orderId, sessionId } = await checkout();
    expect((await cancel(orderId)).status).toBe(200);
    expect((await orderRow(orderId)).status).toBe('cancelled');
    // The page was still open in another tab, and the customer paid.
    expect((await payTestSession(t, sessionId)).status).toBe(200);
    const row = await orderRow(orderId);
    expect(row.status).toBe('paid');
    expect(row.flags).toEqual(['paid_after_cancellation']);
    const payments = await t.services.db
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, orderId));
    expect(payments.map((p) => p.amountPennies)).toEqual([1399]);
  });

  it('records a payment for an order the owner already moved on, keeping its status and flagging it', async () => {
    const { orderId, sessionId } = await checkout();
    await api(t, 'PATCH', `/api/admin/orders/${orderId}`, { status: 'baking' }, admin.cookie);
    expect((await payTestSession(t, sessionId)).status).toBe(200);
    const row = await orderRow(orderId);
    expect(row).toMatchObject({ status: 'baking', flags: ['paid_unexpectedly'] });
    expect(row.paidAt).not.toBeNull();
    const view = await t.services.orders.getForAdmin(orderId);
    expect(view.paid_pennies).toBe(1399);
  });

  it('refuses to take payment on a test page that has expired', async () => {
    const { orderId, sessionId } = await checkout();
    await t.services.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, orderId));
    const res = await payTestSession(t, sessionId);
    expect(res.status).toBe(410);
    expect((await orderRow(orderId)).paidAt).toBeNull();
  });
});

describe('customer cancellation', () => {
  it('cancels a pending order without a refund', async () => {
    const { orderId } = await checkout();
    const res = await cancel(orderId);
    expect(res.status).toBe(200);
    expect((await res.json()).order.status).toBe('cancelled');
    expect(await refundsOf(orderId)).toEqual([]);
  });

  it('cancels a paid order that is not baking yet and refunds it in full, once', async () => {
    const { orderId } = await paidOrder();
    const [first, second] = await Promise.all([cancel(orderId), cancel(orderId)]);
    expect([first.status, second.status].sort()).toEqual([200, 400]);
    const rows = await refundsOf(orderId);
    expect(rows.map((r) => [r.amountPennies, r.status])).toEqual([[1399, 'succeeded']]);
    expect(await mailKinds(orderId)).toContain('order-cancelled');
    const [refundMail] = await t.services.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.dedupeKey, `order-refunded:${rows[0]!.id}`));
    expect(refundMail?.subject).toBe(`Refund for your order #${orderId.slice(0, 8)}`);
    const { order } = await (
      await api(t, 'GET', `/api/account/orders/${orderId}`, undefined, customer.cookie)
    ).json();
    expect(order).toMatchObject({ status: 'cancelled', refunded_pennies: 1399 });
  });

  it('refuses once baking has started, with a clear message, and changes nothing', async () => {
    const { orderId } = await paidOrder();
    await api(t, 'PATCH', `/api/admin/orders/${orderId}`, { status: 'baking' }, admin.cookie);
    const res = await cancel(orderId);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/can no longer be cancelled/);
    expect((await orderRow(orderId)).status).toBe('baking');
    expect(await refundsOf(orderId)).toEqual([]);
  });

  it("answers 404 for someone else's order and leaves it alone", async () => {
    const { orderId } = await checkout();
    const stranger = await createUser(t);
    expect((await cancel(orderId, stranger.cookie)).status).toBe(404);
    expect((await orderRow(orderId)).status).toBe('pending');
  });
});

describe('refunds', () => {
  it('refunds part, then the rest, and says Refunded; never more than was paid', async () => {
    const { orderId } = await paidOrder();
    const part = await refund(orderId, { amount: 400, reason: 'One cookie broken', request_key: key() });
    expect(part.status).toBe(201);
    expect((await part.json()).order).toMatchObject({ refunded_pennies: 400, paid_pennies: 1399 });

    const tooMuch = await refund(orderId, { amount: 1000, reason: 'Oops', request_key: key() });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).error.message).toBe('You can refund at most £9.99 on this order.');
    expect(await refundsOf(orderId)).toHaveLength(1);

    const rest = await refund(orderId, { amount: 'full', reason: 'Goodwill', request_key: key() });
    expect((await rest.json()).order.refunded_pennies).toBe(1399);
    const none = await refund(orderId, { amount: 1, reason: 'Again', request_key: key() });
    expect(none.status).toBe(400);
    // One e-mail per refund.
    const refundMails = await t.services.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.kind, 'order-refunded'));
    const ids = (await refundsOf(orderId)).map((r) => r.id);
    expect(refundMails.filter((m) => ids.some((id) => m.dedupeKey.endsWith(id)))).toHaveLength(2);
  });

  it("shows the owner an order's history and refunds, oldest first, at the times they were recorded", async () => {
    const { orderId } = await paidOrder();
    await refund(orderId, { amount: 400, reason: 'One cookie broken', request_key: key() });
    await refund(orderId, { amount: 'full', reason: 'Goodwill', request_key: key() });
    const res = await api(t, 'GET', `/api/admin/orders/${orderId}`, undefined, admin.cookie);
    const { order } = await res.json();

    const history = await historyOf(orderId);
    expect(order.history).toEqual(
      history.map((h) => ({
        from: h.fromStatus,
        to: h.toStatus,
        at: h.createdAt.toISOString(),
        by: h.actorName,
        note: h.note,
      })),
    );
    const rows = (await refundsOf(orderId)).sort((a, b) => +a.createdAt - +b.createdAt);
    expect(order.refunds).toEqual(
      rows.map((r) => ({
        id: r.id,
        amount_pennies: r.amountPennies,
        reason: r.reason,
        status: r.status,
        created_at: r.createdAt.toISOString(),
        by: 'Owner Olive',
      })),
    );
    expect(order.refunds.map((r: { amount_pennies: number }) => r.amount_pennies)).toEqual([400, 999]);
  });

  it('makes one refund of a double click (same request key), even at the same moment', async () => {
    const { orderId } = await paidOrder();
    const body = { amount: 500, reason: 'Late', request_key: key() };
    const answers = await Promise.all([refund(orderId, body), refund(orderId, body), refund(orderId, body)]);
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect((await refundsOf(orderId)).map((r) => r.amountPennies)).toEqual([500]);
  });

  it('lets only one of two racing refunds through when together they exceed what was paid', async () => {
    const { orderId } = await paidOrder();
    const answers = await Promise.all([
      refund(orderId, { amount: 1000, reason: 'A', request_key: key() }),
      refund(orderId, { amount: 1000, reason: 'B', request_key: key() }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const rows = await refundsOf(orderId);
    expect(rows.reduce((s, r) => s + r.amountPennies, 0)).toBe(1000);
  });

  it('refuses an unpaid order, bad amounts and a missing reason with 400s', async () => {
    const { orderId } = await checkout();
    expect((await refund(orderId, { amount: 'full', reason: 'x', request_key: key() })).status).toBe(400);
    const paid = await paidOrder();
    for (const body of [
      { amount: 0, reason: 'x', request_key: key() },
      { amount: -5, reason: 'x', request_key: key() },
      { amount: 1.5, reason: 'x', request_key: key() },
      { amount: 100, reason: '', request_key: key() },
      { amount: 100, reason: 'x' },
    ]) {
      expect((await refund(paid.orderId, body)).status).toBe(400);
    }
    expect(await refundsOf(paid.orderId)).toEqual([]);
    expect(
      (
        await api(
          t,
          'POST',
          '/api/admin/orders/nope/refunds',
          { amount: 'full', reason: 'x', request_key: key() },
          admin.cookie,
        )
      ).status,
    ).toBe(404);
  });

  it('is for admins only', async () => {
    const { orderId } = await paidOrder();
    const res = await api(
      t,
      'POST',
      `/api/admin/orders/${orderId}/refunds`,
      { amount: 'full', reason: 'x', request_key: key() },
      customer.cookie,
    );
    expect(res.status).toBe(403);
    expect(await refundsOf(orderId)).toEqual([]);
  });
});

describe('dashboard revenue (decision 007)', () => {
  it('counts money received and not refunded, through baking and shipping', async () => {
    const app = await createTestApp();
    try {
      const buyer = await createUser(app);
      const owner = await createUser(app, { admin: true });
      const revenue = async () =>
        (await (await api(app, 'GET', '/api/admin/dashboard', undefined, owner.cookie)).json())
          .total_revenue_pennies;
      const p = await createProduct(app.services, { pricePennies: 1000 });
      const res = await api(
        app,
        'POST',
        '/api/checkout/create-checkout-session',
        { items: [{ product_id: p.id, quantity: 1 }] },
        buyer.cookie,
      );
      const { sessionId, orderId } = await res.json();
      expect(await revenue()).toBe(0);
      await payTestSession(app, sessionId);
      expect(await revenue()).toBe(1499);
      await api(app, 'PATCH', `/api/admin/orders/${orderId}`, { status: 'baking' }, owner.cookie);
      expect(await revenue()).toBe(1499);
      await api(app, 'PATCH', `/api/admin/orders/${orderId}`, { status: 'shipped' }, owner.cookie);
      expect(await revenue()).toBe(1499);
      await api(
        app,
        'POST',
        `/api/admin/orders/${orderId}/refunds`,
        { amount: 499, reason: 'Late', request_key: key() },
        owner.cookie,
      );
      expect(await revenue()).toBe(1000);
      const customers = await (await api(app, 'GET', '/api/admin/customers', undefined, owner.cookie)).json();
      expect(customers.items.find((c: { id: string }) => c.id === buyer.userId).total_spent_pennies).toBe(
        1000,
      );
    } finally {
      await app.close();
    }
  });
});

describe('the confirmation e-mail', () => {
  it('queues one e-mail per paid order, whatever the number of confirmations', async () => {
    const { orderId, sessionId } = await paidOrder();
    await payTestSession(t, sessionId);
    const confirmations = await t.services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'order-confirmation'), like(emailOutbox.dedupeKey, `%${orderId}`)));
    expect(confirmations).toHaveLength(1);
  });
});
