import { Hono } from 'hono';
import { adminOnly } from '../auth/guards';
import type { Services } from '../services';

/** GET /api/admin/made-to-order/pictures/:id: an enquiry's reference picture, for the back office only. */
export function madeToOrderRoutes(services: Services) {
  return new Hono().get('/pictures/:id', adminOnly(services.session), async (c) => {
    const picture = await services.madeToOrder.picture(c.req.param('id'));
    return c.body(new Uint8Array(picture.bytes), 200, {
      'content-type': picture.contentType,
      'cache-control': 'private, max-age=3600',
    });
  });
}
