import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bakeDayOverrides,
  deliveries,
  discountCodes,
  emailOutbox,
  orders,
  products,
  shopSettings,
} from '~/server/db/schema';
import { loadClientBuild } from '~/server/load-build';
import { CLOSED_WITH_CAPACITY } from '~/shared/bake-days/schemas';
import { DiscountCodeFormSchema } from '~/shared/discounts/discount-code';
import { createProduct, createUser } from '~/test/factories';
import { createDelivery, createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// The admin screens through the real React Router build (BUILD_DIR), as a browser would reach them.
let t: TestApp;
let adminCookie: string;
let customerCookie: string;
let ids: { order: string; product: string; delivery: string; discount: string };
const EMAIL_ID = '00000000-0000-4000-8000-0000000000e1';

beforeAll(async () => {
  t = await createTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) });
  adminCookie = (await createUser(t, { admin: true })).cookie;
  customerCookie = (await createUser(t)).cookie;
  const order = await createOrder(t.services, {
    status: 'paid',
    items: [{ productName: 'Ginger Snap', quantity: 2, unitPricePennies: 350 }],
  });
  const delivery = await createDelivery(t.services, { orderId: order.id });
  const product = await createProduct(t.services, { name: 'Page Test Cookie' });
  const discount = await t.services.discounts.create(
    DiscountCodeFormSchema.parse({ code: 'PAGES10', kind: 'percent', percent: '10', is_active: true }),
  );
  ids = { order: order.id, product: product.id, delivery: delivery.id, discount: discount.id };
  await t.services.db.insert(emailOutbox).values({
    id: EMAIL_ID,
    dedupeKey: 'pages-test',
    kind: 'order-shipped',
    to: 'bounced@example.com',
    subject: 'Your order is on its way',
    text: 'Tracking code: AB123456789GB',
    html: '<p>Tracking code: AB123456789GB</p>',
    status: 'failed',
    attempts: 10,
    lastError: '550 Mailbox unavailable',
  });
});
afterAll(() => t.close());

const PAGES: [string, string][] = [
  ['/admin', 'Recent Orders'],
  ['/admin/orders', 'Ginger Snap'],
  ['/admin/products', 'Page Test Cookie'],
  ['/admin/customers', 'Total spent'],
  ['/admin/deliveries', 'Tracking code'],
  ['/admin/settings', 'Test payment page (Stripe not configured)'],
  ['/admin/bake-days', 'Weekly template'],
  ['/admin/discounts', 'PAGES10'],
  ['/admin/bake-days/2099-01-05', 'Nothing to bake for this day yet'],
  ['/admin/bake-days/2099-01-05/slips', 'No paid orders for this day yet.'],
  ['/admin/bake-days/2099-01-05/run-sheet', 'No deliveries for this day yet.'],
  ['/admin/bake-days/2099-01-05/collections', 'No collections for this day yet.'],
  ['/admin/emails', '550 Mailbox unavailable'],
  [`/admin/emails/${EMAIL_ID}`, 'Tracking code: AB123456789GB'],
];

// Full URLs on the configured origin: React Router refuses actions whose Origin differs from the URL's.
const page = (url: string, cookie?: string) =>
  t.app.request(`${t.origin}${url}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });

/** A page action as a browser form post would send it. */
const post = (url: string, body: Record<string, string> | object, cookie?: string, json = false) =>
  t.app.request(`${t.origin}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: t.origin,
      'content-type': json ? 'application/json' : 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: json ? JSON.stringify(body) : new URLSearchParams(body as Record<string, string>).toString(),
  });

const ACTIONS = (): [string, object, boolean][] => [
  ['/admin/orders', { intent: 'status', id: ids.order, status: 'shipped' }, false],
  ['/admin/deliveries', { intent: 'status', id: ids.delivery, status: 'delivered' }, false],
  [
    '/admin/deliveries',
    { intent: 'details', id: ids.delivery, tracking_code: 'T1', driver_notes: 'n' },
    false,
  ],
  [
    '/admin/products',
    { intent: 'create', product: { name: 'Sneaky', description: 'x', price_pennies: 1, is_active: false } },
    true,
  ],
  ['/admin/products', { intent: 'update', id: ids.product, product: { name: 'Renamed' } }, true],
  ['/admin/products', { intent: 'delete', id: ids.product }, true],
  ['/admin/bake-days', { intent: 'override', date: '2099-12-25', mode: 'closed', note: 'Christmas' }, false],
  ['/admin/emails', { intent: 'resend', id: EMAIL_ID }, false],
  [
    '/admin/discounts',
    { intent: 'create', code: 'sneaky', kind: 'fixed', amount: '2.50', is_active: 'true' },
    false,
  ],
  [
    '/admin/discounts',
    {
      intent: 'update',
      id: ids.discount,
      code: 'PAGES10',
      kind: 'percent',
      percent: '15',
      is_active: 'true',
    },
    false,
  ],
  ['/admin/discounts', { intent: 'deactivate', id: ids.discount }, false],
  ['/admin/settings', { intent: 'settings', deliveryFee: '3.25' }, false],
];

const snapshot = async () => ({
  orders: await t.services.db.select().from(orders),
  products: await t.services.db.select().from(products),
  deliveries: await t.services.db.select().from(deliveries),
  bakeDayOverrides: await t.services.db.select().from(bakeDayOverrides),
  emails: await t.services.db.select().from(emailOutbox),
  discountCodes: await t.services.db.select().from(discountCodes).orderBy(discountCodes.code),
  settings: await t.services.db.select().from(shopSettings),
});

