import { count, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubDeliveries, orderPayments, subscriptions } from '~/server/db/schema';
import { addDays, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { type StripeStandIn, stripeTestApp } from '~/test/doubles/stripe-stand-in';
import { api, createProduct, createUser } from '~/test/factories';
import type { TestApp } from '~/test/test-app';
import { asOfInstant } from './club-service';

// The Cookie Club on Stripe (through the stand-in): setup-mode Checkout saves the card, boxes are
// off-session PaymentIntents with one idempotency key per attempt, and every signed webhook can be
// replayed without a second charge or a second payment.
const WEBHOOK_SECRET = 'whsec_club_secret';
const stripe = new Stripe('sk_test_standin');
const today = londonDate(new Date());
let standIn: StripeStandIn;
let t: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ t, standIn, close } = await stripeTestApp(WEBHOOK_SECRET, { RATE_LIMITS: 'false' }));
  await t.services.bakeDays.saveTemplate(everyDayTemplate({ horizonDays: 60 }));
});
afterAll(() => close?.());

let eventSeq = 0;
function sendWebhook(type: string, object: object, id = `evt_club_${eventSeq++}`) {
  const body = JSON.stringify({ id, object: 'event', type, data: { object } });
  return t.app.request('/api/payments/stripe/webhook', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
    },
    body,
  });
}

const intentRequests = () => standIn.requests.filter((r) => r.path === '/v1/payment_intents');
const deliveriesOf = (id: string) =>
  t.services.db
    .select()
    .from(clubDeliveries)
    .where(eq(clubDeliveries.subscriptionId, id))
    .orderBy(clubDeliveries.scheduledDate);
const paymentsOf = async (orderId: string) =>
  (
    await t.services.db.select({ n: count() }).from(orderPayments).where(eq(orderPayments.orderId, orderId))
  )[0]!.n;

async function join(declinedLater = false) {
  const product = await createProduct(t.services, { name: 'Ginger', pricePennies: 250 });
  const user = await createUser(t);
  // Three days ahead: its cut-off (14:00 the day before) stays ahead when the clock moves a day.
  const firstDate = addDays(today, 3);
  const res = await api(
    t,
    'POST',
    '/api/subscriptions/join',
    { product_id: product.id, quantity: 4, every_weeks: 4, first_date: firstDate },
    user.cookie,
  );
  expect(res.status, await res.clone().text()).toBe(200);
  const { subscriptionId, sessionId, url } = await res.json();
  expect(url).toBe(`https://checkout.stripe.test/c/pay/${sessionId}`);
  const session = standIn.completeSetup(sessionId, { declinedLater });
  return { subscriptionId: subscriptionId as string, session, firstDate, user };
}

