import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

interface Entry {
  version: number;
  status: number;
  plain: { headers: OutgoingHttpHeaders; body: Uint8Array<ArrayBuffer> };
  gzip: { headers: OutgoingHttpHeaders; body: Uint8Array<ArrayBuffer> };
}

/** Headers that describe one transfer rather than the page. */
const PER_TRANSFER = new Set(['content-length', 'content-encoding', 'date', 'vary', 'transfer-encoding']);
const CACHEABLE_TYPES = /^(text\/html|application\/json)\b/;

export interface PageCacheOptions {
  isCacheable: (pathname: string) => boolean;
  /** The catalogue version, reading the database when it is not known. */
  version: () => Promise<number>;
  /** The catalogue version if known without asking the database, else null. */
  knownVersion: () => number | null;
  maxEntries?: number;
}

/**
 * Caches whole answers that are the same for every visitor (storefront pages: the basket lives in
 * the browser; the public product list), keyed by path and the catalogue version, so an admin's
 * change shows at once. Requests with a query string, responses that set cookies and other
 * content types pass through.
 *
 * The middleware goes first in the app, so what it stores is exactly what the app sends (security
 * headers included). `serveFromNode` answers hits before the request reaches Hono at all.
 */
export function createPageCache(options: PageCacheOptions) {
  const max = options.maxEntries ?? 2000;
  const entries = new Map<string, Entry>();

  function variant(entry: Entry, acceptEncoding: string | undefined) {
    return /\bgzip\b/.test(acceptEncoding ?? '') ? entry.gzip : entry.plain;
  }

  function store(pathname: string, version: number, res: Response, bytes: Uint8Array<ArrayBuffer>) {
    const encoding = res.headers.get('content-encoding');
    const body =
      encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes;
    const gzip = encoding === 'gzip' ? bytes : gzipSync(body);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of res.headers) if (!PER_TRANSFER.has(name)) headers[name] = value;
    headers.vary = 'Accept-Encoding';
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(pathname, {
      version,
      status: res.status,
      plain: { headers: { ...headers, 'content-length': body.byteLength }, body: new Uint8Array(body) },
      gzip: {
        headers: { ...headers, 'content-encoding': 'gzip', 'content-length': gzip.byteLength },
        body: new Uint8Array(gzip),
      },
    });
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    const url = new URL(c.req.url);
    if (c.req.method !== 'GET' || url.search || !options.isCacheable(url.pathname)) return next();
    const version = await options.version();
    const hit = entries.get(url.pathname);
    if (hit && hit.version === version) {
      const { headers, body } = variant(hit, c.req.header('accept-encoding'));
      return new Response(body, { status: hit.status, headers: headers as Record<string, string> });
    }
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    if (![200, 404].includes(res.status) || res.headers.has('set-cookie') || !CACHEABLE_TYPES.test(type))
      return;
    store(url.pathname, version, res, new Uint8Array(await res.clone().arrayBuffer()));
  };

  /** Answers a fresh cached page on node:http directly; false (nothing written) otherwise. */
  function serveFromNode(req: IncomingMessage, res: ServerResponse): boolean {
    // Only the plain form of a path: anything else (a query, an absolute URL) goes through Hono.
    if (req.method !== 'GET' || !req.url || req.url.includes('?')) return false;
    const hit = entries.get(req.url);
    if (!hit || hit.version !== options.knownVersion()) return false;
    const { headers, body } = variant(hit, req.headers['accept-encoding']);
    res.writeHead(hit.status, headers);
    res.end(body);
    return true;
  }

  return { middleware, serveFromNode };
}

export type PageCache = ReturnType<typeof createPageCache>;
