import type Stripe from 'stripe';
import { formatBakeDay } from '~/shared/bake-days/london-time';
import { isUuid } from '~/shared/ids';
import type { Actor } from '~/shared/orders/actor';
import { fulfilmentNoun } from '~/shared/orders/fulfilment-words';
import type { ManualPaymentMethod } from '~/shared/orders/manual-payment';
import { type SummaryFigures, type SummaryRow, summaryRows } from '~/shared/pricing/summary-rows';
import { TestCardSchema } from '~/shared/schemas/checkout';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, badRequest, notFound, parseOrThrow } from '../errors';
import type { Logger } from '../logger';
import type { OrdersService } from '../orders/orders-service';
import { createFulfilment, type FulfilmentResult } from './fulfilment';
import type { PaymentProvider } from './payment-provider';
import { amountOf, paymentIntentOf } from './stripe-session';
import { createTestProvider, TEST_SESSION_PREFIX, testCardOutcome } from './test-provider';

/** The provider in use: Stripe when configured, else the built-in test page. */
export async function createPaymentProvider(
  config: Config,
): Promise<{ provider: PaymentProvider; stripe: Stripe | null }> {
  if (!config.stripe) return { provider: createTestProvider(config.publicUrl), stripe: null };
  // Stripe's SDK holds ~20 MB of memory: only a shop that takes payments through it loads it.
  const { createStripeClient, createStripeProvider } = await import('./stripe-provider');
  const stripe = createStripeClient(config.stripe);
  return { provider: createStripeProvider(stripe, config.publicUrl), stripe };
}

/** The order behind a test payment page: what the customer is asked to pay. */
export interface TestPaymentView {
  sessionId: string;
  /** Cancel goes to /checkout/cancel/:orderId, as Stripe's `cancel_url` does. */
  orderId: string;
  paid: boolean;
  /** "Order #1a2b3c4d · Delivery Wednesday 25 November" (or "· Collection ..."), as a hosted page describes what is paid for. */
  description: string;
  lines: { name: string; quantity: number; unitPricePennies: number }[];
  /** Subtotal, any discount, delivery or collection, total: as every other summary shows them. */
  summary: SummaryRow[];
  totalPennies: number;
}

/**
 * Payments: picks the provider (Stripe when configured, else the built-in test page), and turns
 * the provider's confirmations (signed webhooks, the test page, the success page's check) into
 * paid orders through one fulfilment function.
 */
