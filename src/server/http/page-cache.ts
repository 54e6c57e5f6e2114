import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

interface Entry {
  version: number;
  /** When it stops being fresh (ms since the epoch), for keys with a maxAgeMs. */
  freshUntil: number;
  /** What it holds, both bodies and their headers, counted against its pool's bytes. */
  bytes: number;
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
  keyFor: (url: URL, cookie: string | undefined) => string | CacheKey | null;
  /** The catalogue version, reading the database when it is not known. */
  version: () => Promise<number>;
  /** The catalogue version if known without asking the database, else null. */
  knownVersion: () => number | null;
  /**
   * Whether an answer for this URL may be kept (e.g. not a shop page past the last one, which
   * would let anyone fill the cache with copies of one page). Asked only for 200 answers.
   */
  mayStore?: (url: URL) => Promise<boolean>;
  /**
   * How long an answer for this URL stays fresh when its key does not say, asked when it is
   * stored (e.g. a limited product's page, which shows what is left for the next days); undefined
   * = until the version changes.
   */
  freshFor?: (url: URL) => Promise<number | undefined>;
  /** Bytes the shared pages may hold (both encodings); the oldest go first (default 16 MB). */
  maxBytes?: number;
  /** Bytes the searches and filters may hold (default 4 MB). */
  maxSearchBytes?: number;
}

export interface CacheKey {
  key: string;
  pool?: CachePool;
  /**
   * For a page that is fresh only for a while, e.g. one showing delivery days as they fill
   * (otherwise it lasts until the version changes).
   */
  maxAgeMs?: number;
  /**
   * The answer is marked `private, no-store` for browsers because its path is per person, but
   * for this key (a visitor without a session) it is the same for everyone: keep it anyway.
   */
  storePrivate?: boolean;
}

/**
 * Caches whole answers that are the same for every visitor (storefront pages: the basket lives in
 * the browser; the public product list), keyed by path and the catalogue version, so an admin's
 * change shows at once. Responses that set cookies, other statuses and other content types are
 * never stored. Each pool is bounded by the bytes it holds, so its memory is known whatever the
 * pages weigh.
 *
 * The middleware goes first in the app, so what it stores is exactly what the app sends (security
 * headers included). `serveFromNode` answers hits before the request reaches Hono at all.
 */
