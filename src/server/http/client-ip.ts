import type { Context } from 'hono';

/** The header our server sets (after removing any client copy) for better-auth's IP tracking. */
export const CLIENT_IP_HEADER = 'x-shop-client-ip';

/**
 * The client's address for rate limits. Behind a trusted proxy it is the first X-Forwarded-For
 * entry; otherwise the socket's address, so a client cannot pick its own key by sending a header.
 * Requests made in-process (tests through app.request) have no socket and fall back to the header.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (trustProxy && forwarded) return forwarded;
  const socketAddress = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming?.socket?.remoteAddress;
  return socketAddress ?? forwarded ?? 'unknown';
}
