import Stripe from 'stripe';
import { isUuid } from '~/shared/ids';
import { fulfilmentNoun } from '~/shared/orders/fulfilment';
import { formatBakeDay } from '~/shared/time/london-time';
import type { Config } from '../config';
import { AppError, badRequest } from '../errors';
import type { Logger } from '../logger';
import type { PaymentAction, PaymentOrder, PaymentProvider, ProviderPayment } from './payment-provider';
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

/** What a Checkout Session says was paid; an order id that is not one of ours is dropped. */
function paymentOf(session: Stripe.Checkout.Session): ProviderPayment {
  const orderId = session.client_reference_id ?? session.metadata?.order_id ?? null;
  return {
    sessionId: session.id,
    orderId: isUuid(orderId) ? orderId : null,
    paymentIntentId: paymentIntentOf(session),
    amount: amountOf(session),
  };
}

/** The one place Stripe's event names are read: what each means to the shop. */
export function actionOf(event: Stripe.Event): PaymentAction {
  switch (event.type) {
    case 'checkout.session.completed':
      // Card payments are paid on completion; delayed methods confirm with async_payment_succeeded.
      return event.data.object.payment_status === 'paid'
        ? { kind: 'paid', payment: paymentOf(event.data.object) }
        : { kind: 'pending' };
    case 'checkout.session.async_payment_succeeded':
      return { kind: 'paid', payment: paymentOf(event.data.object) };
    case 'checkout.session.async_payment_failed':
      return { kind: 'failed' };
    case 'checkout.session.expired':
      return { kind: 'expired', sessionId: event.data.object.id };
    case 'payment_intent.succeeded': {
      // A saved card's charge (the Cookie Club): ours only when it names the order's payment.
      const intent = event.data.object;
      const reference = intent.metadata?.payment_reference;
      const orderId = intent.metadata?.order_id ?? null;
      if (!reference) return { kind: 'ignored' };
      return {
        kind: 'paid',
        payment: {
          sessionId: reference,
          orderId: isUuid(orderId) ? orderId : null,
          paymentIntentId: intent.id,
          amount: { pennies: intent.amount_received, currency: intent.currency },
        },
      };
    }
    case 'payment_intent.payment_failed':
      return intentReference(event.data.object) ? { kind: 'failed' } : { kind: 'ignored' };
    case 'charge.refunded': {
      // Refunds made in Stripe's own dashboard: the charge says how much is refunded in all.
      const charge = event.data.object;
      const intent =
        typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
      return { kind: 'refunded', paymentIntentId: intent ?? null, refundedPennies: charge.amount_refunded };
    }
    default:
      return { kind: 'ignored' };
  }
}

const intentReference = (intent: Stripe.PaymentIntent) => intent.metadata?.payment_reference ?? null;

/** "Visa ending 4242" from a card PaymentMethod. */
function cardLabel(pm: Stripe.PaymentMethod | string | null): string {
  if (!pm || typeof pm === 'string' || !pm.card) return 'Card';
  const brand = pm.card.brand ? pm.card.brand[0]!.toUpperCase() + pm.card.brand.slice(1) : 'Card';
  return `${brand} ending ${pm.card.last4}`;
}

