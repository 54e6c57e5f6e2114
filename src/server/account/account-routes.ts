import { Hono } from 'hono';
import { deleteCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { CONSENT_OPT_IN } from '~/shared/marketing/consent';
import { customerActor } from '~/shared/orders/actor';
import { SIGN_IN_LIMIT } from '../auth/auth';
import { type AuthEnv, signedIn } from '../auth/guards';
import { clientIp } from '../http/client-ip';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/** Sign-ups allowed per client address in the window, shared by every instance (each hashes a password). */
export const SIGN_UP_LIMIT = { max: 5, windowSeconds: 10 * 60 };
export const SIGN_UP_LIMIT_MESSAGE = 'Too many sign-up attempts. Please try again in a few minutes.';

/** /api/account: the only way to sign up, and the signed-in customer's own profile and orders. */
export function accountRoutes(services: Services) {
  const { accounts, accountPrivacy, auth, config, rateLimiter, session } = services;
  const guard = signedIn(session);
  // Personal data: never stored by a shared cache or kept by the browser.
  const noStore = createMiddleware(async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  });

  return new Hono<AuthEnv>()
    .post('/sign-up', async (c) => {
      const { max, windowSeconds } = SIGN_UP_LIMIT;
      const ip = clientIp(c, config.trustProxy);
      await rateLimiter.hit(`sign-up:${ip}`, max, windowSeconds, SIGN_UP_LIMIT_MESSAGE);
      const body = await c.req.json().catch(() => null);
      const { userId } = await accounts.signUp(body);
      // The unticked box (decision 081): only a tick, sent as `true`, is consent.
      if (body?.marketing === true) {
        await services.marketing.setConsent(userId, true, 'sign-up', CONSENT_OPT_IN);
      }
      return c.json({ ok: true }, 201);
    })
    .get('/me', noStore, guard, async (c) => {
      const { id, email, name, role } = c.get('user');
      const profile = await accounts.getProfileDto(id);
      return c.json({ user: { id, email, name }, role, profile });
    })
    .put('/profile', noStore, guard, async (c) =>
      c.json({ profile: await accounts.updateProfile(c.get('user').id, await jsonBody(c)) }),
    )
    .get('/export', noStore, guard, async (c) => {
      const data = await accountPrivacy.exportData(c.get('user').id);
      const day = data.exported_at.slice(0, 10);
      c.header('Content-Disposition', `attachment; filename="my-data-${day}.json"`);
      return c.json(data);
    })
    .post('/delete', noStore, guard, async (c) => {
      const { id } = c.get('user');
      // Each try checks a password: limited like sign-in.
      await rateLimiter.hit(`delete-account:${id}`, SIGN_IN_LIMIT.max, SIGN_IN_LIMIT.window);
      const { password } = await jsonBody(c);
      await accountPrivacy.deleteAccount(id, password);
      // The session is gone from the database; the browser's cookie goes too.
      const { sessionToken } = (await auth.$context).authCookies;
      deleteCookie(c, sessionToken.name, { path: '/', secure: sessionToken.attributes.secure });
      return c.json({ ok: true });
    })
    .get('/orders', noStore, guard, async (c) =>
      c.json({ orders: await services.orders.listForCustomer(c.get('user').id) }),
    )
    .get('/orders/:id', noStore, guard, async (c) =>
      c.json({ order: await services.orders.getForCustomer(c.get('user').id, c.req.param('id')) }),
    )
    .post('/orders/:id/cancel', noStore, guard, async (c) => {
      const user = c.get('user');
      return c.json({
        order: await services.orders.cancelByCustomer(user.id, c.req.param('id'), customerActor(user)),
      });
    });
}
