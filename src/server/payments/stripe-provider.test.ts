import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '~/test/doubles/stripe-stand-in';
import type { PaymentOrder } from './payment-provider';
import { createStripeClient, createStripeProvider } from './stripe-provider';

let standIn: StripeStandIn;
beforeAll(async () => {
  standIn = await startStripeStandIn();
});
afterAll(() => standIn.close());

/** Opens a Checkout Session for the order and returns the form Stripe was sent. */
async function sentFor(order: Partial<PaymentOrder>) {
  const stripe = createStripeClient({
    secretKey: 'sk_test_standin',
    webhookSecret: 'whsec_x',
    apiUrl: standIn.url,
  });
  await createStripeProvider(stripe, 'http://shop.test').createSession({
    orderId: crypto.randomUUID(),
    expiresAt: new Date(Date.now() + 30 * 60_000),
    customerEmail: 'mary@example.com',
    lines: [{ name: 'Shortbread', unitPricePennies: 450, quantity: 2 }],
    discount: null,
    deliveryFeePennies: 0,
    totalPennies: 900,
    deliveryDate: '2026-11-28',
    fulfilment: 'delivery',
    ...order,
  });
  const form = Object.fromEntries(standIn.requests.at(-1)!.form);
  const lineNames = Object.entries(form)
    .filter(([key]) => key.endsWith('[price_data][product_data][name]'))
    .map(([, name]) => name);
  return { description: form['payment_intent_data[description]'], lineNames };
}

describe('what Stripe Checkout is told the payment is for', () => {
  it('a collection is a collection, with no delivery line', async () => {
    const sent = await sentFor({ fulfilment: 'collection' });
    expect(sent.description).toBe('Collection on Saturday 28 November');
    expect(sent.lineNames).toEqual(['Shortbread']);
  });

  it('a delivery names its day on the payment and on its fee line', async () => {
    const sent = await sentFor({ deliveryFeePennies: 499, totalPennies: 1399 });
    expect(sent.description).toBe('Delivery on Saturday 28 November');
    expect(sent.lineNames).toEqual(['Shortbread', 'Delivery on Saturday 28 November']);
  });
});