/** Stripe Checkout: a hosted page priced line by line from our order, in pounds sterling. */
export function createStripeProvider(
  stripe: Stripe,
  publicUrl: string,
  webhooks: { secret: string | null; log: Logger } | null = null,
): PaymentProvider {
  return {
    name: 'stripe',
    async createSession(order: PaymentOrder) {
      // "Delivery on Saturday 28 November" or "Collection on ...": the fee's line and the payment's description.
      const noun = fulfilmentNoun(order.fulfilment);
      // A posted order: "Dispatched Tuesday 1 December, usually with you in 2-3 days".
      const deliveryName =
        order.dispatch ?? (order.deliveryDate ? `${noun} on ${formatBakeDay(order.deliveryDate)}` : noun);
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
      // Gift cards (decision 044) pay part of it the same way: Stripe takes one coupon per page,
      // so a code and gift cards share it ("SPRING10 + gift card").
      const giftPennies = (order.giftCards ?? []).reduce((sum, g) => sum + g.pennies, 0);
      const off = (order.discount?.pennies ?? 0) + giftPennies;
      const offName = [order.discount?.code, giftPennies > 0 ? 'gift card' : null]
        .filter(Boolean)
        .join(' + ');
      const discounts =
        off > 0
          ? [
              {
                coupon: (
                  await stripe.coupons.create(
                    {
                      amount_off: off,
                      currency: 'gbp',
                      duration: 'once',
                      name: offName,
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
          // Back to the origin the customer paid from, one the shop serves.
          success_url: order.returnPath
            ? `${order.returnOrigin ?? publicUrl}${order.returnPath}`
            : `${order.returnOrigin ?? publicUrl}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
          // Cancel cancels the order and takes the customer back to the checkout as they left it.
          cancel_url: order.returnPath
            ? `${order.returnOrigin ?? publicUrl}${order.returnPath}`
            : `${order.returnOrigin ?? publicUrl}/checkout/cancel/${order.orderId}`,
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
        eventId: `reconcile_${sessionId}`,
        eventType: 'checkout.session.reconciled',
        action:
          session.payment_status === 'paid'
            ? { kind: 'paid', payment: paymentOf(session) }
            : { kind: 'pending' },
      };
    },

    /**
     * Verifies a webhook on its raw body (Stripe signs the exact bytes). A bad or stale signature
     * is a 400; without a webhook secret nothing can be verified (503).
     */
    async readWebhook(rawBody: string, signature: string | undefined) {
      if (!webhooks?.secret) {
        webhooks?.log.error('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be verified');
        throw new AppError(503, 'webhook_not_configured', 'Webhook verification is not configured');
      }
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(rawBody, signature ?? '', webhooks.secret);
      } catch (err) {
        webhooks.log.warn(
          { err: err instanceof Error ? err.message : err },
          'Stripe webhook with a bad signature',
        );
        throw badRequest('Invalid webhook signature');
      }
      // A card-saving page (setup mode) completed: the card is on its SetupIntent, asked for here.
      if (event.type === 'checkout.session.completed' && event.data.object.mode === 'setup') {
        const session = event.data.object;
        const setupId =
          typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent?.id;
        if (!setupId) return { eventId: event.id, eventType: event.type, action: { kind: 'ignored' } };
        const setup = await stripe.setupIntents.retrieve(setupId, { expand: ['payment_method'] });
        const pm = setup.payment_method;
        const customer = typeof setup.customer === 'string' ? setup.customer : (setup.customer?.id ?? null);
        if (!pm) return { eventId: event.id, eventType: event.type, action: { kind: 'ignored' } };
        return {
          eventId: event.id,
          eventType: event.type,
          action: {
            kind: 'card_saved',
            setupSessionId: session.id,
            card: {
              customerId: customer ?? (typeof session.customer === 'string' ? session.customer : null),
              paymentMethodId: typeof pm === 'string' ? pm : pm.id,
              label: cardLabel(pm),
            },
          },
        };
      }
      return { eventId: event.id, eventType: event.type, action: actionOf(event) };
    },

    savedCards: {
      // Checkout in setup mode: Stripe's hosted page saves the card to the customer, charging nothing.
      async openSetup({ reference, customerEmail, customerId, description, returnPath }) {
        const customer =
          customerId ??
          (
            await stripe.customers.create(
              { email: customerEmail, metadata: { reference } },
              { idempotencyKey: `club-customer-${reference}` },
            )
          ).id;
        const session = await stripe.checkout.sessions.create({
          mode: 'setup',
          currency: 'gbp',
          customer,
          metadata: { reference },
          setup_intent_data: { metadata: { reference }, description },
          success_url: `${publicUrl}${returnPath}`,
          cancel_url: `${publicUrl}${returnPath}`,
        });
        if (!session.url) throw new Error(`Stripe session ${session.id} came back without a url`);
        return { sessionId: session.id, url: session.url, customerId: customer };
      },

      // An off-session PaymentIntent: the key makes a retried request the same charge.
      async charge({ card, amountPennies, idempotencyKey, orderId, paymentReference, description }) {
        try {
          const intent = await stripe.paymentIntents.create(
            {
              amount: amountPennies,
              currency: 'gbp',
              customer: card.customerId ?? undefined,
              payment_method: card.paymentMethodId,
              off_session: true,
              confirm: true,
              description,
              metadata: { order_id: orderId, payment_reference: paymentReference },
            },
            { idempotencyKey },
          );
          if (intent.status !== 'succeeded') {
            return { ok: false, code: intent.status, message: 'The payment needs the cardholder.' };
          }
          return {
            ok: true,
            paymentIntentId: intent.id,
            amount: { pennies: intent.amount_received, currency: intent.currency },
            eventType: 'payment_intent.succeeded',
          };
        } catch (err) {
          // A refusal by the card is an answer; anything else (network, Stripe down) is retried.
          if (err instanceof Stripe.errors.StripeCardError) {
            return { ok: false, code: err.code ?? 'card_declined', message: err.message };
          }
          throw err;
        }
      },

      async detach(card) {
        try {
          await stripe.paymentMethods.detach(card.paymentMethodId);
        } catch (err) {
          // Already detached (or never attached): nothing left to charge, which is what was asked.
          if (err instanceof Stripe.errors.StripeInvalidRequestError) return;
          throw err;
        }
      },
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
