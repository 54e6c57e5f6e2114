import { Hono } from 'hono';
import { type AuthEnv, signedIn } from '../auth/guards';
import { clientIp } from '../http/client-ip';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/** Quotes one visitor may ask for per minute: plenty for a person, a wall for guessing codes. */
const QUOTES_PER_MINUTE = 60;

export function checkoutRoutes(services: Services) {
  return new Hono<AuthEnv>()
    .post('/create-checkout-session', signedIn(services.session), async (c) =>
      c.json(await services.checkout.createCheckoutSession(c.get('user'), await jsonBody(c))),
    )
    .post('/quote', async (c) => {
      await services.rateLimiter.hit(
        `quote:${clientIp(c, services.config.trustProxy)}`,
        QUOTES_PER_MINUTE,
        60,
        'Too many tries. Please wait a minute and try again.',
      );
      const user = await services.session.getUser(c.req.raw.headers);
      return c.json(await services.checkout.quote(user, await jsonBody(c)));
    });
}
