import type { IncomingMessage, ServerResponse } from 'node:http';
import { namesFile } from './names-file';

/**
 * Pages that may wait at once. Past it a visitor is told to try again rather than queued: at the
 * 70-170 pages/s these pages are drawn, 1,000 waiting is a wait of 6-15 s already, and a flood of
 * requests must not grow the queue (and the server's memory) without end.
 */
export const MAX_WAITING = 1_000;

/**
 * First come, first served for the pages drawn per visitor, a few at a time.
 *
 * Node runs every request it has read in turns on one thread: with 50 pages in flight each turn
 * of the event loop advances all of them a little, so the turns grow long, every page finishes
 * late, and which one finishes first is luck (p99 6-10x p50 on the embedded database). Worse,
 * libuv accepts one new connection per turn (libuv/libuv#3696), so a visitor opening a
 * connection waited behind several long turns before being read at all. With `limit` in flight
 * and the rest waiting in arrival order, a turn is short, new connections are accepted promptly,
 * and a page's wait is the queue ahead of it, the same for everyone.
 */
export function createAdmissionGate(
  limit: number,
  maxWaiting = MAX_WAITING,
  refuse: Refusal = refusePage,
  bound: WaitBound | null = null,
) {
  let inFlight = 0;
  // A Set iterates in insertion order: the first still waiting goes next.
  const waiting = new Set<() => void>();
  const now = bound?.now ?? performance.now.bind(performance);
  /** Mean time from admission to answer, recent answers weighing most; 0 until the first answer. */
  let meanServiceMs = 0;

  function served(ms: number) {
    meanServiceMs = meanServiceMs === 0 ? ms : meanServiceMs + (ms - meanServiceMs) * SERVICE_WEIGHT;
  }

  /**
   * What a newcomer would wait and be served in, by Little's law: `limit` at a time, each taking
   * the mean, the queue ahead of it drains at `limit / mean` a second, then its own turn.
   */
  const expectedMs = () => ((waiting.size + 1) / limit + 1) * meanServiceMs;

  function next() {
    for (const start of waiting) {
      waiting.delete(start);
      inFlight++; // its place is held from now, so a newcomer cannot take it meanwhile
      // On the next turn of the event loop, not now: on the embedded database a page can be drawn
      // without ever yielding to the loop (its queries settle as promises), so starting the next
      // one at once would run the whole queue in one turn, reading and accepting nothing meanwhile.
      setImmediate(start);
      return;
    }
  }

  function release() {
    inFlight--;
    next();
  }

  return {
    /**
     * Runs `handle` now if there is room, else when the requests ahead of it are answered; when
     * `maxWaiting` are waiting already, answers 503 with Retry-After instead.
     */
    admit(res: ServerResponse, handle: () => void) {
      if (inFlight >= limit && (waiting.size >= maxWaiting || (bound && expectedMs() > bound.targetMs)))
        return refuse(res);
      let state: 'waiting' | 'admitted' | 'gone' = 'waiting';
      let startedAt = 0;
      const start = () => {
        if (state === 'gone') return release(); // the visitor left before their turn came
        state = 'admitted';
        startedAt = now();
        handle();
      };
      // 'close' comes once the answer is sent or the visitor left: either frees the place, and a
      // visitor who left while waiting is never served.
      res.once('close', () => {
        if (state === 'admitted') {
          served(now() - startedAt);
          release();
        } else waiting.delete(start);
        state = 'gone';
      });
      if (inFlight < limit) {
        inFlight++;
        start();
      } else waiting.add(start);
    },
    /** For tests and logs: pages being drawn (or about to be), and waiting. */
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return waiting.size;
    },
    /** For tests and logs: the mean time from admission to answer (0 before the first). */
    get meanServiceMs() {
      return meanServiceMs;
    },
  };
}

/**
 * A bound on the wait rather than only on the queue's length (decision 053): a newcomer is let
 * in, beyond the `limit` being served, only while the queue ahead of it and its own turn are
 * expected to take at most `targetMs` at the mean service time measured so far. So the answers
 * that are given keep to the target however slow each has become, and the rest are told at once
 * to come back (503, Retry-After), instead of waiting past it. Before the first answer there is no
 * measure, and the count bound alone holds.
 */
export interface WaitBound {
  targetMs: number;
  /** The clock (ms), for tests. */
  now?: () => number;
}

/** How much the newest answer moves the mean: about the last 10 answers count. */
const SERVICE_WEIGHT = 0.1;

type Refusal = (res: ServerResponse) => void;

const BUSY = 'The shop is very busy just now. Please try again in a few seconds.';
/** How long a visitor told the shop is busy is asked to wait before trying again. */
export const BUSY_RETRY_AFTER_SECONDS = 5;
const busyHeaders = (type: string) => ({
  'content-type': type,
  'cache-control': 'no-store',
  'retry-after': String(BUSY_RETRY_AFTER_SECONDS),
});

function refusePage(res: ServerResponse) {
  res.writeHead(503, busyHeaders('text/plain; charset=utf-8'));
  res.end(BUSY);
}

/** The API's refusal, in its error shape (errors.ts), which the checkout shows as it is. */
export function refuseApi(res: ServerResponse) {
  res.writeHead(503, busyHeaders('application/json'));
  res.end(JSON.stringify({ error: { code: 'busy', message: BUSY } }));
}

/**
 * Checkouts that may wait at once (drop day). A checkout's quote and order cost the
 * server 20-40 ms each while a limited box sells out; unbounded, 2,000 customers in a minute
 * queued them for up to two minutes (bench/RESULTS.md). At ~30 a second, 60 waiting is a wait
 * of about 2 s; past it a customer is told to try again in a few seconds. The wait is bounded
 * too (`CHECKOUT_WAIT_MS`, `WaitBound`), which is what usually refuses first.
 */
export const CHECKOUTS_WAITING = 60;

/**
 * The checkout's wait and answer a newcomer may expect before it is told to come back
 * (`WaitBound`), unless `CHECKOUT_WAIT_MS` says otherwise: under the p99 of 2 s embedded
 * and 1 s on PostgreSQL, with room for what the mean does not see (a slow answer, the network).
 */
export const CHECKOUT_WAIT_MS = { pglite: 1_500, postgres: 750 } as const;

/** The checkout's own API, which the checkout gate orders: its quote and placing the order. */
export function placesOrder(req: IncomingMessage): boolean {
  if (req.method !== 'POST') return false;
  const path = (req.url ?? '/').split('?', 1)[0]!;
  return path === '/api/checkout/quote' || path === '/api/checkout/create-checkout-session';
}

/**
 * The requests the gate orders: those React Router answers (pages, their `.data` and form posts).
 * Not the API (sign-ins have their own gate, whose refusals are held 1 s, and the load balancer's
 * health check must not wait behind pages), not built assets or public files.
 */
export function drawsPage(req: IncomingMessage): boolean {
  const path = (req.url ?? '/').split('?', 1)[0]!;
  return !path.startsWith('/api/') && !path.startsWith('/assets/') && !namesFile(path);
}
