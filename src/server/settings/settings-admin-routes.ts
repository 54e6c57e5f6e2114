import { Hono } from 'hono';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/** The shop's settings, under /api/admin behind its guard (app.ts). */
export function settingsAdminRoutes(services: Services) {
  const { settings } = services;
  return new Hono()
    .get('/settings', async (c) => c.json({ settings: await settings.get() }))
    .put('/settings', async (c) => c.json({ settings: await settings.save(await jsonBody(c)) }));
}
