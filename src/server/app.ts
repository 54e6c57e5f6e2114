import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { csrf } from 'hono/csrf';
import { secureHeaders } from 'hono/secure-headers';
import { type AppLoadContext, createRequestHandler, type ServerBuild } from 'react-router';
import { browsePageKey, isBrowsePage, SHOP_PAGE_SIZE } from '~/shared/browse-pages';
import { readShopQuery } from '~/shared/shop-query';
import './http/load-context';
import { MAX_PICTURES, PICTURES_TOO_LARGE_PATH } from '~/shared/made-to-order/made-to-order';
import { daysBetween, londonDate } from '~/shared/time/london-time';
import { accountRoutes } from './account/account-routes';
import { activityScope } from './activity/activity-log';
import { adminRoutes } from './admin/admin-routes';
import { withAuthErrors } from './auth/auth';
import { evenTiming, RESET_REQUEST_MIN_MS } from './auth/even-timing';
import { mayHaveSession } from './auth/session-service';
import { catalogRoutes, photoRoutes } from './catalog/catalog-routes';
import { MAX_PHOTO_BYTES } from './catalog/product-photos';
import { checkoutRoutes } from './checkout/checkout-routes';
import { adminSubscriptionRoutes, subscriptionRoutes } from './club/club-routes';
import { contactRoutes } from './contact/contact-routes';
import { isConnectionLost, RETRY_AFTER_SECONDS } from './db/connection-lost';
import { AppError, errorResponse, isAppError } from './errors';
import { healthRoutes, readyRoutes } from './health/health-routes';
import { CLIENT_IP_HEADER, clientIp } from './http/client-ip';
import { compressAnswers } from './http/compress-answers';
import { contentSecurityPolicy } from './http/content-security-policy';
import { namesFile } from './http/names-file';
import { createPageCache, type PageCache } from './http/page-cache';
import { privateAnswers } from './http/private-answers';
import {
  refuseControlCharactersInJson,
  refuseControlCharactersInUrl,
} from './http/refuse-control-characters';
import { requestIdOf } from './http/request-id';
import { noteRoute } from './http/request-log';
import { madeToOrderRoutes } from './made-to-order/made-to-order-routes';
import { unsubscribeRoutes } from './marketing/marketing-routes';
import { metricsRoutes } from './metrics/metrics-routes';
import { paymentsRoutes } from './payments/payments-routes';
import type { Services } from './services';
import { activityRoutes } from './staff/activity-routes';
import { joinRoutes } from './staff/join-routes';
import { staffRoutes } from './staff/staff-routes';

export interface ClientBuild {
  /** React Router's server build (build/server/index.js). */
  server: ServerBuild;
  /** Folder of the browser assets (build/client). */
  clientDir: string;
}

/**
 * How long the checkout page of a visitor without a session is reused: it shows the delivery days
 * as they fill, and paying means signing in first, which renders the page afresh.
 */
export const ANONYMOUS_CHECKOUT_MAX_AGE_MS = 5000;

/**
 * How old the page of a product with a per-day limit may be when a visitor reads it: it shows
 * what is left for the next days, and a day sold out must show to the next visitor within a
 * second (decision 050).
 */
export const LIMITED_PRODUCT_MAX_AGE_MS = 1000;

/**
 * The last part of that second, in which the copy is still answered while one redraw runs in the
 * background, so no visitor waits for it (decision 054). Inside the second, not after it: the
 * sold-out line still shows within the second, and a redraw slower than this is waited for.
 */
export const LIMITED_PRODUCT_REDRAW_MS = 500;

/** Whether a /product/:id page shows what is left per day (its product has a per-day limit). */
async function showsDaysLeft(services: Services, pathname: string): Promise<boolean> {
  if (!pathname.startsWith('/product/')) return false;
  try {
    return (await services.catalog.getActive(pathname.slice('/product/'.length))).daily_limit !== null;
  } catch {
    return false; // not a product in the shop: its 404 is never kept anyway
  }
}

/**
 * The cache of answers that are the same for everyone: storefront pages, the product list, the
 * cart (the basket lives in the browser) and the checkout page for visitors without a session.
 */
