import { Hono } from 'hono';
import type { Services } from '../services';

/** The public catalogue. The list is the same for everyone: the app's page cache keeps its JSON. */
export function catalogRoutes(services: Services) {
  return new Hono()
    .get('/', async (c) => c.json({ products: await services.catalog.listActive() }))
    .get('/:id', async (c) => c.json({ product: await services.catalog.getActive(c.req.param('id')) }));
}
