import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClientBuild } from '~/server/load-build';
import { SYSTEM } from '~/shared/orders/actor';
import { addDays, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { approvedCafe } from '~/test/trade-factories';

// Rendered by the real build (run `npm run build` first).
let t: TestApp;
let dark: { id: string };
beforeAll(async () => {
  t = await createTestApp({
    build: await loadClientBuild(process.env.BUILD_DIR),
    env: { RATE_LIMITS: 'false' },
  });
  await t.services.bakeDays.saveTemplate(everyDayTemplate({ capacityCookies: 100_000 }));
  dark = await createProduct(t.services, { name: 'Page Dark Chocolate', pricePennies: 300, vatRate: 0 });
});
afterAll(() => t?.close());

const get = (path: string, cookie?: string) =>
  t.app.request(path, { headers: { origin: t.origin, ...(cookie ? { cookie } : {}) }, redirect: 'manual' });

const post = (path: string, form: Record<string, string>, cookie: string) =>
  t.app.request(`${t.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: t.origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

describe('the trade order form and invoice pages', () => {
  it('a café orders on account at its price, the owner marks it delivered, and only the café sees its invoice', async () => {
    const cafe = await createUser(t);
    await approvedCafe(t, cafe.userId, [{ productId: dark.id, price: '1.25', caseSize: 12 }]);
    const form = await get('/trade/order', cafe.cookie);
    expect(form.headers.get('cache-control')).toContain('private');
    expect(await form.text()).toMatch(/Page Dark Chocolate.*£1\.25/s);

    const day = addDays(londonDate(new Date()), 2);
    // The browser's price is ignored: 24 × £1.25 zero rated is £30.00.
    const check = await post(
      '/trade/order.data',
      { intent: 'check', [`q_${dark.id}`]: '24', deliveryDate: day, totalPennies: '1' },
      cafe.cookie,
    );
    expect(check.status).toBe(200);
    expect(await check.text()).toContain('3000');
    const refused = await post('/trade/order.data', { intent: 'place', [`q_${dark.id}`]: '5' }, cafe.cookie);
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('comes in cases of 12');
    const placed = await post(
      '/trade/order.data',
      { intent: 'place', [`q_${dark.id}`]: '24', deliveryDate: day },
      cafe.cookie,
    );
    expect(placed.status).toBe(200);

    const owner = await createUser(t, { staffRole: 'owner', fullName: 'Olive Owner' });
    const staff = await createUser(t, { staffRole: 'staff', fullName: 'Sam Staff' });
    expect((await get('/admin/invoices', staff.cookie)).status).toBe(403);
    const [waiting] = await t.services.tradeOrders.awaitingDelivery();
    expect(waiting).toBeDefined();
    expect(await (await get('/admin/invoices', owner.cookie)).text()).toContain('Delivered: invoice');
    const delivered = await post(
      '/admin/invoices.data',
      { intent: 'deliver', orderId: waiting!.orderId },
      owner.cookie,
    );
    expect(delivered.status).toBe(200);
    const [invoice] = (await t.services.tradeOrders.invoices()).map((r) => r.invoice);
    expect(invoice).toMatchObject({ orderId: waiting!.orderId, totalPennies: 3000 });
    const label = `INV-${String(invoice!.number).padStart(6, '0')}`;

    const list = await (await get('/trade/invoices', cafe.cookie)).text();
    expect(list).toContain(label);
    const page = await get(`/trade/invoices/${invoice!.number}`, cafe.cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`VAT invoice ${label}`);
    expect(html).toMatch(/Page Dark Chocolate.*24.*£1\.25.*Zero rated.*£30\.00/s);
    // Anyone else's invoice is not found, and the owner prints it from the back office.
    const other = await createUser(t);
    expect((await get(`/trade/invoices/${invoice!.number}`, other.cookie)).status).toBe(404);
    expect(await (await get(`/admin/invoices/${invoice!.number}`, owner.cookie)).text()).toContain(
      `VAT invoice ${label}`,
    );
    expect((await get(`/admin/invoices/${invoice!.number}`, staff.cookie)).status).toBe(403);

    const paid = await post(
      '/admin/invoices.data',
      { intent: 'paid', number: String(invoice!.number) },
      owner.cookie,
    );
    expect(paid.status).toBe(200);
    expect(await (await get('/trade/invoices', cafe.cookie)).text()).toContain('Paid');
  });

  it('the owner credits cookies short on the invoice’s page; the café sees the credit note and pays what is left', async () => {
    const cafe = await createUser(t);
    await approvedCafe(t, cafe.userId, [{ productId: dark.id, price: '1.25', caseSize: 12 }]);
    const placed = await t.services.tradeOrders.place(
      cafe.userId,
      { quantities: { [dark.id]: 24 }, deliveryDate: addDays(londonDate(new Date()), 2) },
      { type: 'customer', id: cafe.userId, name: 'Café' },
    );
    const number = await t.services.tradeOrders.deliver(placed.orderId, SYSTEM);
    const owner = await createUser(t, { staffRole: 'owner', fullName: 'Olive Owner' });
    const staff = await createUser(t, { staffRole: 'staff', fullName: 'Sam Staff' });
    const page = `/admin/invoices/${number}`;
    expect(await (await get(page, owner.cookie)).text()).toContain('Page Dark Chocolate (up to 24)');

    const tooMany = await post(
      `${page}.data`,
      { intent: 'credit', reason: 'short', q_0: '25' },
      owner.cookie,
    );
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain('At most 24 Page Dark Chocolate can be credited on this invoice.');
    expect(
      (await post(`${page}.data`, { intent: 'credit', reason: 'short', q_0: '4' }, staff.cookie)).status,
    ).toBe(403);
    const credited = await post(
      `${page}.data`,
      { intent: 'credit', reason: 'short', q_0: '4', note: 'Four broken' },
      owner.cookie,
    );
    expect(credited.status).toBe(200);
    expect(await (await get(page, owner.cookie)).text()).toContain('Page Dark Chocolate (up to 20)');

    // 4 × £1.25 zero rated = £5.00 off £30.00.
    const html = await (await get(`/trade/invoices/${number}`, cafe.cookie)).text();
    expect(html).toMatch(/Credit note CN-\d{6}/);
    expect(html).toMatch(
      /Short on delivery.*Four broken.*Page Dark Chocolate.*4.*£1\.25.*Zero rated.*£5\.00/s,
    );
    expect(html).toContain('£25.00 to pay after £5.00 credited');
    expect(html).toContain('Pay £25.00 by card');
  });
});
