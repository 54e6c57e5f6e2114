import type { Fulfilment } from '~/shared/pricing/price-order';

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
  /** The chosen delivery day ('YYYY-MM-DD'), named on the payment page. */
  deliveryDate: string | null;
  /** Delivered or collected: the page says which. */
  fulfilment: Fulfilment;
}

/** What the provider says about a payment session when asked directly. */
export interface SessionState {
  paid: boolean;
  paymentIntentId: string | null;
  /** Our order id as the provider recorded it, when it did. */
  orderId: string | null;
  /** What the provider charged, when it reports it. */
  amount: ChargedAmount | null;
}

export interface ChargedAmount {
  pennies: number;
  /** Lower-case ISO code, e.g. "gbp". */
  currency: string;
}

/**
 * A card payment provider with a hosted page: Stripe Checkout in production, the built-in test
 * page otherwise. Both confirm payments through the same fulfilment function.
 */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  /** Opens a hosted payment page; the customer's browser is sent to `url`. */
  createSession(order: PaymentOrder): Promise<{ sessionId: string; url: string }>;
  /** Asks the provider about a session; null when the provider has nothing to tell (test page). */
  retrieveSession(sessionId: string): Promise<SessionState | null>;
  /**
   * Gives money back for a paid session. The idempotency key makes a retried request one refund.
   * Throws when the provider refuses.
   */
  refund(request: RefundRequest): Promise<{ refundId: string }>;
  /** Closes a session's payment page early (a cancelled order); best effort. */
  expireSession(sessionId: string): Promise<void>;
}

export interface RefundRequest {
  sessionId: string;
  paymentIntentId: string | null;
  amountPennies: number;
  idempotencyKey: string;
}
