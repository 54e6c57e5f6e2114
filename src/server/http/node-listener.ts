import type { RequestListener } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { type ClientBuild, createApp, createStorefrontCache } from '../app';
import type { Services } from '../services';

/**
 * The whole shop as a node:http listener. A fresh cached storefront page is written straight to
 * the socket; everything else goes through the Hono app (which fills that cache).
 */
export function createNodeListener(services: Services, build?: ClientBuild): RequestListener {
  const cache = createStorefrontCache(services);
  const handle = getRequestListener(createApp(services, build, cache).fetch);
  return (req, res) => {
    if (!cache.serveFromNode(req, res)) void handle(req, res);
  };
}
