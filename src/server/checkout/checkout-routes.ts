import { Hono } from 'hono';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

export function checkoutRoutes(services: Services) {
  return new Hono().post('/create-checkout-session', async (c) => {
    const user = await services.session.requireUser(c.req.raw.headers);
    return c.json(await services.checkout.createCheckoutSession(user, await jsonBody(c)));
  });
}