describe.each([
  ['anonymous', () => undefined, '/auth'],
  ['a customer', () => customerCookie, '/'],
])('%s', (_, cookie, target) => {
  it.each(PAGES)(`is sent to ${target} from %s`, async (url, text) => {
    const res = await page(url, cookie());
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(target);
    expect(await res.text()).not.toContain(text);
  });

  it('gets no data from the pages’ data requests', async () => {
    const res = await page('/admin/orders.data', cookie());
    const body = await res.text();
    expect(body).not.toContain('Ginger Snap');
    expect(body).toContain(target === '/' ? '"/"' : '/auth');
  });

  it('changes nothing through the pages’ actions', async () => {
    const before = await snapshot();
    for (const [url, body, json] of ACTIONS()) {
      const res = await post(url, body, cookie(), json);
      expect(res.status, url).toBe(302);
      expect(res.headers.get('location')).toBe(target);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('an admin', () => {
  it.each(PAGES)('sees %s', async (url, text) => {
    const res = await page(url, adminCookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(text);
    expect(html).toContain('href="/admin/messages"');
  });

  it('is sent from a customer’s order page to the back office’s, whatever the address holds', async () => {
    const res = await page(`/account/orders/${ids.order}`, adminCookie);
    expect(res.headers.get('location')).toBe(`/admin/orders/${ids.order}`);
    // Found by the fuzz test: a non-ASCII id made the redirect's header fail with a 500.
    for (const send of [page, (url: string, cookie?: string) => post(url, {}, cookie)]) {
      const odd = await send('/account/orders/%E4%B3%B8', adminCookie);
      expect(odd.status).toBe(302);
      expect(odd.headers.get('location')).toBe('/admin/orders/%E4%B3%B8');
    }
  });

  it('prints one order’s packing slip as a day’s: best before and the allergen statement', async () => {
    const res = await page(`/admin/orders/${ids.order}/packing-slip`, adminCookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(`Packing slip · Order <!-- -->#${ids.order.slice(0, 8)}`);
    expect(html).toContain('Best before');
    expect(html).toContain('Allergen information');
    expect(html).toContain('Ginger Snap');
  });

  it('changes orders, deliveries and products through the pages’ actions', async () => {
    for (const [url, body, json] of ACTIONS()) {
      const res = await post(`${url}.data`, body, adminCookie, json);
      expect(res.status, `${url} ${JSON.stringify(body)}`).toBe(200);
    }
    const after = await snapshot();
    expect(after.orders[0]?.status).toBe('shipped');
    expect(after.deliveries[0]).toMatchObject({ status: 'delivered', trackingCode: 'T1', driverNotes: 'n' });
    expect(after.products.map((p) => p.name)).toEqual(['Sneaky']);
    expect(after.bakeDayOverrides).toMatchObject([{ date: '2099-12-25', closed: true, note: 'Christmas' }]);
    expect(after.emails.find((e) => e.id === EMAIL_ID)).toMatchObject({ status: 'pending', attempts: 0 });
    expect(after.discountCodes).toMatchObject([
      { code: 'PAGES10', kind: 'percent', value: 15, isActive: false },
      { code: 'SNEAKY', kind: 'fixed', value: 250, isActive: true, oncePerCustomer: false },
    ]);
    expect(after.settings).toMatchObject([{ deliveryFeePennies: 325 }]);
  });

  it('refuses a date sent Closed with a capacity, saying so, and saves nothing', async () => {
    const res = await post(
      '/admin/bake-days.data',
      { intent: 'override', date: '2099-11-05', mode: 'closed', capacityCookies: '40' },
      adminCookie,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(CLOSED_WITH_CAPACITY);
    const saved = await t.services.db
      .select()
      .from(bakeDayOverrides)
      .where(eq(bakeDayOverrides.date, '2099-11-05'));
    expect(saved).toEqual([]);
  });

  it('reports a refused change with its reason and changes nothing', async () => {
    const res = await post(
      '/admin/orders.data',
      { intent: 'status', id: ids.order, status: 'lost' },
      adminCookie,
    );
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Status must be one of');
    const [order] = await t.services.db.select().from(orders);
    expect(order?.status).toBe('shipped');
  });

  it('refuses a discount code the form would refuse, saying why, and writes nothing', async () => {
    const before = await snapshot();
    for (const [body, message] of [
      [
        { code: 'BAD CODE', kind: 'percent', percent: '10' },
        'Code can only contain letters, digits and dashes',
      ],
      [{ code: 'OK', kind: 'percent', percent: '101' }, 'Percent off must be a whole number from 1 to 100'],
      [{ code: 'pages10', kind: 'percent', percent: '5' }, 'There is already a code PAGES10'],
    ] as const) {
      const res = await post('/admin/discounts.data', { intent: 'create', ...body }, adminCookie);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(await res.text()).toContain(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('only deactivates a used discount code on Delete, and says so', async () => {
    const used = await t.services.discounts.create(
      DiscountCodeFormSchema.parse({ code: 'USED', kind: 'free_delivery', is_active: true }),
    );
    const order = await createOrder(t.services, { status: 'cancelled' });
    await t.services.db.update(orders).set({ discountCodeId: used.id }).where(eq(orders.id, order.id));
    const res = await post('/admin/discounts.data', { intent: 'delete', id: used.id }, adminCookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('delete-used');
    const [row] = await t.services.db.select().from(discountCodes).where(eq(discountCodes.id, used.id));
    expect(row?.isActive).toBe(false);
  });
});
