import { Hono } from 'hono';
import { type AuthEnv, signedIn } from '../auth/guards';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

export function checkoutRoutes(services: Services) {
  return new Hono<AuthEnv>().post('/create-checkout-session', signedIn(services.session), async (c) =>
    c.json(await services.checkout.createCheckoutSession(c.get('user'), await jsonBody(c))),
  );
}
