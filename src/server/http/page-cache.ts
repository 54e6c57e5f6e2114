import { gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

interface Entry {
  version: number;
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer>;
}

/**
 * Caches whole server-rendered storefront pages that are the same for every visitor (the basket
 * lives in the browser), keyed by path and the catalogue version, so an admin's change shows at
 * once. Requests with a query string, responses that set cookies and non-HTML answers pass through.
 */
export function pageCache(options: {
  isCacheable: (pathname: string) => boolean;
  version: () => Promise<number>;
  maxEntries?: number;
}): MiddlewareHandler {
  const max = options.maxEntries ?? 2000;
  const entries = new Map<string, Entry>();

  return async (c, next) => {
    const url = new URL(c.req.url);
    if (c.req.method !== 'GET' || url.search || !options.isCacheable(url.pathname)) return next();
    const version = await options.version();
    const hit = entries.get(url.pathname);
    if (hit && hit.version === version) {
      const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
      const headers = new Headers(hit.headers);
      if (gzip) {
        headers.set('content-encoding', 'gzip');
        headers.set('vary', 'Accept-Encoding');
      }
      return new Response(gzip ? hit.gzip : hit.body, { status: hit.status, headers });
    }
    await next();
    const res = c.res;
    const type = res.headers.get('content-type') ?? '';
    if (![200, 404].includes(res.status) || res.headers.has('set-cookie') || !type.startsWith('text/html'))
      return;
    const body = new Uint8Array(await res.clone().arrayBuffer());
    if (entries.size >= max) entries.delete(entries.keys().next().value!);
    entries.set(url.pathname, {
      version,
      status: res.status,
      headers: [...res.headers.entries()].filter(([k]) => k !== 'content-length' && k !== 'content-encoding'),
      body,
      gzip: new Uint8Array(gzipSync(body)),
    });
  };
}
