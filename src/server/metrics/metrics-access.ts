import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';

const isLoopback = (address: string | undefined) =>
  !!address && (address.startsWith('127.') || address === '::1' || address.startsWith('::ffff:127.'));

/**
 * Who may read GET /metrics: a scraper on this machine, or one that shows METRICS_TOKEN as a
 * bearer token. "On this machine" is the socket's address, and a proxy on this machine does
 * not make its clients local: any X-Forwarded-For (or X-Real-IP) entry that is not loopback, or
 * a Forwarded header, means the request came from elsewhere, whatever TRUST_PROXY says (a client
 * can only lose access that way, never gain it). A request made in-process (no socket) is not
 * local. docs/decisions/028.
 */
export function mayReadMetrics(c: Context, token: string | null): boolean {
  if (token) {
    const given = c.req.header('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1];
    if (given && sameSecret(given, token)) return true;
  }
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming
    ?.socket;
  if (!isLoopback(socket?.remoteAddress)) return false;
  if (c.req.header('forwarded')) return false;
  const forwarded = [c.req.header('x-forwarded-for'), c.req.header('x-real-ip')]
    .filter((h): h is string => h !== undefined)
    .flatMap((h) => h.split(','))
    .map((a) => a.trim());
  return forwarded.every(isLoopback);
}

/** Compared in constant time (as digests, so the lengths match). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
