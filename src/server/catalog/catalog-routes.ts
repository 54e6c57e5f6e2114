import { Hono } from 'hono';
import type { Services } from '../services';

export function catalogRoutes(services: Services) {
  return new Hono()
    .get('/', async (c) => c.json({ products: await services.catalog.listActive() }))
    .get('/:id', async (c) => c.json({ product: await services.catalog.getActive(c.req.param('id')) }));
}
