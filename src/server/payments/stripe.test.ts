import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, emailOutbox, orders, paymentEvents, refunds } from '~/server/db/schema';
import { DiscountCodeFormSchema } from '~/shared/discounts/discount-code';
import { formatBakeDay } from '~/shared/time/london-time';
import { type StandInSession, type StripeStandIn, stripeTestApp } from '~/test/doubles/stripe-stand-in';
import { api, createProduct, createUser } from '~/test/factories';
import type { TestApp } from '~/test/test-app';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_shop';
const stripe = new Stripe('sk_test_standin');
let standIn: StripeStandIn;
let t: TestApp;
let close: () => Promise<void>;
let cookie: string;
let email: string;

beforeAll(async () => {
  ({ t, standIn, close } = await stripeTestApp(WEBHOOK_SECRET));
  ({ cookie, email } = await createUser(t));
});
afterAll(() => close?.());

async function checkout() {
  const shortbread = await createProduct(t.services, { name: 'Shortbread', pricePennies: 450 });
  const ginger = await createProduct(t.services, { name: 'Ginger & Treacle', pricePennies: 425 });
  const res = await api(
    t,
    'POST',
    '/api/checkout/create-checkout-session',
    {
      items: [
        { product_id: shortbread.id, quantity: 2, price_pennies: 1 },
        { product_id: ginger.id, quantity: 1, price_pennies: 1 },
      ],
      deliveryFeePennies: 0,
    },
    cookie,
  );
  return { res, body: (await res.json()) as { url: string; sessionId: string; orderId: string } };
}

let eventSeq = 0;
function event(type: string, session: StandInSession, overrides: Partial<StandInSession> = {}) {
  return {
    id: `evt_test_${Date.now()}_${eventSeq++}`,
    object: 'event',
    type,
    data: { object: { ...session, ...overrides } },
  };
}

function sendWebhook(payload: object, signature?: string) {
  const body = JSON.stringify(payload);
  const header =
    signature ?? stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  return t.app.request('/api/payments/stripe/webhook', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body,
  });
}

async function state(orderId: string) {
  const { db } = t.services;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const [d] = await db.select({ n: count() }).from(deliveries).where(eq(deliveries.orderId, orderId));
  const [m] = await db
    .select({ n: count() })
    .from(emailOutbox)
    .where(eq(emailOutbox.dedupeKey, `order-confirmation:${orderId}`));
  return {
    status: order!.status,
    paid: order!.paidAt !== null,
    sessionId: order!.paymentSessionId,
    deliveries: d!.n,
    mails: m!.n,
  };
}

