/**
 * What orders ask of the card payment provider: refunds and closing a payment page. Named here so
 * orders never import payments (payments import orders, decision 040); the provider services.ts
 * builds (Stripe or the test page, payments' `PaymentProvider`) is one, handed in.
 */
export interface CardProvider {
  /** Which provider it is: an order paid through another one is not its to refund or close. */
  readonly name: 'test' | 'stripe';
  /**
   * Gives money back for a paid session. The idempotency key makes a retried request one refund.
   * Throws when the provider refuses.
   */
  refund(request: ProviderRefund): Promise<{ refundId: string }>;
  /** Closes a session's payment page early (a cancelled order); best effort. */
  expireSession(sessionId: string): Promise<void>;
}

/** One refund asked of the provider, against the payment of one session. */
export interface ProviderRefund {
  sessionId: string;
  paymentIntentId: string | null;
  amountPennies: number;
  idempotencyKey: string;
}
