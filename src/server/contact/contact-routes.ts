import { Hono } from 'hono';
import { badRequest } from '../errors';
import { clientIp } from '../http/client-ip';
import type { Services } from '../services';

/** POST /api/contact (the spec's send-contact-email) and the admin's GET /api/contact/messages. */
export function contactRoutes(services: Services) {
  const { contact, session, config } = services;
  return new Hono()
    .post('/', async (c) => {
      const body = await c.req.json().catch(() => undefined);
      if (body === undefined) throw badRequest('Send the message as JSON: { name, email, message }');
      await contact.send(body, clientIp(c, config.trustProxy));
      return c.json({ ok: true }, 201);
    })
    .get('/messages', async (c) => {
      await session.requireAdmin(c.req.raw.headers);
      const page = Number(c.req.query('page') ?? '1');
      const result = await contact.list(page);
      return c.json({
        messages: result.messages.map((m) => ({
          id: m.id,
          name: m.name,
          email: m.email,
          message: m.message,
          created_at: m.createdAt.toISOString(),
        })),
        page: result.page,
        page_count: result.pageCount,
        total: result.total,
      });
    });
}