describe('the Cookie Club on Stripe', () => {
  it('detaches the saved card at Stripe when the member deletes their account, and charges nothing more', async () => {
    const { subscriptionId, session, firstDate, user } = await join();
    await sendWebhook('checkout.session.completed', { ...session, status: 'complete' });
    const [sub] = await t.services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(sub).toMatchObject({ status: 'active', paymentMethodId: 'pm_card_visa' });
    const charged = intentRequests().length;
    expect(
      (await api(t, 'POST', '/api/account/delete', { password: user.password }, user.cookie)).status,
    ).toBe(200);
    const detached = standIn.requests.filter((r) => r.path === '/v1/payment_methods/pm_card_visa/detach');
    expect(detached).toHaveLength(1);
    await t.services.subscriptions.runDue(asOfInstant(addDays(firstDate, 28 - 3)));
    expect(intentRequests()).toHaveLength(charged);
    expect(await deliveriesOf(subscriptionId)).toHaveLength(1);
  });

  it('saves the card with Checkout in setup mode and charges the first box once, however often Stripe says so', async () => {
    const { subscriptionId, session, firstDate } = await join();
    const created = standIn.requests.find(
      (r) => r.path === '/v1/checkout/sessions' && r.form.get('mode') === 'setup',
    );
    expect(created!.form.get('customer')).toMatch(/^cus_test_/);
    const completed = { ...session, status: 'complete' };
    const id = `evt_setup_${subscriptionId}`;
    // The same event twice, and a second delivery under another id.
    for (const eventId of [id, id, `${id}_again`]) {
      expect((await sendWebhook('checkout.session.completed', completed, eventId)).status).toBe(200);
    }
    const [sub] = await t.services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(sub).toMatchObject({
      status: 'active',
      paymentMethodId: 'pm_card_visa',
      cardLabel: 'Visa ending 4242',
    });
    const [delivery] = await deliveriesOf(subscriptionId);
    expect(delivery).toMatchObject({ scheduledDate: firstDate, status: 'paid', attempts: 1 });
    const sent = intentRequests().filter(
      (r) => r.form.get('metadata[payment_reference]') === `club_${delivery!.id}`,
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.headers['idempotency-key']).toBe(`club-${delivery!.id}-1`);
    expect(sent[0]!.form.get('off_session')).toBe('true');
    expect(sent[0]!.form.get('amount')).toBe('1499');

    // Stripe's own word on the charge, replayed: still one payment.
    const intent = [...standIn.paymentIntents.values()].find(
      (p) => 'metadata' in p && p.metadata.payment_reference === `club_${delivery!.id}`,
    )!;
    for (const eventId of ['evt_pi_1', 'evt_pi_1', 'evt_pi_2']) {
      expect((await sendWebhook('payment_intent.succeeded', intent, eventId)).status).toBe(200);
    }
    expect(await paymentsOf(delivery!.orderId!)).toBe(1);

    // Two schedulers race for the next box: one PaymentIntent.
    const next = addDays(firstDate, 28);
    const asOf = asOfInstant(addDays(next, -3));
    await Promise.all([t.services.subscriptions.runDue(asOf), t.services.subscriptions.runDue(asOf)]);
    const deliveries = await deliveriesOf(subscriptionId);
    expect(deliveries.map((b) => b.status)).toEqual(['paid', 'paid']);
    const second = intentRequests().filter(
      (r) => r.form.get('metadata[payment_reference]') === `club_${deliveries[1]!.id}`,
    );
    expect(second).toHaveLength(1);
    expect(await paymentsOf(deliveries[1]!.orderId!)).toBe(1);
  });

  it('asks a charge left unanswered again with the same idempotency key: one charge', async () => {
    const { subscriptionId, session } = await join();
    standIn.loseNextPaymentIntentAnswer();
    await sendWebhook('checkout.session.completed', { ...session, status: 'complete' });
    const [delivery] = await deliveriesOf(subscriptionId);
    expect(delivery).toMatchObject({ status: 'charging', attempts: 1 });
    expect(await paymentsOf(delivery!.orderId!)).toBe(0);
    // Ten minutes on, the box is still "charging": asked again.
    await t.services.db
      .update(clubDeliveries)
      .set({ status: 'charging', chargeStartedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(clubDeliveries.id, delivery!.id));
    await t.services.subscriptions.runDue();
    const sent = intentRequests().filter(
      (r) => r.form.get('metadata[payment_reference]') === `club_${delivery!.id}`,
    );
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual([
      `club-${delivery!.id}-1`,
      `club-${delivery!.id}-1`,
    ]);
    expect((await deliveriesOf(subscriptionId))[0]!.status).toBe('paid');
    expect(await paymentsOf(delivery!.orderId!)).toBe(1);
  });

  it('leaves a declined box unpaid and failing, with a new key for the retry', async () => {
    const { subscriptionId, session } = await join(true);
    await sendWebhook('checkout.session.completed', { ...session, status: 'complete' });
    const [delivery] = await deliveriesOf(subscriptionId);
    expect(delivery).toMatchObject({ status: 'due', attempts: 1, lastError: 'Your card was declined.' });
    const [sub] = await t.services.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(sub!.status).toBe('failing');
    await t.services.subscriptions.runDue(asOfInstant(addDays(today, 1)));
    const sent = intentRequests().filter(
      (r) => r.form.get('metadata[payment_reference]') === `club_${delivery!.id}`,
    );
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual([
      `club-${delivery!.id}-1`,
      `club-${delivery!.id}-2`,
    ]);
    expect(await paymentsOf(delivery!.orderId!)).toBe(0);
  });

  it('refuses a webhook with a bad signature', async () => {
    const res = await t.app.request('/api/payments/stripe/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=bad' },
      body: JSON.stringify({ id: 'evt_x', type: 'payment_intent.succeeded', data: { object: {} } }),
    });
    expect(res.status).toBe(400);
  });
});
