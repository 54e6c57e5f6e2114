/**
 * Fails the build when a storefront page's initial JavaScript grows past the budget, or when any
 * storefront page would download admin code. Run after `react-router build` (see package.json).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadClientBuild } from '../src/server/load-build';

// React 19 + React Router 7 alone weigh ~108 KB gzip; see docs/decisions/002-storefront-js-budget.md.
const BUDGET_BYTES = 150 * 1024;
const STOREFRONT_ROUTES = [
  'routes/storefront/home',
  'routes/storefront/shop',
  'routes/storefront/product',
  'routes/storefront/cart',
  'routes/checkout/checkout',
];

const build = await loadClientBuild(process.env.BUILD_DIR);
const { entry, routes } = build.server.assets;

function chain(routeId: string): string[] {
  const ids: string[] = [];
  for (let id: string | undefined = routeId; id; id = routes[id]?.parentId) ids.unshift(id);
  return ids;
}

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(build.clientDir, file))).length;
const adminModules = new Set(
  Object.values(routes)
    .filter((r) => r?.id.startsWith('routes/admin/'))
    .map((r) => r!.module),
);

let failed = false;
for (const routeId of STOREFRONT_ROUTES) {
  const files = new Set<string>([entry.module, ...entry.imports]);
  for (const id of chain(routeId)) {
    const r = routes[id];
    if (!r) continue;
    files.add(r.module);
    for (const f of r.imports ?? []) files.add(f);
  }
  const leaked = [...files].filter((f) => adminModules.has(f));
  const bytes = [...files].reduce((sum, f) => sum + gzipSize(f), 0);
  const ok = bytes <= BUDGET_BYTES && leaked.length === 0;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${routeId.padEnd(28)} ${(bytes / 1024).toFixed(1)} KB gzip of JS (budget ${BUDGET_BYTES / 1024} KB)` +
      (leaked.length ? `; admin code: ${leaked.join(', ')}` : ''),
  );
}
if (failed) {
  console.error('Storefront JavaScript is over budget (or includes admin code).');
  process.exit(1);
}
