import type Stripe from 'stripe';
import type { ChargedAmount } from './payment-provider';

// Read from Stripe's Checkout Sessions by the webhook handler and the provider alike; kept apart
// from stripe-provider.ts so reading a session's fields never loads Stripe's SDK.

/** The PaymentIntent behind a Checkout Session, expanded or not. */
export function paymentIntentOf(session: Stripe.Checkout.Session): string | null {
  const pi = session.payment_intent;
  return typeof pi === 'string' ? pi : (pi?.id ?? null);
}

/** What a Checkout Session charged, when Stripe reports it. */
export function amountOf(session: Stripe.Checkout.Session): ChargedAmount | null {
  return session.amount_total != null && session.currency
    ? { pennies: session.amount_total, currency: session.currency }
    : null;
}
