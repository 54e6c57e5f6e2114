import { Hono } from 'hono';
import type { Services } from '../services';

/**
 * Limited and seasonal products (decision 043): the owner's forward view of units sold per date.
 * Under /api/admin behind its guard (app.ts).
 */
export function limitedAdminRoutes(services: Services) {
  return new Hono().get('/limited-ahead', async (c) => c.json(await services.limitedAhead()));
}