describe('Stripe Checkout', () => {
  it('opens a Checkout Session priced from the database, in pounds, once per order', async () => {
    const { res, body } = await checkout();
    expect(res.status).toBe(200);
    expect(body.sessionId).toMatch(/^cs_test_/);
    expect(body.url).toBe(`https://checkout.stripe.test/c/pay/${body.sessionId}`);

    const sent = standIn.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe('Bearer sk_test_standin');
    expect(sent.headers['idempotency-key']).toBe(`checkout-${body.orderId}`);
    const f = Object.fromEntries(sent.form);
    expect(f).toMatchObject({
      mode: 'payment',
      currency: 'gbp',
      client_reference_id: body.orderId,
      'metadata[order_id]': body.orderId,
      customer_email: email,
      success_url: `${t.origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${t.origin}/checkout/cancel/${body.orderId}`,
    });
    const lines = [0, 1, 2].map((i) => [
      f[`line_items[${i}][price_data][product_data][name]`],
      f[`line_items[${i}][price_data][unit_amount]`],
      f[`line_items[${i}][quantity]`],
      f[`line_items[${i}][price_data][currency]`],
    ]);
    // The delivery line (and the payment's description) names the delivery day the order holds.
    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, body.orderId));
    const delivery = `Delivery on ${formatBakeDay(order!.deliveryDate!)}`;
    expect(lines).toEqual([
      ['Shortbread', '450', '2', 'gbp'],
      ['Ginger & Treacle', '425', '1', 'gbp'],
      [delivery, '499', '1', 'gbp'],
    ]);
    expect(f['payment_intent_data[description]']).toBe(delivery);
    expect(f['line_items[3][quantity]']).toBeUndefined();

    expect(await state(body.orderId)).toMatchObject({
      status: 'pending',
      sessionId: body.sessionId,
      paid: false,
    });
  });

  it('shows a discount code as a one-off coupon, so Stripe charges exactly our total', async () => {
    await t.services.discounts.create(
      DiscountCodeFormSchema.parse({ code: 'STRIPE10', kind: 'percent', percent: '10', is_active: true }),
    );
    const cookie2 = (await createUser(t)).cookie;
    const p = await createProduct(t.services, { pricePennies: 1000 });
    const res = await api(
      t,
      'POST',
      '/api/checkout/create-checkout-session',
      { items: [{ product_id: p.id, quantity: 2 }], discount_code: 'stripe10' },
      cookie2,
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { orderId: string; sessionId: string };
    const coupon = standIn.requests.find(
      (r) => r.path === '/v1/coupons' && r.headers['idempotency-key'] === `coupon-${body.orderId}`,
    )!;
    expect(Object.fromEntries(coupon.form)).toMatchObject({
      amount_off: '200',
      currency: 'gbp',
      duration: 'once',
      name: 'STRIPE10',
      max_redemptions: '1',
    });
    const sent = standIn.requests.at(-1)!;
    expect(sent.form.get('discounts[0][coupon]')).toMatch(/^co_test_/);
    const [order] = await t.services.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order!.totalPennies).toBe(2000 - 200 + 499);
    expect(standIn.sessions.get(body.sessionId)!.amount_total).toBe(order!.totalPennies);
  });

  it('keeps the order pending and unpaid, and says so, when Stripe refuses', async () => {
    standIn.failNextRequest(400, 'Invalid API Key provided');
    const before = (await t.services.db.select({ n: count() }).from(orders))[0]!.n;
    const { res, body } = await checkout();
    expect(res.status).toBe(502);
    expect(body).toEqual({
      error: {
        code: 'payment_provider_error',
        message: 'We could not reach the payment service. Please try again in a moment.',
      },
    });
    const rows = await t.services.db.select().from(orders);
    expect(rows).toHaveLength(before + 1);
    const last = rows.find((o) => o.paymentSessionId === null)!;
    expect(last).toMatchObject({ status: 'pending', paidAt: null, paymentProvider: 'stripe' });
  });
});

