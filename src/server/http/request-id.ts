import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** The header that carries a request's id both ways. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like to be kept: short, printable, nothing a log could trip on. */
const SANE = /^[A-Za-z0-9._:-]{8,128}$/;

const ID = Symbol('shop.requestId');
type Tagged = IncomingMessage & { [ID]?: string };

/**
 * The request's id: the one a trusted proxy sent (TRUST_PROXY, and only a sane one), so its logs
 * and ours name the same request; otherwise a new UUID. Given once per request and kept on it.
 */
export function assignRequestId(req: IncomingMessage, trustProxy: boolean): string {
  const tagged = req as Tagged;
  if (tagged[ID]) return tagged[ID];
  const offered = trustProxy ? req.headers[REQUEST_ID_HEADER] : undefined;
  const id = typeof offered === 'string' && SANE.test(offered) ? offered : randomUUID();
  tagged[ID] = id;
  return id;
}

const ids = new WeakMap<Request, string>();

/**
 * The id of the request a Hono handler is answering: the node layer's (request-log.ts), or, for a
 * request made in-process without a socket (tests' app.request), one made for it here.
 */
export function requestIdOf(c: Context): string {
  const incoming = (c.env as { incoming?: Tagged } | undefined)?.incoming;
  if (incoming?.[ID]) return incoming[ID];
  let id = ids.get(c.req.raw);
  if (!id) {
    id = randomUUID();
    ids.set(c.req.raw, id);
  }
  return id;
}
