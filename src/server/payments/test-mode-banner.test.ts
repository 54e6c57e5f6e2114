import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// Pages as rendered by the real build (run `npm run build` first) of a shop started with PAYMENTS=test.
const BANNER = 'Test mode: no real payments';
let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  const build = await loadClientBuild(process.env.BUILD_DIR);
  t = await createTestApp({ build, env: { PAYMENTS: 'test' } });
  plain = await createTestApp({ build });
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
});

describe('PAYMENTS=test', () => {
  it.each(['/', '/shop', '/our-story', '/contact', '/cart', '/auth', '/no-such-page'])(
    'puts the test-mode banner on %s',
    async (path) => {
      const html = await (await t.app.request(path)).text();
      expect(html).toContain(BANNER);
    },
  );

  it('says it once on the test payment page', async () => {
    const product = await createProduct(t.services);
    const customer = await createUser(t);
    const res = await api(
      t,
      'POST',
      '/api/checkout/create-checkout-session',
      { items: [{ product_id: product.id, quantity: 1 }] },
      customer.cookie,
    );
    const { url } = await res.json();
    const html = await (await t.app.request(new URL(url).pathname)).text();
    expect(html.split(BANNER)).toHaveLength(2);
  });

  it('without it, the embedded demo shows no banner on the shop pages', async () => {
    const html = await (await plain.app.request('/shop')).text();
    expect(html).not.toContain(BANNER);
  });
});
