import { Hono } from 'hono';
import { badRequest } from '../errors';
import type { Services } from '../services';

export function checkoutRoutes(services: Services) {
  return new Hono().post('/create-checkout-session', async (c) => {
    const user = await services.session.requireUser(c.req.raw.headers);
    const body = await c.req.json().catch(() => {
      throw badRequest('The request body must be JSON');
    });
    return c.json(await services.checkout.createCheckoutSession(user, body));
  });
}
