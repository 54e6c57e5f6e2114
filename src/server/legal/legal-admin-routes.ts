import { Hono } from 'hono';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/**
 * Who we are and the terms of sale, on the settings pages (decision 080). Under /api/admin
 * behind its guard (app.ts).
 */
export function legalAdminRoutes(services: Services) {
  const { trader, terms } = services;
  return new Hono()
    .get('/settings/trader', async (c) => c.json({ trader: await trader.get() }))
    .put('/settings/trader', async (c) => c.json({ trader: await trader.save(await jsonBody(c)) }))
    .post('/settings/terms', async (c) => {
      return c.json({ terms: await terms.publish((await jsonBody(c)).body) });
    });
}
