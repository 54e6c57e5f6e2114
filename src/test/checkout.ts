import { expect } from 'vitest';
import { api } from './factories';
import type { TestApp } from './test-app';

/** The card the test payment page accepts (its rules: server/payments, decision 037). */
export const TEST_CARD = {
  cardNumber: '4242424242424242',
  expiry: '12 / 40',
  cvc: '123',
  name: 'Mary Smith',
};

/** A checkout through the API, which must be accepted: its payment session and its order. */
export async function checkoutAs(t: TestApp, cookie: string, body: Record<string, unknown>) {
  const res = await api(t, 'POST', '/api/checkout/create-checkout-session', body, cookie);
  expect(res.status).toBe(200);
  return (await res.json()) as { sessionId: string; orderId: string };
}

/** Pays a checkout's session on the test payment page (with the test card unless told). */
export const payTestSession = (t: TestApp, sessionId: string, card: object = TEST_CARD) =>
  api(t, 'POST', `/api/payments/test/sessions/${sessionId}/pay`, card);
