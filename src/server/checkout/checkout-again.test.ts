import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '~/server/auth/session-service';
import { orderStatusHistory, orders } from '~/server/db/schema';
import { DiscountCodeFormSchema } from '~/shared/discounts/discount-code';
import { addDays, londonDate } from '~/shared/time/london-time';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Back from the payment page and paying again, Cancel on the payment page, and the basket's
// question "is my order paid yet?" (decision 033).
const CHECKOUT = '/api/checkout/create-checkout-session';
const card = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'M Smith' };
let t: TestApp;
let buyer: { cookie: string; userId: string; email: string };
let user: SessionUser;
let productId: string;
const day = (n: number) => addDays(londonDate(new Date()), n);

beforeAll(async () => {
  // Several checkouts at once by one customer here; the limit itself is tested in checkout.test.ts.
  t = await createTestApp({ env: { RATE_LIMITS: 'false' } });
  buyer = await createUser(t);
  user = { id: buyer.userId, email: buyer.email, name: "Mary O'Neill-Smith", role: 'customer' };
  productId = (await createProduct(t.services, { name: 'Oat Crunch', pricePennies: 300 })).id;
  await t.services.bakeDays.saveTemplate({
    deliveryWeekdays: [0, 1, 2, 3, 4, 5, 6],
    cutoffTime: '14:00',
    cutoffDaysBefore: 1,
    horizonDays: 21,
    capacityCookies: 300,
  });
});
afterAll(() => t.close());

type Started = { url: string; sessionId: string; orderId: string };
async function start(body: Record<string, unknown>, cookie = buyer.cookie) {
  const res = await api(
    t,
    'POST',
    CHECKOUT,
    { items: [{ product_id: productId, quantity: 2 }], ...body },
    cookie,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as Started;
}
const orderRow = async (id: string) =>
  (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const pendingOn = async (date: string) =>
  t.services.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.deliveryDate, date), eq(orders.status, 'pending')));

