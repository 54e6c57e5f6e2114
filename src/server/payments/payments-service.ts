import { giftCardsSentTexts, onlyGiftCards } from '~/shared/gift-cards/gift-card-sent-texts';
import { isUuid } from '~/shared/ids';
import { formatPence } from '~/shared/money/money';
import type { Actor } from '~/shared/orders/actor';
import { fulfilmentNoun } from '~/shared/orders/fulfilment';
import type { ManualPaymentMethod } from '~/shared/orders/manual-payment';
import type { OrderView } from '~/shared/orders/order-view';
import { type SummaryFigures, type SummaryRow, summaryRows } from '~/shared/pricing/summary-rows';
import { formatBakeDay } from '~/shared/time/london-time';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError, notFound } from '../errors';
import type { Logger } from '../logger';
import { customerDeleted } from '../orders/account-deletion';
import type { OrdersService } from '../orders/orders-service';
import { requestForSession } from './part-payments';
import { createPaymentConfirmations } from './payment-confirmations';
import type { PaymentProvider, ProviderEvent, SavedCard } from './payment-provider';
import { createTestProvider } from './test-provider';

/** The provider in use: Stripe when configured, else the built-in test page. */
export async function createPaymentProvider(config: Config, log: Logger): Promise<PaymentProvider> {
  if (!config.stripe) return createTestProvider(config.publicUrl);
  // Stripe's SDK holds ~20 MB of memory: only a shop that takes payments through it loads it.
  const { createStripeClient, createStripeProvider } = await import('./stripe-provider');
  return createStripeProvider(createStripeClient(config.stripe), config.publicUrl, {
    secret: config.stripe.webhookSecret ?? null,
    log,
  });
}

/** What other domains do with a provider's events the payments module does not own. */
export interface PaymentHooks {
  cardSaved?: (setupSessionId: string, card: SavedCard) => Promise<string>;
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
  /** A part payment's own page (decision 088): where Cancel goes instead of the checkout's. */
  returnPath?: string | null;
}

export const ACCOUNT_DELETED_MESSAGE =
  'This order was cancelled when its account was deleted, so this page takes no payment.';

/**
 * Payments: picks the provider (Stripe when configured, else the built-in test page), and turns
 * the provider's confirmations (signed webhooks, the test page, the success page's check) into
 * paid orders through one fulfilment function.
 */
