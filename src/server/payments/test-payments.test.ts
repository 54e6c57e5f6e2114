import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, emailOutbox, orders, paymentEvents } from '~/server/db/schema';
import { TEST_EVENTS, TEST_SESSION_PREFIX } from '~/server/payments/test-provider';
import { formatBakeDay } from '~/shared/time/london-time';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
let email: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie, email } = await createUser(t));
});
afterAll(() => t.close());

const card = (cardNumber: string) => ({ cardNumber, expiry: '12 / 40', cvc: '123', name: 'Mary Smith' });
const pay = (sessionId: string, body: unknown) =>
  api(t, 'POST', `/api/payments/test/sessions/${sessionId}/pay`, body);

async function checkout(pricePennies = 450, quantity = 2) {
  const p = await createProduct(t.services, { name: 'Oat Crunch', pricePennies });
  const res = await api(
    t,
    'POST',
    '/api/checkout/create-checkout-session',
    { items: [{ product_id: p.id, quantity }] },
    cookie,
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { url: string; sessionId: string; orderId: string };
}

async function state(orderId: string) {
  const { db } = t.services;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [d] = await db.select({ n: count() }).from(deliveries).where(eq(deliveries.orderId, orderId));
  const mails = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));
  return { status: order!.status, paidAt: order!.paidAt, deliveries: d!.n, mails };
}

describe('the built-in test payment provider', () => {
  it('shows the order behind a session, priced as ordered', async () => {
    const { sessionId, orderId } = await checkout(450, 2);
    // The page names the delivery day the order holds, as the payment's description.
    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, orderId));
    expect(await t.services.payments.getTestPayment(sessionId)).toEqual({
      sessionId,
      orderId,
      paid: false,
      description: `Order #${orderId.slice(0, 8)} · Delivery ${formatBakeDay(order!.deliveryDate!)}`,
      lines: [{ name: 'Oat Crunch', quantity: 2, unitPricePennies: 450 }],
      summary: [
        { label: 'Subtotal', amount: '£9.00' },
        { label: 'Delivery', amount: '£4.99' },
        { label: 'Total', amount: '£13.99', total: true },
      ],
      totalPennies: 1399,
    });
  });

  it('declines 4000 0000 0000 0002 and leaves the order pending', async () => {
    const { sessionId, orderId } = await checkout();
    const res = await pay(sessionId, card('4000 0000 0000 0002'));
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({
      error: { code: 'card_declined', message: 'Your card was declined.' },
    });
    expect(await state(orderId)).toMatchObject({ status: 'pending', paidAt: null, deliveries: 0, mails: [] });
  });

  it.each([
    ['an unknown card', '4111 1111 1111 1111', 402, 'Your card number is incorrect.'],
    ['a mistyped number', '4242 4242 4242 4241', 400, 'Your card number is incorrect.'],
  ])('refuses %s', async (_, number, status, message) => {
    const { sessionId, orderId } = await checkout();
    const res = await pay(sessionId, card(number));
    expect(res.status).toBe(status);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    expect((await state(orderId)).status).toBe('pending');
  });

  it('refuses an expired card', async () => {
    const { sessionId } = await checkout();
    const res = await pay(sessionId, { ...card('4242424242424242'), expiry: '01/20' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "Your card's expiry date is in the past.",
    );
  });

  it('pays with 4242 4242 4242 4242: one paid order, one delivery, one e-mail', async () => {
    const { sessionId, orderId } = await checkout(450, 2);
    const res = await pay(sessionId, card('4242 4242 4242 4242'));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ redirectTo: `/checkout/success?session_id=${sessionId}` });

    const after = await state(orderId);
    expect(after).toMatchObject({ status: 'paid', deliveries: 1 });
    expect(after.paidAt).toBeInstanceOf(Date);
    expect(after.mails).toHaveLength(1);
    expect(after.mails[0]).toMatchObject({ to: email, kind: 'order-confirmation' });
    expect(after.mails[0]!.subject).toContain(orderId.slice(0, 8));
    expect(after.mails[0]!.text).toContain('2 x Oat Crunch');
    expect(after.mails[0]!.text).toContain('Total: £13.99');
    expect(after.mails[0]!.text).toContain('SY1 1PU');
    // The payment is on record under the test provider's own event name, not Stripe's.
    const recorded = await t.services.db
      .select({ provider: paymentEvents.provider, type: paymentEvents.type })
      .from(paymentEvents)
      .where(eq(paymentEvents.id, `test_evt_${sessionId.slice(TEST_SESSION_PREFIX.length)}`));
    expect(recorded).toEqual([{ provider: 'test', type: TEST_EVENTS.paid }]);

    // Paying again (a double click, a reload) changes nothing and still lands on the success page.
    const again = await pay(sessionId, card('4242 4242 4242 4242'));
    expect(again.status).toBe(200);
    expect(await state(orderId)).toMatchObject({ status: 'paid', deliveries: 1, mails: [after.mails[0]] });
    expect(await t.services.payments.reconcile(sessionId)).toMatchObject({ found: true, paid: true });
  });

  it('pays once when the same session is paid many times at once', async () => {
    const { sessionId, orderId } = await checkout();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => pay(sessionId, card('4242424242424242'))),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const after = await state(orderId);
    expect(after).toMatchObject({ status: 'paid', deliveries: 1 });
    expect(after.mails).toHaveLength(1);
  });

  it('answers 404 for a session that does not exist', async () => {
    const res = await pay('test_cs_doesnotexist0000000000', card('4242424242424242'));
    expect(res.status).toBe(404);
    expect(await t.services.payments.reconcile('test_cs_doesnotexist0000000000')).toEqual({
      found: false,
      paid: false,
      paidState: null,
      orderNumber: null,
      deliveryDate: null,
      collectionSlot: null,
      dispatch: null,
      figures: null,
      giftCards: [],
    });
  });
});
