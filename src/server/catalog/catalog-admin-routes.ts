import { type Context, Hono } from 'hono';
import { badRequest } from '../errors';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/**
 * The `photo` file of a multipart form, as bytes, and its optional `crop` (JSON text, checked by
 * the service); a 400 when the photo is missing.
 */
async function photoUpload(c: Context): Promise<{ bytes: Uint8Array; crop: unknown }> {
  const form = await c.req.formData().catch(() => {
    throw badRequest('Send the photo as a multipart form with a "photo" file');
  });
  const file = form.get('photo');
  if (!(file instanceof File)) throw badRequest('Please choose a photo to upload.', { photo: 'Required' });
  const crop = form.get('crop');
  return { bytes: new Uint8Array(await file.arrayBuffer()), crop: crop ?? undefined };
}

/** The back office's products and their photos, under /api/admin behind its guard (app.ts). */
export function catalogAdminRoutes(services: Services) {
  const products = services.admin.products;
  return new Hono()
    .get('/products', async (c) => c.json({ products: await products.list() }))
    .post('/products', async (c) => c.json({ product: await products.create(await jsonBody(c)) }, 201))
    .patch('/products/:id', async (c) =>
      c.json({ product: await products.update(c.req.param('id'), await jsonBody(c)) }),
    )
    .put('/products/:id/photo', async (c) => {
      const { bytes, crop } = await photoUpload(c);
      return c.json({ product: await products.setPhoto(c.req.param('id'), bytes, crop) });
    })
    .put('/products/:id/photo/crop', async (c) =>
      c.json({ product: await products.setPhotoCrop(c.req.param('id'), await jsonBody(c)) }),
    )
    .get('/products/:id/photo/master.webp', async (c) =>
      c.body(new Uint8Array(await products.photoMaster(c.req.param('id'))), 200, {
        'content-type': 'image/webp',
        'cache-control': 'private, no-cache',
      }),
    )
    .delete('/products/:id/photo', async (c) =>
      c.json({ product: await products.removePhoto(c.req.param('id')) }),
    )
    .delete('/products/:id', async (c) => c.json(await products.remove(c.req.param('id'))));
}
