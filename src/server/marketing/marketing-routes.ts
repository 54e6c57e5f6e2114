import { Hono } from 'hono';
import { isAppError } from '../errors';
import type { MarketingService } from './marketing-service';

/**
 * POST /unsubscribe/:token, mounted before the cross-site form check: a mail program's one-click
 * unsubscribe (RFC 8058, body `List-Unsubscribe=One-Click`) comes from no page of ours, and the
 * signed token, not a cookie, is what allows it. The unsubscribe page's own button posts here too
 * and is sent back to the page, which then says it is done.
 */
export function unsubscribeRoutes(marketing: MarketingService) {
  return new Hono().post('/:token', async (c) => {
    const token = c.req.param('token');
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const oneClick = form['List-Unsubscribe'] === 'One-Click';
    try {
      await marketing.unsubscribe(token, oneClick ? 'one-click' : 'link');
    } catch (err) {
      if (!isAppError(err) || err.status !== 400) throw err;
      if (oneClick) return c.text(err.message, 400);
      return c.redirect(`/unsubscribe/${encodeURIComponent(token)}`, 303);
    }
    if (oneClick) return c.text('Unsubscribed.', 200);
    return c.redirect(`/unsubscribe/${encodeURIComponent(token)}?done=1`, 303);
  });
}
