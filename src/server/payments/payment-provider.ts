import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { CardProvider } from '../orders/card-provider';

/** What a payment provider needs to open a hosted payment page for one order. */
export interface PaymentOrder {
  orderId: string;
  /** When the hosted page stops taking payment. */
  expiresAt: Date;
  customerEmail: string;
  lines: { name: string; unitPricePennies: number; quantity: number }[];
  /** Taken off the cookies by a discount code: shown as the code on the payment page. */
  discount: { code: string; pennies: number } | null;
  /** Delivery charged. */
  deliveryFeePennies: number;
  totalPennies: number;
  /** What gift cards pay of the total ("•••• NC6V"); the page charges the rest. */
  giftCards?: { last4: string; pennies: number }[];
  /** The chosen delivery day ('YYYY-MM-DD'), named on the payment page. */
  deliveryDate: string | null;
  /** A posted order's "Dispatched Tuesday 1 December, usually with you in 2-3 days", named instead of the day. */
  dispatch?: string | null;
  /** Delivered or collected: the page says which. */
  fulfilment: Fulfilment;
  /**
   * Where the customer's browser comes back to (one of the shop's own origins, served-origin.ts):
   * PUBLIC_URL's when not given.
   */
  returnOrigin?: string;
  /**
   * Where the customer comes back to, paid or not, on that origin: a part payment's own page
   * (decision 088). Absent: the checkout's success and cancel pages.
   */
  returnPath?: string;
}

export interface ChargedAmount {
  pennies: number;
  /** Lower-case ISO code, e.g. "gbp". */
  currency: string;
}

/**
 * A card payment provider with a hosted page: Stripe Checkout in production, the built-in test
 * page otherwise. Both confirm payments through `payment-confirmations.ts`. Its `name`, `refund`
 * and `expireSession` are what orders ask of it (`orders/card-provider.ts`).
 */
export interface PaymentProvider extends CardProvider {
  /** Opens a hosted payment page; the customer's browser is sent to `url`. */
  createSession(order: PaymentOrder): Promise<{ sessionId: string; url: string }>;
  /**
   * Asks the provider about a session: a `paid` action when it was paid; null when the provider
   * has nothing to tell (the test page confirms its payments itself).
   */
  retrieveSession(sessionId: string): Promise<ProviderEvent | null>;
  /**
   * A provider that calls back with signed webhooks: verifies one on its raw body and says what
   * it means. Throws a 400 for a bad signature.
   */
  readWebhook?(rawBody: string, signature: string | undefined): Promise<ProviderEvent>;
  /** Cards saved for later charges without the customer present (the Cookie Club, decision 045). */
  savedCards?: SavedCards;
  /** A provider whose payment page the shop serves itself (the test page). */
  ownPage?: {
    /** Whether a session id is one of this page's. */
    owns(sessionId: string): boolean;
    /** Takes a card on the page: a `paid` event, or throws the page's refusal. */
    pay(session: PayableSession, card: unknown): ProviderEvent;
    /** Saves a card on the page's card-saving form: a `card_saved` event, or throws the refusal. */
    saveCard?(setupSessionId: string, card: unknown): ProviderEvent;
  };
}

/** A payment the provider says was taken for one of its sessions. */
export interface ProviderPayment {
  sessionId: string;
  /** Our order id as the provider recorded it, when it did. */
  orderId: string | null;
  paymentIntentId: string | null;
  /** What the provider charged, when it reports it. */
  amount: ChargedAmount | null;
}

/**
 * What a provider's event means to the shop. Each provider turns its own protocol into these,
 * and the payments service acts on these only (docs/decisions/037).
 */
export type PaymentAction =
  | { kind: 'paid'; payment: ProviderPayment }
  /** Acknowledged, nothing settled yet (a delayed payment method still working). */
  | { kind: 'pending' }
  /** The payment failed; the order waits for its page to expire. */
  | { kind: 'failed' }
  /** The payment page closed unpaid: its order is cancelled. */
  | { kind: 'expired'; sessionId: string }
  /** The provider now holds this much refunded in total for a payment. */
  | { kind: 'refunded'; paymentIntentId: string | null; refundedPennies: number }
  /** A card was saved on a hosted card-saving page (`openSetup`). */
  | { kind: 'card_saved'; setupSessionId: string; card: SavedCard }
  /** Nothing the shop acts on; not recorded. */
  | { kind: 'ignored' };

/** One event from a provider, with the id that makes a repeat of it recognisable. */
export interface ProviderEvent {
  eventId: string;
  /** The provider's own name for it, kept on record. */
  eventType: string;
  action: PaymentAction;
}

/** What a page the shop hosts itself needs to take a payment for an order. */
export interface PayableSession {
  sessionId: string;
  orderId: string;
  expiresAt: Date | null;
  totalPennies: number;
}

/** A card the provider keeps for us: the references a later charge names, and how people know it. */
export interface SavedCard {
  customerId: string | null;
  paymentMethodId: string;
  /** "Visa ending 4242". */
  label: string;
}

/** What a charge of a saved card said: taken, or refused by the card (a network failure throws). */
export type SavedCardCharge =
  | {
      ok: true;
      paymentIntentId: string;
      amount: ChargedAmount;
      /** The provider's own name for the charge's event, kept on record with it. */
      eventType: string;
    }
  | { ok: false; code: string; message: string };

/** Saving a card on a hosted page, and charging it later with an idempotency key. */
export interface SavedCards {
  /** Opens a hosted page that saves a card (no charge); `reference` is ours, kept on the page. */
  openSetup(setup: {
    reference: string;
    customerEmail: string;
    customerId: string | null;
    description: string;
    /** Where the customer goes back to afterwards (success and cancel alike). */
    returnPath: string;
  }): Promise<{ sessionId: string; url: string; customerId: string | null }>;
  /**
   * Charges a saved card. The same idempotency key is the same charge (a retried request never
   * charges twice); `paymentReference` is the order's payment session, told back by webhooks.
   */
  charge(charge: {
    card: SavedCard;
    amountPennies: number;
    idempotencyKey: string;
    orderId: string;
    paymentReference: string;
    description: string;
  }): Promise<SavedCardCharge>;
  /**
   * Takes a saved card off the provider's customer for good, so it can never be charged again
   * (a deleted account's). Detaching a card already gone is not an error.
   */
  detach(card: SavedCard): Promise<void>;
}
