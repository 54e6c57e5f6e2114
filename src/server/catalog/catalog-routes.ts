import { Hono } from 'hono';
import type { Services } from '../services';

export function catalogRoutes(services: Services) {
  // The list's JSON is the same for everyone until the catalogue changes: serialise it once per version.
  let listBody: { version: number; json: string } | null = null;

  return new Hono()
    .get('/', async (c) => {
      const version = await services.catalogVersion.current();
      if (listBody?.version !== version) {
        listBody = { version, json: JSON.stringify({ products: await services.catalog.listActive() }) };
      }
      return c.body(listBody.json, 200, { 'content-type': 'application/json; charset=UTF-8' });
    })
    .get('/:id', async (c) => c.json({ product: await services.catalog.getActive(c.req.param('id')) }));
}
