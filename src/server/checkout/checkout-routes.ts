import { Hono } from 'hono';
import { CONSENT_OPT_IN } from '~/shared/marketing/consent';
import { type AuthEnv, signedIn } from '../auth/guards';
import { clientIp } from '../http/client-ip';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/** Quotes one visitor may ask for per minute: plenty for a person, a wall for guessing codes. */
const QUOTES_PER_MINUTE = 60;

export function checkoutRoutes(services: Services) {
  return (
    new Hono<AuthEnv>()
      // The payment page returns to the origin the customer came from, if the shop serves it.
      .post('/create-checkout-session', signedIn(services.session), async (c) => {
        const body = await jsonBody(c);
        const session = await services.checkout.createCheckoutSession(c.get('user'), body, {
          origin: c.req.header('origin') ?? new URL(c.req.url).origin,
        });
        // The unticked box beside the button (decision 081): a tick is consent, given at checkout.
        if ((body as { marketing?: unknown } | null)?.marketing === true) {
          await services.marketing.setConsent(c.get('user').id, true, 'checkout', CONSENT_OPT_IN);
        }
        return c.json(session);
      })
      // The basket remembers the order it started and asks on each page whether it has been paid.
      .get('/orders/:orderId/payment', signedIn(services.session), async (c) =>
        c.json({ state: await services.checkout.paymentState(c.get('user'), c.req.param('orderId')) }),
      )
      // The postcode checker (product page and cart, no sign-in): where we deliver and when.
      .get('/delivery-check', async (c) => {
        await services.rateLimiter.hit(
          `postcode:${clientIp(c, services.config.trustProxy)}`,
          QUOTES_PER_MINUTE,
          60,
          'Too many tries. Please wait a minute and try again.',
        );
        return c.json(await services.zones.check(c.req.query('postcode')));
      })
      .post('/quote', async (c) => {
        await services.rateLimiter.hit(
          `quote:${clientIp(c, services.config.trustProxy)}`,
          QUOTES_PER_MINUTE,
          60,
          'Too many tries. Please wait a minute and try again.',
        );
        const user = await services.session.getUser(c.req.raw.headers);
        const body = await jsonBody(c);
        const quote = await services.checkout.quote(user, body);
        // A signed-in customer's basket, as priced, so a left basket is known (decision 081). Gift
        // cards name someone else: not kept.
        if (user?.role === 'customer') {
          const items = (body as { items?: { product_id?: unknown; gift_card?: unknown }[] }).items ?? [];
          const cards = new Set(items.filter((i) => i.gift_card).map((i) => i.product_id));
          await services.marketing.recordBasket(
            user.id,
            quote.lines.map((l) => ({
              name: l.name,
              quantity: l.quantity,
              giftCard: cards.has(l.product_id),
            })),
          );
        }
        return c.json(quote);
      })
  );
}