export function createStorefrontCache(services: Services): PageCache {
  return createPageCache({
    keyFor: ({ pathname, searchParams }, cookie) => {
      if (pathname === '/api/products' || pathname === '/cart') return pathname;
      if (pathname === '/checkout') {
        return mayHaveSession(cookie)
          ? null
          : { key: pathname, maxAgeMs: ANONYMOUS_CHECKOUT_MAX_AGE_MS, storePrivate: true };
      }
      if (!isBrowsePage(pathname)) return null;
      // Of the browsing pages' query parameters, only the shop's query changes the answer.
      return browsePageKey(pathname, searchParams);
    },
    // The day too: a cached page must not keep showing a product whose sale ended (decision 043).
    version: async () => withToday(await services.catalogVersion.current()),
    knownVersion: () => {
      const known = services.catalogVersion.known();
      return known === null ? null : withToday(known);
    },
    // A shop page past the last shows the last page: keep only the real pages. Searches and
    // filters have their own bounded pool, so their odd pages cannot crowd out the shared ones.
    mayStore: async ({ pathname, searchParams }) =>
      pathname !== '/shop' ||
      browsePageKey(pathname, searchParams).pool === 'searches' ||
      readShopQuery(searchParams).page <=
        Math.max(1, Math.ceil((await services.catalog.listActive()).length / SHOP_PAGE_SIZE)),
    freshFor: async ({ pathname }) =>
      (await showsDaysLeft(services, pathname))
        ? {
            freshMs: LIMITED_PRODUCT_MAX_AGE_MS - LIMITED_PRODUCT_REDRAW_MS,
            staleMs: LIMITED_PRODUCT_REDRAW_MS,
          }
        : undefined,
  });
}

/** A catalogue version that also changes at London midnight: the version, then the day's number. */
const withToday = (version: number) => version * 100_000 + daysBetween('2000-01-01', londonDate(new Date()));