export function createPaymentsService(
  db: Db,
  orders: OrdersService,
  provider: PaymentProvider,
  log: Logger,
  /** Filled in where services are wired: what a saved card means (the Cookie Club, decision 045). */
  hooks: PaymentHooks = {},
) {
  const { confirm, recordEvent } = createPaymentConfirmations(db, orders, log);

  /** The shop's own payment page exists only while its provider is in use, and only for its sessions. */
  const ownsPage = (sessionId: string) => provider.ownPage?.owns(sessionId) ?? false;

  async function testOrder(sessionId: string) {
    const order = ownsPage(sessionId) ? await orders.getBySessionId(sessionId) : null;
    if (!order || order.payment.provider !== provider.name) throw notFound('Payment session not found');
    return order;
  }

  /** Records an event that needs nothing more, so a repeat is recognised. */
  const recorded = async (e: ProviderEvent) =>
    (await recordEvent(provider.name, e.eventId, e.eventType)) ? 'recorded' : 'duplicate_event';

  /** Does what a provider's event means; the provider has already turned its protocol into an action. */
  async function act(e: ProviderEvent) {
    const { action } = e;
    switch (action.kind) {
      case 'paid':
        return confirm({
          provider: provider.name,
          eventId: e.eventId,
          eventType: e.eventType,
          ...action.payment,
        });
      case 'pending':
      // A failed payment leaves the order pending and unpaid until its page expires; the basket is still in the browser.
      case 'failed':
        return recorded(e);
      case 'expired':
        // An abandoned payment page: its unpaid order is cancelled (and frees what it held).
        if ((await recorded(e)) === 'duplicate_event') return 'duplicate_event';
        return (await orders.expireSession(action.sessionId)) ? 'cancelled' : 'recorded';
      case 'refunded':
        // Refunds made in the provider's own dashboard become refund rows of the order.
        if ((await recorded(e)) === 'duplicate_event') return 'duplicate_event';
        if (!action.paymentIntentId) return 'ignored';
        return orders.reconcileProviderRefunds(action.paymentIntentId, action.refundedPennies, e.eventId);
      case 'card_saved':
        // Acted on even when repeated: saving the same card again changes nothing (decision 045).
        await recorded(e);
        return hooks.cardSaved ? hooks.cardSaved(action.setupSessionId, action.card) : 'ignored';
      case 'ignored':
        return 'ignored';
    }
  }

  return {
    provider,

    /** Acts on an event a provider answered with directly (a saved card's charge), as on a webhook's. */
    act,

    /** Saves a card on the test page's card form (the test provider's rules). */
    async saveTestCard(setupSessionId: string, card: unknown) {
      if (!provider.ownPage?.saveCard || !ownsPage(setupSessionId))
        throw notFound('Payment session not found');
      return act(provider.ownPage.saveCard(setupSessionId, card));
    },

    /**
     * Verifies a Stripe webhook on its raw body and acts on it. A bad or stale signature is a 400
     * and changes nothing; events we do not act on are acknowledged so Stripe stops resending.
     */
    async handleStripeWebhook(rawBody: string, signature: string | undefined) {
      if (provider.name !== 'stripe' || !provider.readWebhook) throw notFound('Stripe is not configured');
      const event = await provider.readWebhook(rawBody, signature);
      const result = await act(event);
      log.info({ eventId: event.eventId, type: event.eventType, result }, 'Stripe webhook');
      return { received: true as const, result };
    },

    /**
     * The success page's check: when the order is still pending, ask the provider whether the
     * session was paid and record it if so, so a late webhook never leaves a paid order pending.
     * No session id (the page opened by hand) finds no order.
     */
    async reconcile(sessionId: string): Promise<{
      found: boolean;
      paid: boolean;
      orderNumber: string | null;
      deliveryDate: string | null;
      /** A collection's time slot (decision 084); null without one. */
      collectionSlot: { from: string; to: string } | null;
      /** A posted order's "Dispatched ..., usually with you in 2-3 days" (OrderView's `dispatch`). */
      dispatch: string | null;
      /** What was paid, as the summary shows it. */
      figures: SummaryFigures | null;
      /** Each gift card bought: who it goes to, at which address and when. */
      giftCards: string[];
      /** What has been paid of the order, as its pages say it ("Deposit paid £60.00 of £120.00"). */
      paidState: string | null;
    }> {
      const order = sessionId ? await orders.getBySessionId(sessionId) : null;
      if (!order)
        return {
          found: false,
          paid: false,
          paidState: null,
          orderNumber: null,
          deliveryDate: null,
          collectionSlot: null,
          dispatch: null,
          figures: null,
          giftCards: [],
        };
      const seen = {
        found: true,
        giftCards: giftCardsSentTexts(order.items),
        orderNumber: order.number,
        deliveryDate: order.delivery_date,
        collectionSlot: order.collection_slot,
        dispatch: order.dispatch,
        figures: {
          subtotal_pennies: order.subtotal_pennies,
          discount: order.discount,
          delivery_fee_pennies: order.delivery_fee_pennies,
          total_pennies: order.total_pennies,
          fulfilment: order.fulfilment,
          gift_card_pennies: order.gift_card_pennies,
          gift_cards_only: onlyGiftCards(order.items),
        },
      };
      // This page's money is taken once the order is paid in full, or the part it asked for (a
      // deposit: decision 088) is paid; the order then says what has been paid of it.
      const taken = async (o: OrderView) => !!o.paid_at || !!(await requestForSession(db, sessionId))?.paidAt;
      if (await taken(order)) return { ...seen, paid: true, paidState: order.paid_state };
      const unpaid = { ...seen, paid: false, paidState: order.paid_state };
      if (order.payment.provider !== provider.name) return unpaid;
      let event: ProviderEvent | null;
      try {
        event = await provider.retrieveSession(sessionId);
      } catch (err) {
        log.warn({ err, sessionId }, 'could not ask the payment provider about a session');
        return unpaid;
      }
      if (event?.action.kind !== 'paid') return unpaid;
      // The order found by this session is the one paid, whatever id the provider kept.
      await act({
        ...event,
        action: { kind: 'paid', payment: { ...event.action.payment, sessionId, orderId: order.id } },
      });
      const after = await orders.getBySessionId(sessionId);
      return after ? { ...seen, paid: await taken(after), paidState: after.paid_state } : unpaid;
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
      const result = await confirm({
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
      const asked = await requestForSession(db, sessionId);
      if (asked) {
        const what = asked.purpose === 'deposit' ? 'Deposit' : 'Balance';
        return {
          sessionId,
          orderId: order.id,
          paid: asked.paidAt !== null,
          description: `${what} for order ${order.number}`,
          lines: [
            { name: `${what} for order ${order.number}`, quantity: 1, unitPricePennies: asked.amountPennies },
          ],
          summary: [{ label: 'Total', amount: formatPence(asked.amountPennies), total: true }],
          totalPennies: asked.amountPennies,
          returnPath: asked.returnPath,
        };
      }
      return {
        sessionId,
        orderId: order.id,
        paid: order.paid_at !== null,
        // A posted order's day is its dispatch day, worded as on every page (orderDispatchText).
        description: order.dispatch
          ? `Order ${order.number} · ${order.dispatch}`
          : order.delivery_date
            ? `Order ${order.number} · ${fulfilmentNoun(order.fulfilment)} ${formatBakeDay(order.delivery_date)}`
            : `Order ${order.number}`,
        lines: order.items.map((i) => ({
          name: i.product_name,
          quantity: i.quantity,
          unitPricePennies: i.unit_price_pennies,
        })),
        summary: summaryRows(order),
        totalPennies: order.total_pennies - order.gift_card_pennies,
      };
    },

    /**
     * Pays on the shop's own payment page with a card, by that page's rules (the test provider's).
     * Paying an already paid session changes nothing.
     */
    async payTestSession(sessionId: string, card: unknown): Promise<{ redirectTo: string }> {
      // Paying needs only the order's id, state, expiry and total: not the view the page draws.
      const order = ownsPage(sessionId) ? await orders.getPaymentBySessionId(sessionId) : null;
      if (!order || !provider.ownPage || order.provider !== provider.name) {
        throw notFound('Payment session not found');
      }
      // A part payment's page (decision 088) takes the amount asked for, once, and goes back to its own page.
      const { asked } = order;
      const redirectTo = asked?.returnPath ?? `/checkout/success?session_id=${encodeURIComponent(sessionId)}`;
      if (order.paidAt) return { redirectTo };
      if (asked?.paidAt) return { redirectTo };
      // A deleted account's order takes nothing here (it still paid), as Stripe's page,
      // expired when the account went, takes nothing; the refund of late money stays for webhooks.
      if (order.status === 'cancelled' && (await customerDeleted(db, order.id)))
        throw new AppError(410, 'account_deleted', ACCOUNT_DELETED_MESSAGE);
      await act(
        provider.ownPage.pay(
          {
            sessionId,
            orderId: order.id,
            expiresAt: asked ? asked.expiresAt : order.expiresAt,
            totalPennies: asked ? asked.amountPennies : order.totalPennies,
          },
          card,
        ),
      );
      return { redirectTo };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
