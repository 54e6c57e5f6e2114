import { asc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { TestCardSchema } from '~/shared/schemas/checkout';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { orderItems, orders } from '../db/schema';
import { AppError, badRequest, notFound, parseOrThrow } from '../errors';
import type { Logger } from '../logger';
import type { MailService } from '../mail/mail-service';
import { createFulfilment, type FulfilmentResult } from './fulfilment';
import type { PaymentProvider } from './payment-provider';
import { amountOf, createStripeClient, createStripeProvider } from './stripe-provider';
import { createTestProvider, TEST_SESSION_PREFIX, testCardOutcome } from './test-provider';

/** The order behind a test payment page: what the customer is asked to pay. */
export interface TestPaymentView {
  sessionId: string;
  paid: boolean;
  lines: { name: string; quantity: number; unitPricePennies: number }[];
  subtotalPennies: number;
  deliveryFeePennies: number;
  totalPennies: number;
}

const MAX_SESSION_ID = 255;

/**
 * Payments: picks the provider (Stripe when configured, else the built-in test page), and turns
 * the provider's confirmations (signed webhooks, the test page, the success page's check) into
 * paid orders through one fulfilment function.
 */
export function createPaymentsService(config: Config, db: Db, mail: MailService, log: Logger) {
  const stripe: Stripe | null = config.stripe ? createStripeClient(config.stripe) : null;
  const provider: PaymentProvider = stripe
    ? createStripeProvider(stripe, config.publicUrl)
    : createTestProvider(config.publicUrl);
  const { fulfil, recordEvent } = createFulfilment(db, mail, log);

  async function orderBySession(sessionId: string) {
    if (!sessionId || sessionId.length > MAX_SESSION_ID) return null;
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId)).limit(1);
    return order ?? null;
  }

  /** The test page exists only while the test provider is the one in use. */
  async function testOrder(sessionId: string) {
    const order =
      provider.name === 'test' && sessionId.startsWith(TEST_SESSION_PREFIX)
        ? await orderBySession(sessionId)
        : null;
    if (order?.paymentProvider !== 'test') throw notFound('Payment session not found');
    return order;
  }

  async function handleCheckoutSession(event: Stripe.Event, session: Stripe.Checkout.Session) {
    const orderId = session.client_reference_id ?? session.metadata?.order_id ?? null;
    return fulfil({
      provider: 'stripe',
      eventId: event.id,
      eventType: event.type,
      sessionId: session.id,
      orderId: orderId && /^[0-9a-f-]{36}$/i.test(orderId) ? orderId : null,
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
      let result: FulfilmentResult | 'recorded' | 'duplicate_event' | 'ignored' = 'ignored';
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
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_failed':
          // The order stays pending and unpaid; the customer's basket is still in their browser.
          result = (await recordEvent('stripe', event.id, event.type)) ? 'recorded' : 'duplicate_event';
          break;
      }
      log.info({ eventId: event.id, type: event.type, result }, 'Stripe webhook');
      return { received: true as const, result };
    },

    /**
     * The success page's check: when the order is still pending, ask the provider whether the
     * session was paid and fulfil it if so, so a late webhook never leaves a paid order pending.
     */
    async reconcile(sessionId: string): Promise<{ found: boolean; paid: boolean }> {
      const order = await orderBySession(sessionId);
      if (!order) return { found: false, paid: false };
      if (order.paidAt) return { found: true, paid: true };
      if (order.paymentProvider !== provider.name) return { found: true, paid: false };
      let state: Awaited<ReturnType<PaymentProvider['retrieveSession']>>;
      try {
        state = await provider.retrieveSession(sessionId);
      } catch (err) {
        log.warn({ err, sessionId }, 'could not ask the payment provider about a session');
        return { found: true, paid: false };
      }
      if (!state?.paid) return { found: true, paid: false };
      await fulfil({
        provider: provider.name,
        eventId: `reconcile_${sessionId}`,
        eventType: 'checkout.session.reconciled',
        sessionId,
        orderId: order.id,
        amount: state.amount,
      });
      return { found: true, paid: !!(await orderBySession(sessionId))?.paidAt };
    },

    /** What the test payment page shows; 404 unless it is an open test session. */
    async getTestPayment(sessionId: string): Promise<TestPaymentView> {
      const order = await testOrder(sessionId);
      const lines = await db
        .select({
          name: orderItems.productName,
          quantity: orderItems.quantity,
          unitPricePennies: orderItems.unitPricePennies,
        })
        .from(orderItems)
        .where(eq(orderItems.orderId, order.id))
        .orderBy(asc(orderItems.productName));
      return {
        sessionId,
        paid: order.paidAt !== null,
        lines,
        subtotalPennies: order.subtotalPennies,
        deliveryFeePennies: order.deliveryFeePennies,
        totalPennies: order.totalPennies,
      };
    },

    /**
     * Pays a test session with a test card: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is
     * declined (402), anything else is refused. Paying an already paid session changes nothing.
     */
    async payTestSession(sessionId: string, card: unknown): Promise<{ redirectTo: string }> {
      const order = await testOrder(sessionId);
      const redirectTo = `/checkout/success?session_id=${encodeURIComponent(sessionId)}`;
      if (order.paidAt) return { redirectTo };
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
