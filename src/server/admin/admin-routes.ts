import { type Context, Hono } from 'hono';
import { badRequest } from '../errors';
import type { Services } from '../services';

/** A JSON body, or a 400 when it is missing or malformed. */
async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const body = await c.req.json().catch(() => {
    throw badRequest('The request body must be JSON');
  });
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw badRequest('The request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

/** The back office's JSON API. Every route, known or not, answers only to an admin (401/403 otherwise). */
export function adminRoutes(services: Services) {
  const { admin, bakeDays } = services;
  return new Hono()
    .use('*', async (c, next) => {
      await services.session.requireAdmin(c.req.raw.headers);
      await next();
    })
    .get('/dashboard', async (c) => c.json(await admin.dashboard.get()))
    .get('/orders', async (c) => {
      const { status, page } = c.req.query();
      return c.json(await admin.orders.list({ status, page }));
    })
    .get('/orders/:id', async (c) => c.json({ order: await admin.orders.get(c.req.param('id')) }))
    .patch('/orders/:id', async (c) =>
      c.json({ order: await admin.orders.updateStatus(c.req.param('id'), await jsonBody(c)) }),
    )
    .get('/products', async (c) => c.json({ products: await admin.products.list() }))
    .post('/products', async (c) => c.json({ product: await admin.products.create(await jsonBody(c)) }, 201))
    .patch('/products/:id', async (c) =>
      c.json({ product: await admin.products.update(c.req.param('id'), await jsonBody(c)) }),
    )
    .delete('/products/:id', async (c) => c.json(await admin.products.remove(c.req.param('id'))))
    .get('/customers', async (c) => c.json(await admin.customers.list({ page: c.req.query('page') })))
    .get('/deliveries', async (c) => c.json(await admin.deliveries.list({ page: c.req.query('page') })))
    .patch('/deliveries/:id', async (c) =>
      c.json({ delivery: await admin.deliveries.update(c.req.param('id'), await jsonBody(c)) }),
    )
    .get('/bake-days', async (c) => c.json(await bakeDays.calendar()))
    .put('/bake-days/template', async (c) =>
      c.json({ template: await bakeDays.saveTemplate(await jsonBody(c)) }),
    )
    .put('/bake-days/overrides/:date', async (c) =>
      c.json({ override: await bakeDays.setOverride({ ...(await jsonBody(c)), date: c.req.param('date') }) }),
    )
    .delete('/bake-days/overrides/:date', async (c) => {
      await bakeDays.removeOverride(c.req.param('date'));
      return c.json({ ok: true });
    });
}
