/**
 * Prints each storefront page's initial JavaScript and fails when one grows past the budget or
 * would download admin code. `npm run build` runs the same check (scripts/build.ts).
 */
import { formatRouteBundle, measureStorefrontJs } from './lib/bundle-size';

const rows = await measureStorefrontJs();
for (const row of rows) console.log(formatRouteBundle(row));
if (rows.some((r) => !r.ok)) {
  console.error('Storefront JavaScript is over budget (or includes admin code).');
  process.exit(1);
}
