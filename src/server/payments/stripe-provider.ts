import Stripe from 'stripe';
import { formatBakeDay } from '~/shared/bake-days/london-time';
import { fulfilmentNoun } from '~/shared/orders/fulfilment-words';
import type { Config } from '../config';
import type { PaymentOrder, PaymentProvider } from './payment-provider';
import { amountOf, paymentIntentOf } from './stripe-session';

export type StripeSettings = NonNullable<Config['stripe']>;

/** The SDK client; `apiUrl` points it at a local stand-in in tests. */
export function createStripeClient(settings: StripeSettings): Stripe {
  const config: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000 };
  if (settings.apiUrl) {
    const url = new URL(settings.apiUrl);
    config.host = url.hostname;
    config.port = url.port || (url.protocol === 'https:' ? 443 : 80);
    config.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(settings.secretKey, config);
}

/** Stripe Checkout: a hosted page priced line by line from our order, in pounds sterling. */
export function createStripeProvider(stripe: Stripe, publicUrl: string): PaymentProvider {
  return {
    name: 'stripe',
    async createSession(order: PaymentOrder) {
      // "Delivery on Saturday 28 November" or "Collection on ...": the fee's line and the payment's description.
      const noun = fulfilmentNoun(order.fulfilment);
      const deliveryName = order.deliveryDate ? `${noun} on ${formatBakeDay(order.deliveryDate)}` : noun;
      const lines = order.lines.map((line) => ({
        quantity: line.quantity,
        price_data: {
          currency: 'gbp',
          unit_amount: line.unitPricePennies,
          product_data: { name: line.name },
        },
      }));
      if (order.deliveryFeePennies > 0) {
        lines.push({
          quantity: 1,
          price_data: {
            currency: 'gbp',
            unit_amount: order.deliveryFeePennies,
            product_data: { name: deliveryName },
          },
        });
      }
      // A code's discount is a one-off Stripe coupon, so the page shows "SPRING10 −£3.00" and
      // charges exactly our total.
      const discounts = order.discount
        ? [
            {
              coupon: (
                await stripe.coupons.create(
                  {
                    amount_off: order.discount.pennies,
                    currency: 'gbp',
                    duration: 'once',
                    name: order.discount.code,
                    max_redemptions: 1,
                  },
                  { idempotencyKey: `coupon-${order.orderId}` },
                )
              ).id,
            },
          ]
        : undefined;
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          currency: 'gbp',
          line_items: lines,
          discounts,
          client_reference_id: order.orderId,
          metadata: { order_id: order.orderId },
          payment_intent_data: { metadata: { order_id: order.orderId }, description: deliveryName },
          customer_email: order.customerEmail,
          // Stripe takes 30 minutes to 24 hours; our sweep uses the order's own expiry.
          expires_at: Math.floor(order.expiresAt.getTime() / 1000),
          success_url: `${publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
          // Cancel cancels the order and takes the customer back to the checkout as they left it.
          cancel_url: `${publicUrl}/checkout/cancel/${order.orderId}`,
        },
        // A retried request for the same order gets the same session, never a second charge.
        { idempotencyKey: `checkout-${order.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe session ${session.id} came back without a url`);
      return { sessionId: session.id, url: session.url };
    },

    async retrieveSession(sessionId: string) {
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      return {
        paid: session.payment_status === 'paid',
        paymentIntentId: paymentIntentOf(session),
        orderId: session.client_reference_id ?? session.metadata?.order_id ?? null,
        amount: amountOf(session),
      };
    },

    async refund({ sessionId, paymentIntentId, amountPennies, idempotencyKey }) {
      const intent = paymentIntentId ?? paymentIntentOf(await stripe.checkout.sessions.retrieve(sessionId));
      if (!intent) throw new Error(`Stripe session ${sessionId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: intent, amount: amountPennies, metadata: { refund_key: idempotencyKey } },
        { idempotencyKey: `refund-${idempotencyKey}` },
      );
      return { refundId: refund.id };
    },

    async expireSession(sessionId: string) {
      await stripe.checkout.sessions.expire(sessionId);
    },
  };
}
