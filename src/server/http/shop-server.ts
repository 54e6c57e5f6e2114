import { createServer, type RequestListener, type Server } from 'node:http';

/**
 * How long an idle kept-alive connection stays open. Node's default (5 s) equals the busy answer's
 * Retry-After (admission-gate.ts), so a client coming back on time raced the server closing its
 * socket; a minute and more outlasts any Retry-After the shop sends (and is what load balancers use).
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** The shop's HTTP server: `listener` behind node:http, with connections kept open past a Retry-After. */
export function createShopServer(listener: RequestListener): Server {
  const server = createServer(listener);
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node wants the time allowed for a request's headers above the idle time, or it may cut a
  // kept-alive connection whose next request has started to arrive.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
  return server;
}