export function createPaymentsService(
  config: Config,
  db: Db,
  orders: OrdersService,
  { provider, stripe }: Awaited<ReturnType<typeof createPaymentProvider>>,
  log: Logger,
) {
  const { fulfil, recordEvent } = createFulfilment(db, orders, log);

  /** The test page exists only while the test provider is in use, and only while its order can be paid. */
  const isTestSession = (sessionId: string) =>
    provider.name === 'test' && sessionId.startsWith(TEST_SESSION_PREFIX);

  async function testOrder(sessionId: string) {
    const order = isTestSession(sessionId) ? await orders.getBySessionId(sessionId) : null;
    if (order?.payment.provider !== 'test') throw notFound('Payment session not found');
    return order;
  }

  async function handleCheckoutSession(event: Stripe.Event, session: Stripe.Checkout.Session) {
    const orderId = session.client_reference_id ?? session.metadata?.order_id ?? null;
    return fulfil({
      provider: 'stripe',
      eventId: event.id,
      eventType: event.type,
      sessionId: session.id,
      orderId: isUuid(orderId) ? orderId : null,
      paymentIntentId: paymentIntentOf(session),
      amount: amountOf(session),
    });
  }

  return {
    provider,

    /**
     * Verifies a Stripe webhook on its raw body and acts on it. A bad or stale signature is a 400
     * and changes nothing; events we do not act on are acknowledged so Stripe stops resending.
     */
    async handleStripeWebhook(rawBody: string, signature: string | undefined) {
      if (!stripe || !config.stripe) throw notFound('Stripe is not configured');
      if (!config.stripe.webhookSecret) {
        log.error('STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks cannot be verified');
        throw new AppError(503, 'webhook_not_configured', 'Webhook verification is not configured');
      }
      let event: Stripe.Event;
      try {
        event = await stripe.webhooks.constructEventAsync(
          rawBody,
          signature ?? '',
          config.stripe.webhookSecret,
        );
      } catch (err) {
        log.warn({ err: err instanceof Error ? err.message : err }, 'Stripe webhook with a bad signature');
        throw badRequest('Invalid webhook signature');
      }
      let result: FulfilmentResult | 'recorded' | 'cancelled' | 'in_step' | 'ignored' = 'ignored';
      switch (event.type) {
        case 'checkout.session.completed':
          // Card payments are paid on completion; delayed methods confirm with async_payment_succeeded.
          result =
            event.data.object.payment_status === 'paid'
              ? await handleCheckoutSession(event, event.data.object)
              : (await recordEvent('stripe', event.id, event.type))
                ? 'recorded'
                : 'duplicate_event';
          break;
        case 'checkout.session.async_payment_succeeded':
          result = await handleCheckoutSession(event, event.data.object);
          break;
        case 'checkout.session.async_payment_failed':
          // The order stays pending and unpaid until its page expires; the basket is still in the browser.
          result = (await recordEvent('stripe', event.id, event.type)) ? 'recorded' : 'duplicate_event';
          break;
        case 'checkout.session.expired':
          // An abandoned payment page: its unpaid order is cancelled (and frees what it held).
          result = (await recordEvent('stripe', event.id, event.type))
            ? (await orders.expireSession(event.data.object.id))
              ? 'cancelled'
              : 'recorded'
            : 'duplicate_event';
          break;
        case 'charge.refunded': {
          // Refunds made in Stripe's own dashboard become refund rows of the order.
          const charge = event.data.object;
          const intent =
            typeof charge.payment_intent === 'string' ? charge.payment_intent : charge.payment_intent?.id;
          if (!(await recordEvent('stripe', event.id, event.type))) result = 'duplicate_event';
          else if (intent)
            result = await orders.reconcileProviderRefunds(intent, charge.amount_refunded, event.id);
          break;
        }
      }
      log.info({ eventId: event.id, type: event.type, result }, 'Stripe webhook');
      return { received: true as const, result };
    },

    /**
     * The success page's check: when the order is still pending, ask the provider whether the
     * session was paid and fulfil it if so, so a late webhook never leaves a paid order pending.
     */
    async reconcile(sessionId: string): Promise<{
      found: boolean;
      paid: boolean;
      orderNumber: string | null;
      deliveryDate: string | null;
      /** What was paid, as the summary shows it. */
      figures: SummaryFigures | null;
    }> {
      const order = await orders.getBySessionId(sessionId);
      if (!order) return { found: false, paid: false, orderNumber: null, deliveryDate: null, figures: null };
      const seen = {
        found: true,
        orderNumber: order.number,
        deliveryDate: order.delivery_date,
        figures: {
          subtotal_pennies: order.subtotal_pennies,
          discount: order.discount,
          delivery_fee_pennies: order.delivery_fee_pennies,
          total_pennies: order.total_pennies,
          fulfilment: order.fulfilment,
        },
      };
      if (order.paid_at) return { ...seen, paid: true };
      if (order.payment.provider !== provider.name) return { ...seen, paid: false };
      let state: Awaited<ReturnType<PaymentProvider['retrieveSession']>>;
      try {
        state = await provider.retrieveSession(sessionId);
      } catch (err) {
        log.warn({ err, sessionId }, 'could not ask the payment provider about a session');
        return { ...seen, paid: false };
      }
      if (!state?.paid) return { ...seen, paid: false };
      await fulfil({
        provider: provider.name,
        eventId: `reconcile_${sessionId}`,
        eventType: 'checkout.session.reconciled',
        sessionId,
        orderId: order.id,
        paymentIntentId: state.paymentIntentId,
        amount: state.amount,
      });
      return { ...seen, paid: !!(await orders.getBySessionId(sessionId))?.paid_at };
    },

    /**
     * The owner's "Mark as paid": money taken by hand (cash, bank transfer, card in person) is
     * recorded through the same fulfilment as a provider's payment (docs/decisions/032), so it
     * pays the order, books its delivery and sends the same e-mails. The form's request key is
     * the event id: a double click records one payment.
     */
    async markAsPaid(
      orderId: string,
      input: { method: ManualPaymentMethod; amountPennies: number; requestKey: string },
      actor: Actor,
    ) {
      if (!isUuid(orderId)) throw notFound('Order not found');
      const result = await fulfil({
        provider: 'manual',
        eventId: `manual_${orderId}_${input.requestKey}`,
        eventType: 'manual.payment',
        sessionId: `manual_${input.requestKey}`,
        orderId,
        amount: { pennies: input.amountPennies, currency: 'gbp' },
        manual: { method: input.method, actor },
      });
      if (result === 'unknown_order') throw notFound('Order not found');
      return orders.getForAdmin(orderId);
    },

    /** What the test payment page shows; 404 unless it is an open test session. */
    async getTestPayment(sessionId: string): Promise<TestPaymentView> {
      const order = await testOrder(sessionId);
      return {
        sessionId,
        orderId: order.id,
        paid: order.paid_at !== null,
        description: order.delivery_date
          ? `Order ${order.number} · ${fulfilmentNoun(order.fulfilment)} ${formatBakeDay(order.delivery_date)}`
          : `Order ${order.number}`,
        lines: order.items.map((i) => ({
          name: i.product_name,
          quantity: i.quantity,
          unitPricePennies: i.unit_price_pennies,
        })),
        summary: summaryRows(order),
        totalPennies: order.total_pennies,
      };
    },

    /**
     * Pays a test session with a test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
     * declined (402), anything else is refused. Paying an already paid session changes nothing.
     */
    async payTestSession(sessionId: string, card: unknown): Promise<{ redirectTo: string }> {
      // Paying needs only the order's id, state, expiry and total: not the view the page draws.
      const order = isTestSession(sessionId) ? await orders.getPaymentBySessionId(sessionId) : null;
      if (order?.provider !== 'test') throw notFound('Payment session not found');
      const redirectTo = `/checkout/success?session_id=${encodeURIComponent(sessionId)}`;
      if (order.paidAt) return { redirectTo };
      // Like a hosted page, an expired test page takes no payment.
      if (order.expiresAt && order.expiresAt <= new Date()) {
        throw new AppError(410, 'session_expired', 'This payment page has expired.');
      }
      const { cardNumber } = parseOrThrow(TestCardSchema, card);
      const outcome = testCardOutcome(cardNumber);
      if (!outcome.ok) throw new AppError(402, outcome.code, outcome.message);
      await fulfil({
        provider: 'test',
        eventId: `test_evt_${sessionId.slice(TEST_SESSION_PREFIX.length)}`,
        eventType: 'checkout.session.completed',
        sessionId,
        orderId: order.id,
        amount: { pennies: order.totalPennies, currency: 'gbp' },
      });
      return { redirectTo };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
