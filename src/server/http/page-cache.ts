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

/** Where an entry lives: shared pages, or searches and filters (many, each rarely repeated). */
export type CachePool = 'pages' | 'searches';

export interface PageCacheOptions {
  /**
   * The key an answer is stored under, from the path and the query parameters that change it
   * (others, e.g. `utm_source`, are left out so they share the entry), and its pool (default
   * 'pages'); null if never cached.
   */
  keyFor: (url: URL) => string | { key: string; pool: CachePool } | null;
  /** The catalogue version, reading the database when it is not known. */
  version: () => Promise<number>;
  /** The catalogue version if known without asking the database, else null. */
  knownVersion: () => number | null;
  /**
   * Whether an answer for this URL may be kept (e.g. not a shop page past the last one, which
   * would let anyone fill the cache with copies of one page). Asked only for 200 answers.
   */
  mayStore?: (url: URL) => Promise<boolean>;
  maxEntries?: number;
  /** The most search and filter answers kept; the oldest go first (default 500). */
  maxSearchEntries?: number;
}

/**
 * Caches whole answers that are the same for every visitor (storefront pages: the basket lives in
 * the browser; the public product list), keyed by path and the catalogue version, so an admin's
 * change shows at once. Responses that set cookies, other statuses and other content types are
 * never stored.
 *
 * The middleware goes first in the app, so what it stores is exactly what the app sends (security
 * headers included). `serveFromNode` answers hits before the request reaches Hono at all.
 */
export function createPageCache(options: PageCacheOptions) {
  const limits: Record<CachePool, number> = {
    pages: options.maxEntries ?? 2000,
    searches: options.maxSearchEntries ?? 500,
  };
  const pools: Record<CachePool, Map<string, Entry>> = { pages: new Map(), searches: new Map() };

  function lookup(url: URL): { key: string; entries: Map<string, Entry>; pool: CachePool } | null {
    const found = options.keyFor(url);
    if (found === null) return null;
    const { key, pool } = typeof found === 'string' ? { key: found, pool: 'pages' as const } : found;
    return { key, entries: pools[pool], pool };
  }

  function variant(entry: Entry, acceptEncoding: string | undefined) {
    return acceptsGzip(acceptEncoding) ? entry.gzip : entry.plain;
  }

  function store(
    { key, entries, pool }: { key: string; entries: Map<string, Entry>; pool: CachePool },
    version: number,
    res: Response,
    bytes: Uint8Array<ArrayBuffer>,
  ) {
    const encoding = res.headers.get('content-encoding');
    const body =
      encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes;
    const gzip = encoding === 'gzip' ? bytes : gzipSync(body);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of res.headers) if (!PER_TRANSFER.has(name)) headers[name] = value;
    headers.vary = 'Accept-Encoding';
    entries.delete(key);
    if (entries.size >= limits[pool]) entries.delete(entries.keys().next().value!);
    entries.set(key, {
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
    const slot = c.req.method === 'GET' ? lookup(url) : null;
    if (slot === null) return next();
    const version = await options.version();
    const hit = slot.entries.get(slot.key);
    if (hit && hit.version === version) {
      const { headers, body } = variant(hit, c.req.header('accept-encoding'));
      return new Response(body, { status: hit.status, headers: headers as Record<string, string> });
    }
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    // Only found pages: a 404 for every made-up product id would crowd the real pages out.
    if (res.status !== 200 || res.headers.has('set-cookie') || !CACHEABLE_TYPES.test(type)) return;
    if (/\b(no-store|private)\b/.test(res.headers.get('cache-control') ?? '')) return;
    if (options.mayStore && !(await options.mayStore(url))) return;
    store(slot, version, res, new Uint8Array(await res.clone().arrayBuffer()));
  };

  /** Answers a fresh cached page on node:http directly; false (nothing written) otherwise. */
  function serveFromNode(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || !req.url) return false;
    let slot: ReturnType<typeof lookup>;
    try {
      slot = lookup(new URL(req.url, 'http://localhost'));
    } catch {
      return false; // not a URL we understand: let the app answer it
    }
    const hit = slot?.entries.get(slot.key);
    if (!hit || hit.version !== options.knownVersion()) return false;
    const { headers, body } = variant(hit, req.headers['accept-encoding']);
    res.writeHead(hit.status, headers);
    res.end(body);
    return true;
  }

  return { middleware, serveFromNode };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** Whether an Accept-Encoding header takes gzip: named (or `*`) with a weight above 0. */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const weight = params.find((p) => p.startsWith('q='));
    const q = weight ? Number(weight.slice(2)) : 1;
    if (name === 'gzip' || name === 'x-gzip') gzip = q;
    else if (name === '*') any = q;
  }
  const q = gzip ?? any ?? 0;
  return Number.isFinite(q) && q > 0;
}