export function createPageCache(options: PageCacheOptions) {
  const limits: Record<CachePool, number> = {
    pages: options.maxBytes ?? 16 * 1024 * 1024,
    searches: options.maxSearchBytes ?? 4 * 1024 * 1024,
  };
  const pools: Record<CachePool, { entries: Map<string, Entry>; bytes: number }> = {
    pages: { entries: new Map(), bytes: 0 },
    searches: { entries: new Map(), bytes: 0 },
  };

  type Slot = Required<Omit<CacheKey, 'maxAgeMs'>> & { maxAgeMs: number | undefined };

  function lookup(url: URL, cookie: string | undefined): Slot | null {
    const found = options.keyFor(url, cookie);
    if (found === null) return null;
    const {
      key,
      pool = 'pages',
      maxAgeMs,
      storePrivate = false,
    } = typeof found === 'string' ? { key: found } : found;
    return { key, pool, maxAgeMs, storePrivate };
  }

  function fresh(slot: Slot, version: number | null): Entry | undefined {
    const hit = pools[slot.pool].entries.get(slot.key);
    return hit && hit.version === version && hit.freshUntil > Date.now() ? hit : undefined;
  }

  function remove(pool: CachePool, key: string) {
    const { entries } = pools[pool];
    const old = entries.get(key);
    if (!old) return;
    entries.delete(key);
    pools[pool].bytes -= old.bytes;
  }

  function variant(entry: Entry, acceptEncoding: string | undefined) {
    return acceptsGzip(acceptEncoding) ? entry.gzip : entry.plain;
  }

  /** `started`: when the answer began to be drawn, which is how old what it shows may be. */
  function store(
    slot: Slot,
    version: number,
    started: number,
    res: Response,
    bytes: Uint8Array<ArrayBuffer>,
  ): Entry | undefined {
    const encoding = res.headers.get('content-encoding');
    const body =
      encoding === 'gzip' ? gunzipSync(bytes) : encoding === 'deflate' ? inflateSync(bytes) : bytes;
    const gzip = encoding === 'gzip' ? bytes : gzipSync(body);
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of res.headers) if (!PER_TRANSFER.has(name)) headers[name] = value;
    headers.vary = 'Accept-Encoding';
    const headerBytes = Object.entries(headers).reduce((n, [k, v]) => n + k.length + String(v).length, 0);
    const size = body.byteLength + gzip.byteLength + 2 * headerBytes;
    const pool = pools[slot.pool];
    remove(slot.pool, slot.key);
    if (size > limits[slot.pool]) return undefined;
    // The oldest answers go first until this one fits.
    for (const [oldest] of pool.entries) {
      if (pool.bytes + size <= limits[slot.pool]) break;
      remove(slot.pool, oldest);
    }
    pool.bytes += size;
    const entry: Entry = {
      version,
      freshUntil: slot.maxAgeMs === undefined ? Number.POSITIVE_INFINITY : started + slot.maxAgeMs,
      bytes: size,
      status: res.status,
      plain: { headers: { ...headers, 'content-length': body.byteLength }, body: new Uint8Array(body) },
      gzip: {
        headers: { ...headers, 'content-encoding': 'gzip', 'content-length': gzip.byteLength },
        body: new Uint8Array(gzip),
      },
    };
    pool.entries.set(slot.key, entry);
    return entry;
  }

  /**
   * The misses being answered, by pool, key and version: a request that misses while another
   * renders the same page waits for that one's answer instead of asking the database again (a
   * page fresh for a second is missed by every visitor in the same instant when it goes stale).
   */
  const rendering = new Map<string, Promise<Entry | undefined>>();

  const middleware: MiddlewareHandler = async (c, next) => {
    const url = new URL(c.req.url);
    const slot = c.req.method === 'GET' ? lookup(url, c.req.header('cookie')) : null;
    if (slot === null) return next();
    const version = await options.version();
    const answer = (hit: Entry) => {
      const { headers, body } = variant(hit, c.req.header('accept-encoding'));
      return new Response(body, { status: hit.status, headers: headers as Record<string, string> });
    };
    const hit = fresh(slot, version);
    if (hit) return answer(hit);
    const inFlight = `${slot.pool} ${version} ${slot.key}`;
    const leader = rendering.get(inFlight);
    if (leader) {
      // Its answer, even if its freshness ran out while it was drawn: it is no older than the
      // one this request would draw, and drawing it again is what a slow moment cannot afford.
      const stored = await leader;
      // Not stored (e.g. it set a cookie, or was not found): this request is answered on its own.
      if (stored) return answer(stored);
      return next();
    }
    let stored: Entry | undefined;
    let done = (_: Entry | undefined) => {};
    rendering.set(inFlight, new Promise((resolve) => (done = resolve)));
    const started = Date.now();
    try {
      await next();
      const res = c.res;
      const type = res.headers.get('content-type') ?? '';
      // Only found pages: a 404 for every made-up product id would crowd the real pages out.
      if (res.status !== 200 || res.headers.has('set-cookie') || !CACHEABLE_TYPES.test(type)) return;
      if (!slot.storePrivate && /\b(no-store|private)\b/.test(res.headers.get('cache-control') ?? '')) return;
      if (options.mayStore && !(await options.mayStore(url))) return;
      const maxAgeMs = slot.maxAgeMs ?? (await options.freshFor?.(url));
      stored = store(
        { ...slot, maxAgeMs },
        version,
        started,
        res,
        new Uint8Array(await res.clone().arrayBuffer()),
      );
    } finally {
      rendering.delete(inFlight);
      done(stored);
    }
  };

  /** Answers a fresh cached page on node:http directly; false (nothing written) otherwise. */
  function serveFromNode(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || !req.url) return false;
    let slot: ReturnType<typeof lookup>;
    try {
      slot = lookup(new URL(req.url, 'http://localhost'), req.headers.cookie);
    } catch {
      return false; // not a URL we understand: let the app answer it
    }
    const hit = slot && fresh(slot, options.knownVersion());
    if (!hit) return false;
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
