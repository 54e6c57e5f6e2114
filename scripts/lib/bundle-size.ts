/**
 * How much JavaScript each storefront page downloads before it is usable, and whether any of it
 * is admin code. Used by `npm run build` (scripts/build.ts) and scripts/check-bundle-size.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadClientBuild } from '../../src/server/load-build';

// React 19 + React Router 7 alone weigh ~108 KB gzip; see docs/decisions/002-storefront-js-budget.md.
export const BUDGET_BYTES = 150 * 1024;
const STOREFRONT_ROUTES = [
  'routes/storefront/home',
  'routes/storefront/shop',
  'routes/storefront/product',
  'routes/storefront/cart',
  'routes/checkout/checkout',
];

export interface RouteBundle {
  routeId: string;
  /** gzip bytes of the page's initial JavaScript */
  bytes: number;
  /** admin modules the page would download (must be none) */
  leaked: string[];
  ok: boolean;
}

export async function measureStorefrontJs(buildDir = process.env.BUILD_DIR): Promise<RouteBundle[]> {
  const build = await loadClientBuild(buildDir);
  const { entry, routes } = build.server.assets;
  const chain = (routeId: string) => {
    const ids: string[] = [];
    for (let id: string | undefined = routeId; id; id = routes[id]?.parentId) ids.unshift(id);
    return ids;
  };
  const gzipSize = (file: string) => gzipSync(readFileSync(path.join(build.clientDir, file))).length;
  const adminModules = new Set(
    Object.values(routes)
      .filter((r) => r?.id.startsWith('routes/admin/'))
      .map((r) => r!.module),
  );
  return STOREFRONT_ROUTES.map((routeId) => {
    const files = new Set<string>([entry.module, ...entry.imports]);
    for (const id of chain(routeId)) {
      const r = routes[id];
      if (!r) continue;
      files.add(r.module);
      for (const f of r.imports ?? []) files.add(f);
    }
    const leaked = [...files].filter((f) => adminModules.has(f));
    const bytes = [...files].reduce((sum, f) => sum + gzipSize(f), 0);
    return { routeId, bytes, leaked, ok: bytes <= BUDGET_BYTES && leaked.length === 0 };
  });
}

export function formatRouteBundle(r: RouteBundle): string {
  return (
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.routeId.padEnd(28)} ${(r.bytes / 1024).toFixed(1)} KB gzip of JS (budget ${BUDGET_BYTES / 1024} KB)` +
    (r.leaked.length ? `; admin code: ${r.leaked.join(', ')}` : '')
  );
}
