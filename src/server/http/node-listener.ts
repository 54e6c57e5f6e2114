import type { RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { type ClientBuild, createApp, createStorefrontCache } from '../app';
import type { Services } from '../services';
import {
  CHECKOUT_WAIT_MS,
  CHECKOUTS_WAITING,
  createAdmissionGate,
  drawsPage,
  placesOrder,
  refuseApi,
} from './admission-gate';
import { observeRequests } from './request-log';
import { pagePatterns } from './route-pattern';

/**
 * Pages drawn at once. On the embedded database the statements run on the database's one thread
 * (docs/decisions/022): with 3, one page is drawn here while others wait for their statements,
 * and each page cost less CPU than with 2 (bench/RESULTS.md). On PostgreSQL the queries run in
 * several backends, so a few pages keep this thread busy while others wait for their answers.
 */
export const PAGES_AT_ONCE = { pglite: 3, postgres: 4 } as const;

/**
 * The whole shop as a node:http listener. A fresh cached storefront page is written straight to
 * the socket; pages drawn per visitor pass the admission gate, first come first served, and so do
 * checkouts, through a gate of their own; the rest of the API goes straight to the Hono app (which also fills the page cache). Every request is logged and
 * counted once (request-log.ts).
 */
export function createNodeListener(services: Services, build?: ClientBuild): RequestListener {
  const cache = createStorefrontCache(services);
  const handle = getRequestListener(createApp(services, build, cache).fetch);
  const gate = createAdmissionGate(PAGES_AT_ONCE[services.dbKind]);
  // Checkouts have a gate of their own, beside the pages': a drop's rush of checkouts must not
  // hold up the pages, nor queue without end (admission-gate.ts), and the queue is
  // held to a wait, not only a length (decision 053).
  const checkouts = createAdmissionGate(PAGES_AT_ONCE[services.dbKind], CHECKOUTS_WAITING, refuseApi, {
    targetMs: services.config.checkoutWaitMs ?? CHECKOUT_WAIT_MS[services.dbKind],
  });
  const observe = observeRequests({
    log: services.log,
    metrics: services.metrics,
    trustProxy: services.config.trustProxy,
    pagePattern: pagePatterns(build?.server.routes),
  });
  return (req, res) => {
    observe(req, res);
    if (cache.serveFromNode(req, res)) return;
    if (drawsPage(req)) gate.admit(res, () => void handle(req, res));
    else if (placesOrder(req)) checkouts.admit(res, () => void handle(req, res));
    else void handle(req, res);
  };
}