describe('paying again for the same basket', () => {
  it('reuses the order waiting for payment and its payment page', async () => {
    const gift = {
      to: 'someone-else',
      recipient: {
        fullName: 'Granny Smith',
        phone: '07123456780',
        address: '1 Mill St',
        city: 'Ludlow',
        postcode: 'SY8 1AA',
      },
      giftMessage: 'Happy birthday',
    };
    const first = await start({ delivery_date: day(3), delivery: gift });
    const again = await start({ delivery_date: day(3), delivery: gift });
    expect(again).toEqual(first);
    expect(await pendingOn(day(3))).toEqual([{ id: first.orderId }]);
  });

  it('makes a new order when the basket or a choice differs', async () => {
    const first = await start({ delivery_date: day(4) });
    const other = [
      await start({ delivery_date: day(5) }),
      await start({ delivery_date: day(4), items: [{ product_id: productId, quantity: 3 }] }),
      await start({
        delivery_date: day(4),
        delivery: {
          to: 'someone-else',
          recipient: {
            fullName: 'Granny Smith',
            phone: '07123456780',
            address: '1 Mill St',
            city: 'Ludlow',
            postcode: 'SY8 1AA',
          },
          giftMessage: 'Another message',
        },
      }),
    ];
    const ids = new Set([first.orderId, ...other.map((o) => o.orderId)]);
    expect(ids.size).toBe(4);
  });

  it('makes a new order when the code differs, and reuses it with the same code', async () => {
    const { code } = await t.services.discounts.create(
      DiscountCodeFormSchema.parse({
        kind: 'percent',
        percent: '10',
        is_active: true,
        code: 'AGAIN10',
        once_per_customer: true,
      }),
    );
    const without = await start({ delivery_date: day(6) });
    const withCode = await start({ delivery_date: day(6), discount_code: code });
    expect(withCode.orderId).not.toBe(without.orderId);
    // Typed differently, the same code: the same order, and not "You've already used that code".
    expect(await start({ delivery_date: day(6), discount_code: ' again10 ' })).toEqual(withCode);
  });

  it('makes a new order once the open one’s page is about to close', async () => {
    const first = await start({ delivery_date: day(7) });
    await t.services.db
      .update(orders)
      .set({ paymentExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(orders.id, first.orderId));
    expect((await start({ delivery_date: day(7) })).orderId).not.toBe(first.orderId);
  });

  it('two tabs at once make one order with one payment page', async () => {
    const started = await Promise.all(Array.from({ length: 6 }, () => start({ delivery_date: day(8) })));
    expect(new Set(started.map((s) => s.orderId)).size).toBe(1);
    expect(new Set(started.map((s) => s.url)).size).toBe(1);
    expect(await pendingOn(day(8))).toHaveLength(1);
    expect((await orderRow(started[0]!.orderId)).paymentSessionId).toBe(started[0]!.sessionId);
  });

  it('a paid order is never reused: paying again makes a new one', async () => {
    const first = await start({ delivery_date: day(9) });
    await api(t, 'POST', `/api/payments/test/sessions/${first.sessionId}/pay`, card);
    expect((await start({ delivery_date: day(9) })).orderId).not.toBe(first.orderId);
  });
});

describe('Cancel on the payment page', () => {
  it('cancels the order with its history row and gives back its places and code use', async () => {
    await t.services.bakeDays.setOverride({ date: day(10), closed: false, capacityCookies: 2 });
    const { code } = await t.services.discounts.create(
      DiscountCodeFormSchema.parse({
        kind: 'percent',
        percent: '10',
        is_active: true,
        code: 'ONCE',
        max_uses: '1',
      }),
    );
    const first = await start({ delivery_date: day(10), discount_code: code });
    const other = await createUser(t);
    const refused = await api(
      t,
      'POST',
      CHECKOUT,
      { items: [{ product_id: productId, quantity: 2 }], delivery_date: day(10) },
      other.cookie,
    );
    expect(refused.status).toBe(400);

    expect(await t.services.checkout.cancelPayment(user, first.orderId)).toEqual({
      outcome: 'cancelled',
      sessionId: first.sessionId,
    });
    expect((await orderRow(first.orderId)).status).toBe('cancelled');
    const history = await t.services.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, first.orderId));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.actorType, h.actorId, h.note])).toEqual([
      [null, 'pending', 'customer', buyer.userId, 'Order placed'],
      ['pending', 'cancelled', 'customer', buyer.userId, 'Payment cancelled on the payment page'],
    ]);
    // The day's places and the code's one use are free again: another customer takes both.
    const after = await api(
      t,
      'POST',
      CHECKOUT,
      { items: [{ product_id: productId, quantity: 2 }], delivery_date: day(10), discount_code: code },
      other.cookie,
    );
    expect(after.status).toBe(200);
    // A second Cancel (the Back button) changes nothing.
    expect((await t.services.checkout.cancelPayment(user, first.orderId)).outcome).toBe('closed');
  });

  it('only the order’s customer can cancel it', async () => {
    const mine = await start({ delivery_date: day(11) });
    const other = await createUser(t);
    const stranger: SessionUser = { id: other.userId, email: other.email, name: 'Someone', role: 'customer' };
    await expect(t.services.checkout.cancelPayment(stranger, mine.orderId)).rejects.toMatchObject({
      status: 404,
    });
    await expect(t.services.checkout.cancelPayment(user, 'not-an-id')).rejects.toMatchObject({ status: 404 });
    expect((await orderRow(mine.orderId)).status).toBe('pending');
  });

  it('leaves a paid order paid', async () => {
    const paid = await start({ delivery_date: day(12) });
    await api(t, 'POST', `/api/payments/test/sessions/${paid.sessionId}/pay`, card);
    expect((await t.services.checkout.cancelPayment(user, paid.orderId)).outcome).toBe('paid');
    expect((await orderRow(paid.orderId)).status).toBe('paid');
  });
});

describe("the basket's question: is my order paid yet?", () => {
  it('answers pending, then paid, for its own customer only', async () => {
    const order = await start({ delivery_date: day(13) });
    const ask = (cookie?: string) =>
      api(t, 'GET', `/api/checkout/orders/${order.orderId}/payment`, undefined, cookie);
    expect(await (await ask(buyer.cookie)).json()).toEqual({ state: 'pending' });
    await api(t, 'POST', `/api/payments/test/sessions/${order.sessionId}/pay`, card);
    expect(await (await ask(buyer.cookie)).json()).toEqual({ state: 'paid' });
    expect((await ask()).status).toBe(401);
    expect((await ask((await createUser(t)).cookie)).status).toBe(404);
  });

  it('answers cancelled once Cancel was pressed', async () => {
    const order = await start({ delivery_date: day(14) });
    await t.services.checkout.cancelPayment(user, order.orderId);
    const res = await api(t, 'GET', `/api/checkout/orders/${order.orderId}/payment`, undefined, buyer.cookie);
    expect(await res.json()).toEqual({ state: 'cancelled' });
  });
});
