import { Hono } from 'hono';
import { type AuthEnv, adminOnly } from '../auth/guards';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/** The owner's Staff API: who is in the back office, an invitation, a change of role, a removal. */
export function staffRoutes(services: Services) {
  const { staff } = services;
  return new Hono<AuthEnv>()
    .use('*', adminOnly(services.session))
    .get('/', async (c) => c.json({ staff: await staff.list() }))
    .post('/invites', async (c) => c.json(await services.staffInvites.invite(await jsonBody(c)), 201))
    .post('/:id/second-factor/reset', async (c) => c.json(await staff.resetSecondFactor(c.req.param('id'))))
    .put('/:id', async (c) => c.json(await staff.setRole(c.req.param('id'), await jsonBody(c))))
    .delete('/:id', async (c) => c.json(await staff.remove(c.req.param('id'))));
}
