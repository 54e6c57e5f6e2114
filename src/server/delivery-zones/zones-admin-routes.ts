import { Hono } from 'hono';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/**
 * Settings -> Delivery, under /api/admin behind its guard (app.ts): every answer lists the zones
 * and where they overlap.
 */
export function zonesAdminRoutes(services: Services) {
  const { zones } = services;
  return new Hono()
    .get('/delivery-zones', async (c) => c.json(await zones.withOverlaps()))
    .post('/delivery-zones', async (c) => c.json(await zones.save(null, await jsonBody(c))))
    .put('/delivery-zones/:id', async (c) => c.json(await zones.save(c.req.param('id'), await jsonBody(c))))
    .delete('/delivery-zones/:id', async (c) => c.json(await zones.remove(c.req.param('id'))));
}
