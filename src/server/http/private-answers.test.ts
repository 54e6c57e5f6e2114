import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import { createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { isPerPerson } from './private-answers';

// What differs per person is never kept by a browser or proxy (real build: run `npm run build` first).
let t: TestApp;
let admin: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
  ({ cookie: admin } = await createUser(t, { admin: true }));
  ({ cookie: customer } = await createUser(t));
});
afterAll(() => t?.close());

const cacheControl = async (path: string, cookie?: string) =>
  (await t.app.request(path, { headers: cookie ? { cookie } : {} })).headers.get('cache-control');

describe('Cache-Control: private, no-store', () => {
  it.each([
    ['/account', 'customer'],
    ['/account.data', 'customer'],
    ['/checkout', 'customer'],
    ['/checkout/success?session_id=x', 'customer'],
    ['/auth', 'none'],
    ['/admin', 'admin'],
    ['/admin/orders', 'admin'],
    ['/admin/orders.data', 'admin'],
    ['/api/admin/orders', 'admin'],
    ['/api/admin/orders', 'none'],
    ['/api/contact/messages', 'admin'],
    ['/api/account/me', 'customer'],
    ['/api/auth/get-session', 'customer'],
  ])('on %s (signed in as %s)', async (path, who) => {
    const cookie = who === 'admin' ? admin : who === 'customer' ? customer : undefined;
    expect(await cacheControl(path, cookie)).toBe('private, no-store');
  });

  it('but not on the storefront pages everyone shares', async () => {
    for (const path of ['/', '/shop', '/api/products']) {
      expect((await cacheControl(path, customer)) ?? '').not.toMatch(/private|no-store/);
    }
  });

  it('matches paths, their sub-paths and .data answers only', () => {
    expect(isPerPerson('/accounting')).toBe(false);
    expect(isPerPerson('/administrator')).toBe(false);
    expect(isPerPerson('/admin/products.data')).toBe(true);
    expect(isPerPerson('/pay/test/test_cs_1')).toBe(true);
  });
});
