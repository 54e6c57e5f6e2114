import { createMiddleware } from 'hono/factory';

/**
 * The least time "Forgot password?" takes to answer. For a known e-mail better-auth writes a token
 * and we queue an e-mail; for an unknown one it does neither. Answering no sooner than this hides
 * which it was (measured here: about 80 ms unknown, 130 ms known, up to ~180 ms under load).
 */
export const RESET_REQUEST_MIN_MS = 500;

/** Holds every answer back until `minMs` have passed since the request arrived. */
export const evenTiming = (minMs: number) =>
  createMiddleware(async (_c, next) => {
    const started = performance.now();
    await next();
    const left = minMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  });