describe('POST /api/payments/stripe/webhook', () => {
  it('marks the order paid on a signed checkout.session.completed, once however often it comes', async () => {
    const { body } = await checkout();
    const paid = event('checkout.session.completed', standIn.markPaid(body.sessionId));

    const res = await sendWebhook(paid);
    expect(res.status).toBe(200);
    expect(await state(body.orderId)).toMatchObject({ status: 'paid', paid: true, deliveries: 1, mails: 1 });

    // Stripe retries: the same event again changes nothing.
    expect((await sendWebhook(paid)).status).toBe(200);
    expect(await state(body.orderId)).toMatchObject({ status: 'paid', deliveries: 1, mails: 1 });
  });

  it('pays once when two copies of the event and a second event arrive at the same time', async () => {
    const { body } = await checkout();
    const session = standIn.markPaid(body.sessionId);
    const completed = event('checkout.session.completed', session);
    const async = event('checkout.session.async_payment_succeeded', session);
    const results = await Promise.all([sendWebhook(completed), sendWebhook(completed), sendWebhook(async)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await state(body.orderId)).toMatchObject({ status: 'paid', deliveries: 1, mails: 1 });
  });

  it.each([
    ['a wrong signature', (_payload: string) => `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`],
    [
      'a signature made with another secret',
      (payload: string) =>
        stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }),
    ],
    [
      'a stale signature',
      (payload: string) =>
        stripe.webhooks.generateTestHeaderString({
          payload,
          secret: WEBHOOK_SECRET,
          timestamp: Math.floor(Date.now() / 1000) - 3600,
        }),
    ],
    ['no signature', (_payload: string) => ''],
  ])('refuses %s with a 400 and changes nothing', async (_, sign) => {
    const { body } = await checkout();
    const paid = event('checkout.session.completed', standIn.markPaid(body.sessionId));
    const res = await sendWebhook(paid, sign(JSON.stringify(paid)) || ' ');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { code: 'bad_request', message: 'Invalid webhook signature' },
    });
    expect(await state(body.orderId)).toMatchObject({
      status: 'pending',
      paid: false,
      deliveries: 0,
      mails: 0,
    });
    const recorded = await t.services.db.select().from(paymentEvents).where(eq(paymentEvents.id, paid.id));
    expect(recorded).toEqual([]);
  });

  it('leaves the order pending on a completed session that is not paid yet, then pays on async success', async () => {
    const { body } = await checkout();
    const session = standIn.sessions.get(body.sessionId)!;
    await sendWebhook(
      event('checkout.session.completed', session, { status: 'complete', payment_status: 'unpaid' }),
    );
    expect(await state(body.orderId)).toMatchObject({ status: 'pending', paid: false });

    await sendWebhook(event('checkout.session.async_payment_succeeded', standIn.markPaid(body.sessionId)));
    expect(await state(body.orderId)).toMatchObject({ status: 'paid', deliveries: 1, mails: 1 });
  });

  it('cancels the unpaid order of an expired session, once however often the event comes', async () => {
    const { body } = await checkout();
    const expired = event('checkout.session.expired', standIn.sessions.get(body.sessionId)!, {
      status: 'expired',
    });
    expect((await sendWebhook(expired)).status).toBe(200);
    expect((await sendWebhook(expired)).status).toBe(200);
    expect(await state(body.orderId)).toMatchObject({
      status: 'cancelled',
      paid: false,
      deliveries: 0,
      mails: 0,
    });
    const recorded = await t.services.db.select().from(paymentEvents).where(eq(paymentEvents.id, expired.id));
    expect(recorded).toHaveLength(1);
  });

  it('does not mark an order paid when the amount charged differs from its total', async () => {
    const { body } = await checkout();
    const session = standIn.markPaid(body.sessionId);
    await sendWebhook(event('checkout.session.completed', session, { amount_total: 1 }));
    expect(await state(body.orderId)).toMatchObject({ status: 'pending', paid: false, deliveries: 0 });
    // The money taken is still recorded, and the owner is told.
    const view = await t.services.orders.getForAdmin(body.orderId);
    expect(view).toMatchObject({ paid_pennies: 1, flags: ['amount_mismatch'] });
  });

  it('acknowledges events it does not act on', async () => {
    const res = await sendWebhook({
      id: 'evt_other',
      object: 'event',
      type: 'customer.created',
      data: { object: {} },
    });
    expect(res.status).toBe(200);
  });
});

