import type { ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pagePatterns, UNMATCHED } from './route-pattern';

// The shape of the server build's manifest, for a few of the shop's routes.
const route = (id: string, parentId: string | undefined, path?: string, index?: boolean) => ({
  id,
  parentId,
  path,
  index,
  module: {},
});
const routes = Object.fromEntries(
  [
    route('root', undefined, ''),
    route('storefront', 'root'),
    route('home', 'storefront', undefined, true),
    route('shop', 'storefront', 'shop'),
    route('product', 'storefront', 'product/:id'),
    route('checkout', 'storefront', 'checkout'),
    route('success', 'storefront', 'checkout/success'),
    route('not-found', 'storefront', '*'),
    route('admin', 'root', 'admin'),
    route('admin-layout', 'admin'),
    route('dashboard', 'admin-layout', undefined, true),
    route('order', 'admin-layout', 'orders/:id'),
    route('slips', 'admin-layout', 'bake-days/:date/slips'),
  ].map((r) => [r.id, r]),
) as unknown as ServerBuild['routes'];

describe('page route patterns', () => {
  const patternOf = pagePatterns(routes);

  it('names a page by its pattern, not by the ids in its URL', () => {
    expect(patternOf('/product/chocolate-chunk')).toBe('/product/:id');
    expect(patternOf('/product/another-one')).toBe('/product/:id');
    expect(patternOf('/admin/orders/4b1c0c7e-8d4e-4f7e-9d6a-2f0b7f0c1a11')).toBe('/admin/orders/:id');
    expect(patternOf('/admin/bake-days/2026-12-01/slips')).toBe('/admin/bake-days/:date/slips');
  });

  it('prefers a fixed path to a parameter, and the home and dashboard by their index', () => {
    expect(patternOf('/checkout/success')).toBe('/checkout/success');
    expect(patternOf('/checkout')).toBe('/checkout');
    expect(patternOf('/')).toBe('/');
    expect(patternOf('/admin')).toBe('/admin');
  });

  it("counts a page's data request as the page", () => {
    expect(patternOf('/shop.data')).toBe('/shop');
    expect(patternOf('/_root.data')).toBe('/');
    expect(patternOf('/product/x.data')).toBe('/product/:id');
  });

  it('puts every unknown path under the catch-all', () => {
    expect(patternOf('/wp-admin/install.php')).toBe('/*');
    expect(patternOf('/product/a/b')).toBe('/*');
    expect(pagePatterns(undefined)('/anything')).toBe(UNMATCHED);
  });
});