/** Builds the whole HTTP app without listening, so tests can call `app.request()`. */
export function createApp(services: Services, build?: ClientBuild, cache = createStorefrontCache(services)) {
  const { config, log } = services;
  const app = new Hono();

  app.onError((err, c) => errorResponse(c, err, log));
  // Outermost: the route each request was for, for its log line and the metrics (request-log.ts).
  app.use(noteRoute);
  // Who of the back office makes this request's changes, and from where: the activity log's.
  app.use(activityScope((c) => clientIp(c, config.trustProxy)));
  // First, so a cached answer is stored with every header the layers below add.
  app.use(cache.middleware);
  // A page redrawn in the background goes through the whole app, as a visitor's request would.
  cache.redrawThrough(app.fetch);
  app.use(
    secureHeaders({
      strictTransportSecurity: config.secureCookies ? 'max-age=31536000; includeSubDomains' : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
    }),
  );
  // Pages bring their own policy (their inline scripts' hashes); everything else gets a closed one.
  app.use(contentSecurityPolicy);
  app.use(compressAnswers());
  app.use(privateAnswers);
  // One-click unsubscribe (RFC 8058) is posted by mail programs, from no page of ours: before the
  // cross-site check, allowed by its signed token alone.
  app.route('/unsubscribe', unsubscribeRoutes(services.marketing));
  // Cross-site form posts (pages' actions included) are refused; JSON needs CORS, which we never grant.
  app.use(
    csrf({ origin: (origin, c) => origin === config.publicUrl || origin === new URL(c.req.url).origin }),
  );
  app.use('/api/payments/*', bodyLimit({ maxSize: 512 * 1024, onError: tooLarge }));
  // Photo uploads (the API's and the product form's) may carry up to 10 MB; other bodies are small.
  const photoLimit = bodyLimit({ maxSize: MAX_PHOTO_BYTES + 256 * 1024, onError: tooLarge });
  const smallLimit = bodyLimit({ maxSize: 64 * 1024, onError: tooLarge });
  // A made-to-order enquiry carries up to 3 reference pictures (decision 086).
  // Posted without JavaScript, a body over that comes back to the form, which says why; the
  // form's script checks the pictures before sending, so its own posts never reach this.
  const picturesLimit = bodyLimit({
    maxSize: MAX_PICTURES * MAX_PHOTO_BYTES + 256 * 1024,
    onError: (c) => (c.req.path === '/made-to-order' ? c.redirect(PICTURES_TOO_LARGE_PATH, 303) : tooLarge()),
  });
  app.use('*', (c, next) =>
    (carriesPictures(c.req.method, c.req.path)
      ? picturesLimit
      : carriesPhoto(c.req.method, c.req.path)
        ? photoLimit
        : smallLimit)(c, next),
  );
  app.use(refuseControlCharactersInUrl);

  app.use('/api/auth/request-password-reset', evenTiming(RESET_REQUEST_MIN_MS));
  app.on(['GET', 'POST'], '/api/auth/*', async (c) => {
    // better-auth reads the client address from a header; set it ourselves, never from the client.
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, config.trustProxy));
    const { response, errors } = await withAuthErrors(
      new Request(c.req.raw, { headers }),
      async (request) => {
        await refuseControlCharactersInJson(request);
        return services.auth.handler(request);
      },
    );
    if (response.status >= 500) {
      // A lost database or a full password-hashing queue: "try again shortly" (503), not a fault.
      const cause = errors.find((e) => isConnectionLost(e) || (isAppError(e) && e.status === 503));
      if (cause) throw cause;
    }
    return response;
  });
  app.route('/api/health', healthRoutes(services));
  app.route('/api/ready', readyRoutes(services));
  app.route(
    '/metrics',
    metricsRoutes({
      token: config.metricsToken,
      scrape: services.metrics.scrape,
      contentType: services.metrics.contentType,
    }),
  );
  app.route('/api/products', catalogRoutes(services));
  app.route('/api/photos', photoRoutes(services));
  app.route('/api/account', accountRoutes(services));
  app.route('/api/checkout', checkoutRoutes(services));
  app.route('/api/payments', paymentsRoutes(services));
  app.route('/api/subscriptions', subscriptionRoutes(services));
  app.route('/api/admin/subscriptions', adminSubscriptionRoutes(services));
  app.route('/api/admin/staff', staffRoutes(services));
  app.route('/api/admin/activity', activityRoutes(services));
  app.route('/api/admin/made-to-order', madeToOrderRoutes(services));
  app.route('/api/admin', adminRoutes(services));
  app.route('/api/contact', contactRoutes(services));
  app.route('/api/staff-invites', joinRoutes(services));
  app.all('/api/*', () => {
    throw new AppError(404, 'not_found', 'No such API endpoint');
  });

  if (build) {
    const root = path.relative(process.cwd(), build.clientDir) || '.';
    app.use(
      '/assets/*',
      serveStatic({
        root,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    );
    const publicFiles = serveStatic({
      root,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=86400'),
    });
    // Only a path naming a file can be one of public/'s (favicon.svg, og-image.jpg): pages skip
    // the file system look-up, a turn of the event loop each.
    app.use('*', (c, next) => (namesFile(c.req.path) ? publicFiles(c, next) : next()));
    const handler = createRequestHandler(
      build.server,
      config.env === 'development' ? 'development' : 'production',
    );
    app.all('*', async (c) => {
      const context: AppLoadContext = {
        services,
        clientIp: clientIp(c, config.trustProxy),
        requestId: requestIdOf(c),
        errors: [],
      };
      const res = await handler(c.req.raw, context);
      // A page whose loader or action lost the database is "try again shortly", not a fault.
      return res.status >= 500 && context.errors.some(isConnectionLost) ? databaseUnavailable(res) : res;
    });
  }
  return app;
}

/** The same answer with status 503 and a Retry-After, so browsers and proxies try again shortly. */
function databaseUnavailable(res: Response): Response {
  const headers = new Headers(res.headers);
  headers.set('Retry-After', String(RETRY_AFTER_SECONDS));
  headers.set('Cache-Control', 'no-store');
  return new Response(res.body, { status: 503, headers });
}

/** Requests that may carry a product photo: the admin API's upload and the product form's post. */
const carriesPhoto = (method: string, path: string) =>
  (method === 'PUT' && /^\/api\/admin\/products\/[^/]+\/photo$/.test(path)) ||
  (method === 'POST' && /^\/admin\/products(\.data)?$/.test(path));

/** The made-to-order enquiry form's post (with JavaScript or without). */
const carriesPictures = (method: string, path: string) =>
  method === 'POST' && /^\/made-to-order(\.data)?$/.test(path);

function tooLarge(): never {
  throw new AppError(413, 'payload_too_large', 'The request is too large.');
}

export type App = ReturnType<typeof createApp>;
