import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, tradeAccounts } from '~/server/db/schema';
import { loadClientBuild } from '~/server/load-build';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { approvedCafe, CAFE } from '~/test/trade-factories';

// Rendered by the real build (run `npm run build` first).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
});
afterAll(() => t?.close());

const get = (path: string, cookie?: string) =>
  t.app.request(path, { headers: { origin: t.origin, ...(cookie ? { cookie } : {}) }, redirect: 'manual' });

// A full URL on the configured origin: React Router refuses actions from another origin.
const post = (path: string, form: Record<string, string>, cookie: string) =>
  t.app.request(`${t.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: t.origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

describe('trade prices', () => {
  it('are never shown or charged to anyone else: every storefront page, feed and price API shows retail', async () => {
    // Retail £3.60 inc VAT (£3.00 ex); the trade price £1.37 ex VAT is £1.64 with VAT.
    const cookie = await createProduct(t.services, {
      name: 'Leak Check Cookie',
      pricePennies: 360,
      vatRate: 20,
    });
    const cafe = await createUser(t);
    await approvedCafe(t, cafe.userId, [{ productId: cookie.id, price: '1.37' }]);
    const customer = await createUser(t);
    const pages = [
      '/',
      '/shop',
      `/product/${cookie.id}`,
      `/product/${cookie.id}/reviews`,
      '/cart',
      '/gift-cards',
      '/club',
      '/trade/apply',
      '/sitemap.xml',
      '/feeds/google.xml',
      '/feeds/meta.csv',
      '/api/products',
      `/api/products/${cookie.id}`,
      '/shop.data',
      `/product/${cookie.id}.data`,
    ];
    for (const who of [undefined, customer.cookie, cafe.cookie]) {
      for (const path of pages) {
        const res = await get(path, who);
        expect(res.status, path).toBeLessThan(400);
        const body = await res.text();
        expect(body, path).not.toMatch(/1\.37|1\.64|\b137\b|\b164\b/);
      }
      const quote = await api(
        t,
        'POST',
        '/api/checkout/quote',
        { items: [{ product_id: cookie.id, quantity: 2 }] },
        who,
      );
      expect(quote.status).toBe(200);
      const text = await quote.text();
      expect(text).not.toMatch(/\b137\b|\b164\b|\b274\b|\b328\b/);
      expect(JSON.parse(text)).toMatchObject({ subtotal_pennies: 720 });
    }
    // Only the café's own price list shows it: £1.37 ex VAT, £1.64 with VAT.
    const own = await get('/trade/prices', cafe.cookie);
    expect(own.headers.get('cache-control')).toContain('private');
    expect(await own.text()).toMatch(/Leak Check Cookie.*£1\.37/s);
    expect((await get('/trade/prices', customer.cookie)).headers.get('location')).toBe('/trade/apply');
    const product = await (await get(`/api/products/${cookie.id}`, cafe.cookie)).json();
    expect(product.product.price_pennies ?? product.product.pricePennies).toBe(360);
  });
});

describe('the trade pages', () => {
  it('ask a signed-out visitor to sign in or create an account, and a customer for their business', async () => {
    expect(await (await get('/trade/apply')).text()).toContain('Sign in or create an account');
    const { cookie } = await createUser(t);
    expect(await (await get('/trade/apply', cookie)).text()).toContain('Apply for a trade account');
    expect((await post('/trade/apply.data', CAFE, cookie)).status).toBe(200);
    expect(await (await get('/trade/apply', cookie)).text()).toContain('The Corner Café: Waiting');
  });

  it('are the owner’s: staff cannot open them; the owner’s approval is logged without contact details', async () => {
    const owner = await createUser(t, { staffRole: 'owner', fullName: 'Olive Owner' });
    const staff = await createUser(t, { staffRole: 'staff' });
    const a = await t.services.trade.apply((await createUser(t)).userId, CAFE);
    expect((await get(`/admin/trade/${a.id}`, staff.cookie)).status).toBe(403);
    expect((await post(`/admin/trade/${a.id}.data`, { intent: 'approve' }, staff.cookie)).status).toBe(403);
    expect(await (await get('/admin/trade', owner.cookie)).text()).toContain('The Corner Café');
    expect((await post(`/admin/trade/${a.id}.data`, { intent: 'approve' }, owner.cookie)).status).toBe(200);
    const [row] = await t.services.db.select().from(tradeAccounts).where(eq(tradeAccounts.id, a.id));
    expect(row!.status).toBe('approved');
    const logged = await t.services.db.select().from(activityLog).where(eq(activityLog.recordId, a.id));
    expect(logged.map((e) => e.kind)).toEqual(['trade.approve']);
    expect(JSON.stringify(logged)).not.toMatch(/Ann Baker|01584/);
  });
});
