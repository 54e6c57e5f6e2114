import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { gunzipSync, gzipSync, inflateSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

interface Entry {
  version: number;
  /** When it stops being fresh (ms since the epoch), for keys with a maxAgeMs. */
  freshUntil: number;
  /**
   * Until when, past its freshness, it may still be answered while one redraw of it is under way
   * in the background (freshUntil when it may not).
   */
  staleUntil: number;
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
  freshFor?: (url: URL) => Promise<Freshness | undefined>;
  /** Bytes the shared pages may hold (both encodings); the oldest go first (default 16 MB). */
  maxBytes?: number;
  /** Bytes the searches and filters may hold (default 4 MB). */
  maxSearchBytes?: number;
}

/**
 * How long a page is answered from the cache, counted from when it began to be drawn: fresh for
 * `freshMs`, then for `staleMs` more only while one redraw of it runs in the background (the
 * first request past its freshness starts it; no request waits for it). So no visitor reads a
 * copy older than freshMs + staleMs, and the redraw's wait falls on nobody unless it takes longer
 * than staleMs (decision 054).
 */
export interface Freshness {
  freshMs: number;
  staleMs?: number;
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

  /** The whole app, for redraws in the background (`redrawThrough`); none: misses wait instead. */
  let redrawFetch: ((request: Request, env: unknown) => Response | Promise<Response>) | undefined;
  /** The requests of those redraws, which the middleware passes to the app untouched. */
  const redraws = new WeakSet<Request>();

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

  /**
   * The kept answer past its freshness but within its stale allowance, of this version only: a
   * catalogue change (an owner's edit) is never answered with the copy from before it.
   */
  function stale(slot: Slot, version: number | null): Entry | undefined {
    const hit = pools[slot.pool].entries.get(slot.key);
    return hit && hit.version === version && hit.staleUntil > Date.now() ? hit : undefined;
  }

  const inFlightKey = (slot: Slot, version: number | null) => `${slot.pool} ${version} ${slot.key}`;

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
    slot: Slot & { staleMs: number },
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
    const freshUntil = slot.maxAgeMs === undefined ? Number.POSITIVE_INFINITY : started + slot.maxAgeMs;
    const entry: Entry = {
      version,
      freshUntil,
      staleUntil: freshUntil + slot.staleMs,
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
   * A redraw in the background is one of them too, so there is one drawing of a page at a time.
   */
  const rendering = new Map<string, Promise<Entry | undefined>>();

  /**
   * Draws the page with `render` as the one drawing of its key and version, and keeps the answer
   * if it may be kept. Whatever happens (an error, an answer that may not be kept), the drawing
   * is over when this settles, and those waiting for it are told (undefined: draw your own).
   */
  async function draw(
    slot: Slot,
    version: number,
    url: URL,
    render: () => Promise<Response>,
  ): Promise<Entry | undefined> {
    const inFlight = inFlightKey(slot, version);
    let stored: Entry | undefined;
    let done = (_: Entry | undefined) => {};
    rendering.set(inFlight, new Promise((resolve) => (done = resolve)));
    const started = Date.now();
    try {
      const res = await render();
      const type = res.headers.get('content-type') ?? '';
      // Only found pages: a 404 for every made-up product id would crowd the real pages out.
      if (res.status !== 200 || res.headers.has('set-cookie') || !CACHEABLE_TYPES.test(type)) return;
      if (!slot.storePrivate && /\b(no-store|private)\b/.test(res.headers.get('cache-control') ?? '')) return;
      if (options.mayStore && !(await options.mayStore(url))) return;
      const freshness = slot.maxAgeMs === undefined ? await options.freshFor?.(url) : undefined;
      stored = store(
        {
          ...slot,
          maxAgeMs: slot.maxAgeMs ?? freshness?.freshMs,
          staleMs: freshness?.staleMs ?? 0,
        },
        version,
        started,
        res,
        new Uint8Array(await res.clone().arrayBuffer()),
      );
      return stored;
    } finally {
      rendering.delete(inFlight);
      done(stored);
    }
  }

  /**
   * The kept copy to answer while the page is redrawn, if it is within its stale allowance and
   * the cache can redraw: the first request past its freshness starts the one redraw, through the
   * whole app and off its own request (so it outlives this answer, and a visitor leaving does not
   * cancel it); the others are answered the copy until the redraw lands.
   */
  function staleWhileRedrawing(
    slot: Slot,
    version: number | null,
    url: URL,
    request: () => Request,
    env: unknown,
  ): Entry | undefined {
    if (!redrawFetch || version === null) return undefined;
    const old = stale(slot, version);
    if (!old) return undefined;
    if (!rendering.has(inFlightKey(slot, version))) {
      let redraw: Request;
      try {
        redraw = request();
      } catch {
        return undefined; // a request fetch cannot spell (e.g. an odd header): the app answers it
      }
      redraws.add(redraw);
      const fetch = redrawFetch;
      void draw(slot, version, url, async () => await fetch(redraw, env)).catch(() => {
        // Nothing kept: the next request past the copy's allowance draws the page itself.
      });
    }
    return old;
  }

  const middleware: MiddlewareHandler = async (c, next) => {
    // A redraw in the background (above): the app draws it, and `draw` keeps it.
    if (redraws.has(c.req.raw)) return next();
    const url = new URL(c.req.url);
    const slot = c.req.method === 'GET' ? lookup(url, c.req.header('cookie')) : null;
    if (slot === null) return next();
    const version = await options.version();
    const answer = (hit: Entry) => {
      const { headers, body } = variant(hit, c.req.header('accept-encoding'));
      return new Response(body, { status: hit.status, headers: headers as Record<string, string> });
    };
    const hit =
      fresh(slot, version) ??
      staleWhileRedrawing(
        slot,
        version,
        url,
        () => new Request(c.req.raw.url, { headers: c.req.raw.headers }),
        c.env,
      );
    if (hit) return answer(hit);
    const leader = rendering.get(inFlightKey(slot, version));
    if (leader) {
      // Its answer, even if its freshness ran out while it was drawn: it is no older than the
      // one this request would draw, and drawing it again is what a slow moment cannot afford.
      const stored = await leader;
      // Not stored (e.g. it set a cookie, or was not found): this request is answered on its own.
      if (stored) return answer(stored);
      return next();
    }
    await draw(slot, version, url, async () => {
      await next();
      return c.res;
    });
  };

  /**
   * Answers a fresh cached page on node:http directly, or a stale one while it is redrawn (which
   * it starts if need be, so no request past the copy's freshness waits in the pages' queue for
   * it); false (nothing written) otherwise.
   */
  function serveFromNode(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' || !req.url) return false;
    let slot: ReturnType<typeof lookup>;
    let url: URL;
    try {
      // As @hono/node-server spells it for the app, so a redraw is drawn for the same address.
      url = new URL(req.url, `http://${req.headers.host ?? 'localhost'}`);
      slot = lookup(url, req.headers.cookie);
    } catch {
      return false; // not a URL we understand: let the app answer it
    }
    if (!slot) return false;
    const version = options.knownVersion();
    const hit =
      fresh(slot, version) ??
      staleWhileRedrawing(slot, version, url, () => new Request(url, { headers: headersOf(req) }), {
        incoming: req,
      });
    if (!hit) return false;
    const { headers, body } = variant(hit, req.headers['accept-encoding']);
    res.writeHead(hit.status, headers);
    res.end(body);
    return true;
  }

  /**
   * Lets the cache redraw a page past its freshness in the background, through the whole app
   * (`app.fetch`), while the copy is answered; until this is called, such a miss waits for its
   * drawing.
   */
  function redrawThrough(fetch: (request: Request, env: unknown) => Response | Promise<Response>) {
    redrawFetch = fetch;
  }

  return { middleware, serveFromNode, redrawThrough };
}

export type PageCache = ReturnType<typeof createPageCache>;

/** A node:http request's headers as a fetch Request's. */
function headersOf(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
    headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  return headers;
}

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
