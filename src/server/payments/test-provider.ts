import { randomBytes } from 'node:crypto';
import { TestCardSchema } from '~/shared/schemas/checkout';
import { AppError, parseOrThrow } from '../errors';
import type { PayableSession, PaymentProvider, ProviderEvent } from './payment-provider';

export const TEST_SESSION_PREFIX = 'test_cs_';
/** A card-saving page's id: one of the test page's sessions too. */
export const TEST_SETUP_PREFIX = 'test_cs_setup_';

/**
 * The test provider's own names for its events, kept on record in payment_events: not Stripe's,
 * so a record says which provider spoke. The shop acts on each event's action, never its name.
 */
export const TEST_EVENTS = {
  /** A card paid on the test payment page. */
  paid: 'test.payment.succeeded',
  /** A card saved on the test card-saving page. */
  cardSaved: 'test.card.saved',
  /** A saved test card charged (a Cookie Club box). */
  charged: 'test.charge.succeeded',
} as const;

/** Card numbers the test page knows, as hosted test pages document them. */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Saves, but every later charge is declined (as Stripe's 4000 0000 0000 0341). */
  declinedLater: '4000000000000341',
} as const;

/**
 * The built-in TEST payment provider (no real money): its hosted page is our own
 * /pay/test/:sessionId, so the shop works offline. Session ids are unguessable, like Stripe's.
 */
export function createTestProvider(publicUrl: string): PaymentProvider {
  /** Saved test cards taken off for good: a charge of one is refused, as a provider refuses it. */
  const detached = new Set<string>();
  return {
    name: 'test',
    async createSession(order) {
      const sessionId = `${TEST_SESSION_PREFIX}${randomBytes(24).toString('base64url')}`;
      return { sessionId, url: `${order.returnOrigin ?? publicUrl}/pay/test/${sessionId}` };
    },
    // The test page confirms payments itself, so there is never anything to ask it.
    async retrieveSession() {
      return null;
    },
    // No money moves: the refund is our own row, named like a provider's.
    async refund({ idempotencyKey }) {
      return { refundId: `test_re_${idempotencyKey}` };
    },
    // The test page checks the order's own expiry, so there is nothing to close.
    async expireSession() {},
    savedCards: {
      async openSetup({ customerId }) {
        const sessionId = `${TEST_SETUP_PREFIX}${randomBytes(24).toString('base64url')}`;
        return { sessionId, url: `${publicUrl}/pay/test/card/${sessionId}`, customerId };
      },
      // No money moves. The payment's id is the idempotency key's, so a repeated charge is one.
      async charge({ card, amountPennies, idempotencyKey }) {
        if (detached.has(card.paymentMethodId)) {
          return { ok: false, code: 'payment_method_detached', message: 'This card is no longer saved.' };
        }
        if (card.paymentMethodId.startsWith(`test_pm_${TEST_CARDS.declinedLater}`)) {
          return { ok: false, code: 'card_declined', message: 'Your card was declined.' };
        }
        return {
          ok: true,
          paymentIntentId: `test_pi_${idempotencyKey}`,
          amount: { pennies: amountPennies, currency: 'gbp' },
          eventType: TEST_EVENTS.charged,
        };
      },
      async detach(card) {
        detached.add(card.paymentMethodId);
      },
    },
    ownPage: {
      owns: (sessionId) => sessionId.startsWith(TEST_SESSION_PREFIX),
      pay: payOnTestPage,
      saveCard: saveOnTestPage,
    },
  };
}

/**
 * The test page's rules: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined (402), any
 * other number is refused; an expired page takes nothing (410), as a hosted page does.
 */
function payOnTestPage(session: PayableSession, card: unknown): ProviderEvent {
  if (session.expiresAt && session.expiresAt <= new Date()) {
    throw new AppError(410, 'session_expired', 'This payment page has expired.');
  }
  const { cardNumber } = parseOrThrow(TestCardSchema, card);
  const outcome = testCardOutcome(cardNumber);
  if (!outcome.ok) throw new AppError(402, outcome.code, outcome.message);
  return {
    eventId: `test_evt_${session.sessionId.slice(TEST_SESSION_PREFIX.length)}`,
    eventType: TEST_EVENTS.paid,
    action: {
      kind: 'paid' as const,
      payment: {
        sessionId: session.sessionId,
        orderId: session.orderId,
        paymentIntentId: null,
        amount: { pennies: session.totalPennies, currency: 'gbp' },
      },
    },
  };
}

/** What the test page's card network says about a card number (digits only). */
export function testCardOutcome(
  cardNumber: string,
): { ok: true } | { ok: false; code: string; message: string } {
  switch (cardNumber) {
    case TEST_CARDS.success:
      return { ok: true };
    case TEST_CARDS.declined:
      return { ok: false, code: 'card_declined', message: 'Your card was declined.' };
    case TEST_CARDS.insufficientFunds:
      return { ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds.' };
    default:
      return { ok: false, code: 'incorrect_number', message: 'Your card number is incorrect.' };
  }
}

/**
 * The test page's card-saving form: 4242 4242 4242 4242 saves a card that pays, 4000 0000 0000
 * 0341 saves a card whose charges are declined later; a card refused now is not saved.
 */
function saveOnTestPage(setupSessionId: string, card: unknown): ProviderEvent {
  const { cardNumber } = parseOrThrow(TestCardSchema, card);
  const later = cardNumber === TEST_CARDS.declinedLater;
  const outcome = later ? ({ ok: true } as const) : testCardOutcome(cardNumber);
  if (!outcome.ok) throw new AppError(402, outcome.code, outcome.message);
  return {
    eventId: `test_evt_${setupSessionId.slice(TEST_SESSION_PREFIX.length)}`,
    eventType: TEST_EVENTS.cardSaved,
    action: {
      kind: 'card_saved',
      setupSessionId,
      card: {
        customerId: null,
        paymentMethodId: `test_pm_${cardNumber}_${randomBytes(6).toString('hex')}`,
        label: `Visa ending ${cardNumber.slice(-4)}`,
      },
    },
  };
}
