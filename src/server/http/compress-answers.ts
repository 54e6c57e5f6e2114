import { promisify } from 'node:util';
import { constants, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { acceptsGzip } from './page-cache';

const gzipAsync = promisify(gzip);

/** Smaller answers are sent as they are: zipping them costs more than it saves. */
const THRESHOLD = 1024;
/**
 * An answer for one visitor (`Cache-Control: private`) is zipped once and sent once: zlib's fastest
 * level takes ~1/5 of the default's time for ~10% more bytes. Answers that may be kept in the page
 * cache and sent to many keep the default level (smaller, zipped once).
 */
const FOR_ONE_VISITOR = /\bprivate\b/;
/**
 * Up to this size an answer for one visitor is zipped on the event loop itself (~0.4 ms for a
 * 120 KB back-office page at level 1): handing it to the thread pool cost more CPU than the
 * zipping (~0.5-1 ms a page, most of it in the main thread and V8's helper threads,
 * decision 061), and the answer waited for the next turn of the loop to be picked up (decision 021).
 */
const ZIP_IN_LINE_BYTES = 256 * 1024;

/** Pages and JSON: whole in memory by the time they are answered (pages render before sending). */
const WHOLE = /^(text\/html|application\/json)\b/;

/**
 * Compression. Hono's compress() zips through a CompressionStream on the event loop and, not
 * knowing the length of a body without Content-Length, zips even a 60-byte JSON answer (a new zlib
 * stream each time: a tenth of a checkout's CPU). Pages and JSON are whole anyway, so they are
 * zipped in one piece, only above 1 KB: an answer for one visitor at the fastest level, on the event
 * loop unless it is large; others (zipped once, then kept) on libuv's thread pool.
 * Anything else (CSV exports, React Router's streamed data) keeps Hono's streaming compress.
 */
export function compressAnswers(): MiddlewareHandler {
  const streaming = compress();
  return (c, next) =>
    streaming(c, async () => {
      await next();
      const res = c.res;
      const type = res.headers.get('content-type') ?? '';
      if (
        !WHOLE.test(type) ||
        !res.body ||
        res.status === 206 ||
        c.req.method === 'HEAD' ||
        res.headers.has('content-encoding') ||
        // Known lengths are Hono's compress's to judge (and Hono's context keeps the old length).
        res.headers.has('content-length') ||
        /\bno-transform\b/.test(res.headers.get('cache-control') ?? '')
      )
        return;
      const body = new Uint8Array(await res.arrayBuffer());
      const headers = new Headers(res.headers);
      const zip = body.byteLength >= THRESHOLD && acceptsGzip(c.req.header('accept-encoding'));
      if (body.byteLength >= THRESHOLD) headers.append('vary', 'Accept-Encoding');
      const sent = zip
        ? await gzipped(body, FOR_ONE_VISITOR.test(res.headers.get('cache-control') ?? ''))
        : body;
      if (zip) headers.set('content-encoding', 'gzip');
      // A length tells the streaming compress above that this answer is settled.
      headers.set('content-length', String(sent.byteLength));
      c.res = new Response(sent, { status: res.status, statusText: res.statusText, headers });
    });
}

async function gzipped(body: Uint8Array, forOneVisitor: boolean) {
  if (!forOneVisitor) return gzipAsync(body);
  const fastest = { level: constants.Z_BEST_SPEED };
  return body.byteLength <= ZIP_IN_LINE_BYTES ? gzipSync(body, fastest) : gzipAsync(body, fastest);
}
