import { Hono } from 'hono';
import type { Services } from '../services';

export function paymentsRoutes(services: Services) {
  return (
    new Hono()
      // Stripe signs the exact bytes it sent, so the body is read raw, never parsed first.
      .post('/stripe/webhook', async (c) => {
        const raw = await c.req.text();
        return c.json(await services.payments.handleStripeWebhook(raw, c.req.header('stripe-signature')));
      })
      // The built-in test provider's "pay" call (what its hosted page does), for scripts and benches.
      // The test page's card-saving form (the Cookie Club), for scripts and tests.
      .post('/test/cards/:sessionId/save', async (c) => {
        const card = await c.req.json().catch(() => ({}));
        return c.json({ result: await services.payments.saveTestCard(c.req.param('sessionId'), card) });
      })
      .post('/test/sessions/:sessionId/pay', async (c) => {
        const card = await c.req.json().catch(() => ({}));
        return c.json(await services.payments.payTestSession(c.req.param('sessionId'), card));
      })
  );
}
