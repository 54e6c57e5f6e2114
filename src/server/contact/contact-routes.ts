import { Hono } from 'hono';
import { pageAsked } from '~/shared/schemas/admin';
import { adminOnly } from '../auth/guards';
import { clientIp } from '../http/client-ip';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';
import type { ContactMessage } from './contact-service';

const messageDto = (m: ContactMessage) => ({
  id: m.id,
  name: m.name,
  email: m.email,
  message: m.message,
  state: m.state,
  created_at: m.createdAt.toISOString(),
});

/**
 * POST /api/contact (the contact form's send, docs/rules/shop-pages.md); the admin's GET /api/contact/messages and
 * PATCH /api/contact/messages/{id} `{ state: 'unread' | 'read' | 'handled' }`.
 */
export function contactRoutes(services: Services) {
  const { contact, session, config } = services;
  return new Hono()
    .post('/', async (c) => {
      const sender = await session.getUser(c.req.raw.headers);
      await contact.send(await jsonBody(c), clientIp(c, config.trustProxy), sender?.id ?? null);
      return c.json({ ok: true }, 201);
    })
    .get('/messages', adminOnly(session), async (c) => {
      const result = await contact.list(pageAsked(c.req.url));
      return c.json({
        messages: result.items.map(messageDto),
        page: result.page,
        page_count: result.pageCount,
        total: result.total,
        unread: result.unread,
      });
    })
    .patch('/messages/:id', adminOnly(session), async (c) =>
      c.json({ message: messageDto(await contact.setState(c.req.param('id'), await jsonBody(c))) }),
    );
}