describe('the success page check', () => {
  it('asks Stripe when the webhook is late and pays the order once', async () => {
    const { body } = await checkout();
    expect(await t.services.payments.reconcile(body.sessionId)).toMatchObject({ found: true, paid: false });

    const session = standIn.markPaid(body.sessionId);
    expect(await t.services.payments.reconcile(body.sessionId)).toMatchObject({ found: true, paid: true });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/v1/checkout/sessions/${body.sessionId}`,
    });
    expect(await state(body.orderId)).toMatchObject({ status: 'paid', deliveries: 1, mails: 1 });

    // The webhook arrives afterwards: nothing more happens.
    expect((await sendWebhook(event('checkout.session.completed', session))).status).toBe(200);
    expect(await t.services.payments.reconcile(body.sessionId)).toMatchObject({ found: true, paid: true });
    expect(await state(body.orderId)).toMatchObject({ status: 'paid', deliveries: 1, mails: 1 });
  });
});

describe('refunds and cancellations through Stripe', () => {
  async function paidStripeOrder() {
    const { body } = await checkout();
    await sendWebhook(event('checkout.session.completed', standIn.markPaid(body.sessionId)));
    expect(await state(body.orderId)).toMatchObject({ status: 'paid' });
    return body;
  }
  const refundsOf = (orderId: string) =>
    t.services.db.select().from(refunds).where(eq(refunds.orderId, orderId));

  it("refunds against the PaymentIntent with an idempotency key, and records Stripe's refund id", async () => {
    const admin = await createUser(t, { admin: true });
    const body = await paidStripeOrder();
    const res = await api(
      t,
      'POST',
      `/api/admin/orders/${body.orderId}/refunds`,
      { amount: 300, reason: 'Broken in the post', request_key: crypto.randomUUID() },
      admin.cookie,
    );
    expect(res.status).toBe(201);
    const sent = standIn.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(sent.form.get('payment_intent')).toBe(standIn.sessions.get(body.sessionId)!.payment_intent);
    expect(sent.form.get('amount')).toBe('300');
    const [row] = await refundsOf(body.orderId);
    expect(sent.headers['idempotency-key']).toBe(`refund-${row!.id}`);
    expect(row).toMatchObject({
      status: 'succeeded',
      amountPennies: 300,
      providerRefundId: expect.stringMatching(/^re_test_/),
    });
  });

  it('keeps nothing counted when Stripe refuses a refund, and says why', async () => {
    const admin = await createUser(t, { admin: true });
    const body = await paidStripeOrder();
    standIn.failNextRequest(400, 'Charge has been disputed');
    const res = await api(
      t,
      'POST',
      `/api/admin/orders/${body.orderId}/refunds`,
      { amount: 'full', reason: 'Customer asked', request_key: crypto.randomUUID() },
      admin.cookie,
    );
    expect(res.status).toBe(502);
    expect((await res.json()).error.message).toContain('Charge has been disputed');
    expect((await refundsOf(body.orderId)).map((r) => r.status)).toEqual(['failed']);
    const order = await t.services.orders.getForAdmin(body.orderId);
    expect(order.refunded_pennies).toBe(0);
  });

  it("records refunds made in Stripe's dashboard from charge.refunded, once", async () => {
    const body = await paidStripeOrder();
    const intent = standIn.sessions.get(body.sessionId)!.payment_intent!;
    const refunded = {
      id: `evt_refund_${Date.now()}`,
      object: 'event',
      type: 'charge.refunded',
      data: { object: { id: 'ch_test_1', object: 'charge', payment_intent: intent, amount_refunded: 450 } },
    };
    expect((await sendWebhook(refunded)).status).toBe(200);
    expect((await sendWebhook(refunded)).status).toBe(200);
    expect((await refundsOf(body.orderId)).map((r) => [r.amountPennies, r.status])).toEqual([
      [450, 'succeeded'],
    ]);
    // A later event with the same total adds nothing.
    expect((await sendWebhook({ ...refunded, id: `${refunded.id}_b` })).status).toBe(200);
    expect(await refundsOf(body.orderId)).toHaveLength(1);
  });

  it('closes the Stripe page of a pending order the customer cancels', async () => {
    const { body } = await checkout();
    const res = await api(t, 'POST', `/api/account/orders/${body.orderId}/cancel`, {}, cookie);
    expect(res.status).toBe(200);
    expect(standIn.sessions.get(body.sessionId)!.status).toBe('expired');
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/checkout/sessions/${body.sessionId}/expire`,
    });
  });
});
