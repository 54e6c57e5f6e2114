import { Hono } from 'hono';
import { adminOnly } from '../auth/guards';
import { clientIp } from '../http/client-ip';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/** POST /api/contact (the spec's send-contact-email) and the admin's GET /api/contact/messages. */
export function contactRoutes(services: Services) {
  const { contact, session, config } = services;
  return new Hono()
    .post('/', async (c) => {
      await contact.send(await jsonBody(c), clientIp(c, config.trustProxy));
      return c.json({ ok: true }, 201);
    })
    .get('/messages', adminOnly(session), async (c) => {
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
