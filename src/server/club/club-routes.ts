import { Hono } from 'hono';
import { adminActor, customerActor } from '~/shared/orders/actor';
import { type AuthEnv, adminOnly, signedIn } from '../auth/guards';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/** The member's own Cookie Club: join, and run each subscription (the service checks it is theirs). */
export function subscriptionRoutes(services: Services) {
  const club = services.subscriptions;
  const guard = signedIn(services.session);
  return new Hono<AuthEnv>()
    .get('/', guard, async (c) => c.json({ subscriptions: await club.listForCustomer(c.get('user').id) }))
    .post('/join', guard, async (c) => c.json(await club.join(c.get('user'), await jsonBody(c))))
    .post('/:id/skip', guard, async (c) => {
      const user = c.get('user');
      await club.skipNext(c.req.param('id'), user.id, customerActor(user));
      return c.json({ ok: true });
    })
    .post('/:id/pause', guard, async (c) => {
      const user = c.get('user');
      await club.pause(c.req.param('id'), user.id, await jsonBody(c), customerActor(user));
      return c.json({ ok: true });
    })
    .post('/:id/resume', guard, async (c) => {
      const user = c.get('user');
      await club.resume(c.req.param('id'), user.id, customerActor(user));
      return c.json({ ok: true });
    })
    .post('/:id/change', guard, async (c) => {
      const user = c.get('user');
      await club.change(c.req.param('id'), user.id, await jsonBody(c), customerActor(user));
      return c.json({ ok: true });
    })
    .post('/:id/cancel', guard, async (c) => {
      const user = c.get('user');
      await club.cancel(c.req.param('id'), user.id, customerActor(user));
      return c.json({ ok: true });
    })
    .post('/:id/card', guard, async (c) => c.json(await club.updateCard(c.req.param('id'), c.get('user'))));
}

/** The owner's Subscriptions: overview, one subscription, and pause/skip/cancel on a member's behalf. */
export function adminSubscriptionRoutes(services: Services) {
  const club = services.subscriptions;
  const guard = adminOnly(services.session);
  return new Hono<AuthEnv>()
    .get('/', guard, async (c) => c.json(await club.adminOverview()))
    .get('/:id', guard, async (c) => c.json(await club.adminDetail(c.req.param('id'))))
    .post('/:id/skip', guard, async (c) => {
      await club.skipNext(c.req.param('id'), null, adminActor(c.get('user')));
      return c.json({ ok: true });
    })
    .post('/:id/pause', guard, async (c) => {
      await club.pause(c.req.param('id'), null, await jsonBody(c), adminActor(c.get('user')));
      return c.json({ ok: true });
    })
    .post('/:id/resume', guard, async (c) => {
      await club.resume(c.req.param('id'), null, adminActor(c.get('user')));
      return c.json({ ok: true });
    })
    .post('/:id/cancel', guard, async (c) => {
      await club.cancel(c.req.param('id'), null, adminActor(c.get('user')));
      return c.json({ ok: true });
    });
}
