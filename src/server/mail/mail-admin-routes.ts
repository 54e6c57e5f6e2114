import { Hono } from 'hono';
import type { Services } from '../services';

/** The back office's E-mails page: the outbox and resending. Under /api/admin behind its guard (app.ts). */
export function mailAdminRoutes(services: Services) {
  const { outbox } = services.mail;
  return new Hono()
    .get('/emails', async (c) => c.json(await outbox.list({ page: c.req.query('page') })))
    .get('/emails/:id', async (c) => c.json({ email: await outbox.get(c.req.param('id')) }))
    .post('/emails/:id/resend', async (c) => c.json({ email: await outbox.resend(c.req.param('id')) }));
}
