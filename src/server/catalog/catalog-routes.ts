import { Hono } from 'hono';
import { notFound } from '../errors';
import type { Services } from '../services';

/** The public catalogue. The list is the same for everyone: the app's page cache keeps its JSON. */
export function catalogRoutes(services: Services) {
  return new Hono()
    .get('/', async (c) => c.json({ products: await services.catalog.listActive() }))
    .get('/:id', async (c) => c.json({ product: await services.catalog.getActive(c.req.param('id')) }));
}

/** Product photos by content-hashed name: never change, so browsers and CDNs keep them for a year. */
export function photoRoutes(services: Services) {
  return new Hono().get('/:file', async (c) => {
    const file = await services.catalog.photoFile(c.req.param('file'));
    if (!file) throw notFound('Photo not found');
    return c.body(new Uint8Array(file.bytes), 200, {
      'content-type': file.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });
}
