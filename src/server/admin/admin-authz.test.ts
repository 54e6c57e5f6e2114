import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bakeDayOverrides,
  bakeDayTemplate,
  changeCounters,
  deliveries,
  discountCodes,
  emailOutbox,
  orderStatusHistory,
  orders,
  products,
  refunds,
  shopSettings,
} from '~/server/db/schema';
import { DiscountCodeFormSchema } from '~/shared/discounts/discount-code';
import { api, createProduct, createUser } from '~/test/factories';
import { createDelivery, createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
let adminCookie: string;
let customerCookie: string;
let ids: { order: string; product: string; delivery: string; email: string; discount: string };

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = (await createUser(t, { admin: true })).cookie;
  customerCookie = (await createUser(t)).cookie;
  const order = await createOrder(t.services, { status: 'paid' });
  const delivery = await createDelivery(t.services, { orderId: order.id });
  const product = await createProduct(t.services);
  const [email] = await t.services.db
    .insert(emailOutbox)
    .values({
      dedupeKey: 'authz',
      kind: 'test',
      to: 'a@example.com',
      subject: 'S',
      text: 'T',
      html: 'H',
      status: 'failed',
    })
    .returning();
  const discount = await t.services.discounts.create(
    DiscountCodeFormSchema.parse({ code: 'AUTHZ', kind: 'percent', percent: '10', is_active: true }),
  );
  ids = {
    order: order.id,
    product: product.id,
    delivery: delivery.id,
    email: email!.id,
    discount: discount.id,
  };
});
afterAll(() => t.close());

/** Every /api/admin route, with a body an admin would send. */
const routes = (): [string, string, unknown?][] => [
  ['GET', '/api/admin/dashboard'],
  ['GET', '/api/admin/orders'],
  ['GET', '/api/admin/orders?status=paid&page=1'],
  ['GET', '/api/admin/orders/export.csv'],
  ['GET', '/api/admin/orders/export.csv?status=paid&q=a&from=2020-01-01'],
  ['GET', '/api/admin/customers/export.csv'],
  ['GET', `/api/admin/orders/${ids.order}`],
  ['PATCH', `/api/admin/orders/${ids.order}`, { status: 'shipped' }],
  [
    'POST',
    `/api/admin/orders/${ids.order}/refunds`,
    { amount: 'full', reason: 'x', request_key: 'k-12345678' },
  ],
  ['GET', '/api/admin/products'],
  ['POST', '/api/admin/products', { name: 'Intruder', description: 'x', price_pennies: 1, is_active: false }],
  ['PATCH', `/api/admin/products/${ids.product}`, { name: 'Hacked', price_pennies: 1 }],
  ['DELETE', `/api/admin/products/${ids.product}`],
  ['GET', '/api/admin/discounts'],
  ['POST', '/api/admin/discounts', { code: 'INTRUDER', kind: 'percent', percent: '100', is_active: true }],
  [
    'PUT',
    `/api/admin/discounts/${ids.discount}`,
    { code: 'AUTHZ', kind: 'percent', percent: '100', is_active: true },
  ],
  ['PATCH', `/api/admin/discounts/${ids.discount}`, { is_active: false }],
  ['DELETE', `/api/admin/discounts/${ids.discount}`],
  ['GET', '/api/admin/customers'],
  ['GET', '/api/admin/deliveries'],
  ['PATCH', `/api/admin/deliveries/${ids.delivery}`, { status: 'delivered', tracking_code: 'X' }],
  ['GET', '/api/admin/emails'],
  ['GET', `/api/admin/emails/${ids.email}`],
  ['POST', `/api/admin/emails/${ids.email}/resend`],
  ['GET', '/api/admin/bake-days'],
  [
    'PUT',
    '/api/admin/bake-days/template',
    { deliveryWeekdays: [1], cutoffTime: '09:00', cutoffDaysBefore: 1, horizonDays: 5, capacityCookies: 1 },
  ],
  ['PUT', '/api/admin/bake-days/overrides/2099-12-25', { closed: true, note: 'Christmas' }],
  ['DELETE', '/api/admin/bake-days/overrides/2099-12-25'],
  ['GET', '/api/admin/settings'],
  ['PUT', '/api/admin/settings', { deliveryFee: '3.50', freeDelivery: true, freeDeliveryOver: '30' }],
  ['GET', '/api/admin/no-such-thing'],
];

/** Everything an admin route could read or change. */
const snapshot = async () => ({
  orders: await t.services.db.select().from(orders),
  history: await t.services.db.select().from(orderStatusHistory),
  refunds: await t.services.db.select().from(refunds),
  products: await t.services.db.select().from(products),
  deliveries: await t.services.db.select().from(deliveries),
  counters: await t.services.db.select().from(changeCounters),
  bakeDayTemplate: await t.services.db.select().from(bakeDayTemplate),
  bakeDayOverrides: await t.services.db.select().from(bakeDayOverrides),
  emails: await t.services.db.select().from(emailOutbox),
  discountCodes: await t.services.db.select().from(discountCodes),
  settings: await t.services.db.select().from(shopSettings),
});

describe.each([
  ['anonymous', () => undefined, 401, 'unauthorized'],
  ['a customer', () => customerCookie, 403, 'forbidden'],
])('%s', (_, cookie, status, code) => {
  it('gets only an error from every admin route, and changes nothing', async () => {
    const before = await snapshot();
    for (const [method, url, body] of routes()) {
      const res = await api(t, method, url, body, cookie());
      expect(res.status, `${method} ${url}`).toBe(status);
      const json = await res.json();
      expect(Object.keys(json), `${method} ${url}`).toEqual(['error']);
      expect(json.error.code).toBe(code);
    }
    expect(await snapshot()).toEqual(before);
  });
});

describe('an admin', () => {
  it('is answered by every admin route', async () => {
    for (const [method, url, body] of routes()) {
      const res = await api(t, method, url, body, adminCookie);
      const created = method === 'POST' && !url.endsWith('/resend');
      const expected = url.endsWith('no-such-thing') ? 404 : created ? 201 : 200;
      expect(res.status, `${method} ${url}`).toBe(expected);
    }
    const after = await snapshot();
    expect(after.orders.find((o) => o.id === ids.order)?.status).toBe('shipped');
    expect(after.deliveries.find((d) => d.id === ids.delivery)).toMatchObject({
      status: 'delivered',
      trackingCode: 'X',
    });
    expect(after.products.map((p) => p.name)).toEqual(['Intruder']);
    expect(after.discountCodes.map((d) => d.code)).toEqual(['INTRUDER']);
    expect(after.emails.find((e) => e.id === ids.email)?.status).toBe('pending');
  });
});
