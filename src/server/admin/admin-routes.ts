import { Hono } from 'hono';
import { adminActor } from '~/shared/orders/actor';
import { OrderStatusUpdateSchema } from '~/shared/schemas/admin';
import { RefundRequestSchema, toRefundInput } from '~/shared/schemas/orders';
import { type AuthEnv, adminOnly } from '../auth/guards';
import { parseOrThrow } from '../errors';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/** The back office's JSON API. Every route, known or not, answers only to an admin (401/403 otherwise). */
export function adminRoutes(services: Services) {
  const { admin, bakeDays, mail, orders } = services;
  return new Hono<AuthEnv>()
    .use('*', adminOnly(services.session))
    .get('/dashboard', async (c) => c.json(await admin.dashboard.get()))
    .get('/orders', async (c) => {
      const { q, status, from, to, page } = c.req.query();
      return c.json(await orders.listForAdmin({ q, status, from, to, page }));
    })
    .get('/orders/:id', async (c) => c.json({ order: await orders.getForAdmin(c.req.param('id')) }))
    .patch('/orders/:id', async (c) => {
      const { status } = parseOrThrow(OrderStatusUpdateSchema, await jsonBody(c));
      return c.json({ order: await orders.setStatus(c.req.param('id'), status, adminActor(c.get('user'))) });
    })
    .post('/orders/:id/refunds', async (c) => {
      const input = parseOrThrow(RefundRequestSchema, await jsonBody(c));
      const order = await orders.refund(c.req.param('id'), toRefundInput(input), adminActor(c.get('user')));
      return c.json({ order }, 201);
    })
    .get('/products', async (c) => c.json({ products: await admin.products.list() }))
    .post('/products', async (c) => c.json({ product: await admin.products.create(await jsonBody(c)) }, 201))
    .patch('/products/:id', async (c) =>
      c.json({ product: await admin.products.update(c.req.param('id'), await jsonBody(c)) }),
    )
    .delete('/products/:id', async (c) => c.json(await admin.products.remove(c.req.param('id'))))
    .get('/customers', async (c) => c.json(await admin.customers.list({ page: c.req.query('page') })))
    .get('/deliveries', async (c) => c.json(await orders.deliveries.list({ page: c.req.query('page') })))
    .patch('/deliveries/:id', async (c) =>
      c.json({ delivery: await orders.deliveries.update(c.req.param('id'), await jsonBody(c)) }),
    )
    .get('/emails', async (c) => c.json(await mail.outbox.list({ page: c.req.query('page') })))
    .get('/emails/:id', async (c) => c.json({ email: await mail.outbox.get(c.req.param('id')) }))
    .post('/emails/:id/resend', async (c) => c.json({ email: await mail.outbox.resend(c.req.param('id')) }))
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
