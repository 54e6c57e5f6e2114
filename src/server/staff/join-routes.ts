import { Hono } from 'hono';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/** The invited person's side: their one-time link sets a password and joins the back office. */
export function joinRoutes(services: Services) {
  return new Hono().post('/accept', async (c) => {
    const body = await jsonBody(c);
    return c.json(await services.staffInvites.accept(body.token, body.password));
  });
}
