import type { EntryContext, ServerBuild } from 'react-router';
import { createApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { loadClientBuild } from '../../src/server/load-build';
import { createLogger } from '../../src/server/logger';
import { createServices } from '../../src/server/services';
import { inProcess, signIn as signInAs } from '../../src/test/sign-in';
import { countQueries } from './count-queries';
import { CUSTOMER, OWNER } from './visitor-fixture';

/** The pages drawn for one visitor, and who is signed in to see them. */
export interface VisitorRoute {
  name: string;
  path: string;
  as: 'customer' | 'owner';
}

export function visitorRoutes(orderId: string): VisitorRoute[] {
  return [
    { name: '/account', path: '/account', as: 'customer' },
    { name: '/account/orders/{id}', path: `/account/orders/${orderId}`, as: 'customer' },
    { name: '/checkout (signed in)', path: '/checkout', as: 'customer' },
    { name: '/admin', path: '/admin', as: 'owner' },
    { name: '/admin/orders', path: '/admin/orders', as: 'owner' },
    { name: '/admin/orders/{id}', path: `/admin/orders/${orderId}`, as: 'owner' },
    { name: '/admin/bake-days', path: '/admin/bake-days', as: 'owner' },
    // The pages the Cookie Club, gift cards and delivery zones issues added.
    { name: '/account/subscriptions', path: '/account/subscriptions', as: 'customer' },
    { name: '/admin/subscriptions', path: '/admin/subscriptions', as: 'owner' },
    { name: '/admin/gift-cards', path: '/admin/gift-cards', as: 'owner' },
    { name: '/admin/settings (delivery zones)', path: '/admin/settings', as: 'owner' },
  ];
}

type RenderArgs = [Request, number, Headers, EntryContext];

/** A route's render limit, and the statements the whole server sends to draw the page once. */
export interface RouteLimit {
  rendersPerSecond: number;
  statements: string[];
}

/**
 * L for each route: renders/s of React drawing the route's tree to HTML in a loop (the build's
 * own entry.server, so the same markup the shop sends), on the loader data the real loaders
 * returned once for the signed-in visitor. No session, database or HTTP inside the loop: the
 * ceiling a page served through the whole server can approach.
 */
export async function renderLimits(
  env: Record<string, string>,
  routes: VisitorRoute[],
  seconds: number,
): Promise<Map<string, RouteLimit>> {
  const queries = countQueries();
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', RATE_LIMITS: 'false' });
  const services = await createServices(config, createLogger(config));
  const { server, clientDir } = await loadClientBuild();
  const render = server.entry.module.default;
  let captured: RenderArgs | null = null;
  const capturing: ServerBuild = {
    ...server,
    entry: {
      module: {
        ...server.entry.module,
        default: (request, status, headers, context, loadContext) => {
          // The loader data travels in a stream a render reads once: keep a copy of its bytes.
          const [forPage, kept] = (context.serverHandoffStream as ReadableStream<Uint8Array>).tee();
          captured = [request, status, new Headers(headers), { ...context, serverHandoffStream: kept }];
          return render(request, status, headers, { ...context, serverHandoffStream: forPage }, loadContext);
        },
      },
    },
  };
  const app = createApp(services, { server: capturing, clientDir });
  const base = config.publicUrl;
  try {
    const cookies = {
      customer: await signIn(app, base, CUSTOMER),
      owner: await signIn(app, base, OWNER),
    };
    const limits = new Map<string, RouteLimit>();
    for (const route of routes) {
      const draw = async (): Promise<RenderArgs> => {
        captured = null;
        const res = await app.request(`${base}${route.path}`, { headers: { cookie: cookies[route.as] } });
        await res.arrayBuffer();
        if (res.status !== 200 || !captured) throw new Error(`${route.path} answered ${res.status}`);
        return captured;
      };
      // Counted on the second drawing: the first may fill caches (the catalogue, settings).
      await draw();
      queries.take();
      const [request, status, headers, context] = await draw();
      const statements = queries.take();
      const handoff: Uint8Array[] = [];
      for await (const chunk of context.serverHandoffStream as ReadableStream<Uint8Array>)
        handoff.push(chunk);
      const renderOnce = async () => {
        const serverHandoffStream = new ReadableStream({
          start(controller) {
            for (const chunk of handoff) controller.enqueue(chunk);
            controller.close();
          },
        });
        const page = await render(
          request,
          status,
          new Headers(headers),
          { ...context, serverHandoffStream },
          {} as never,
        );
        await page.arrayBuffer();
      };
      for (let i = 0; i < 20; i++) await renderOnce(); // warm up the JIT
      let n = 0;
      const started = performance.now();
      const until = started + seconds * 1000;
      while (performance.now() < until) {
        await renderOnce();
        n++;
      }
      limits.set(route.name, { rendersPerSecond: n / ((performance.now() - started) / 1000), statements });
    }
    return limits;
  } finally {
    await services.close();
  }
}

/** Signs in through the app in this process; the session cookies to send. */
export async function signIn(
  app: ReturnType<typeof createApp>,
  base: string,
  who: { email: string; password: string },
): Promise<string> {
  return signInAs(inProcess(app, base), base, who);
}
