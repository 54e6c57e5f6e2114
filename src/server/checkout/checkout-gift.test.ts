import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '~/server/db/schema';
import type { OrderView } from '~/shared/orders/order-view';
import { GIFT_MESSAGES } from '~/shared/schemas/gift-delivery';
import { SIGN_UP_MESSAGES } from '~/shared/schemas/sign-up';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

const URL_ = '/api/checkout/create-checkout-session';
let t: TestApp;
let customer: Awaited<ReturnType<typeof createUser>>;
let admin: Awaited<ReturnType<typeof createUser>>;
let productId: string;

beforeAll(async () => {
  t = await createTestApp();
  customer = await createUser(t, { fullName: 'Gwen Giver', address: '3 Mardol', postcode: 'SY1 1PU' });
  admin = await createUser(t, { admin: true });
  productId = (await createProduct(t.services, { name: 'Shortbread', pricePennies: 450 })).id;
});
afterAll(() => t.close());

const recipient = {
  fullName: 'Rhys Receiver',
  phone: '07700 900333',
  address: '5 Broad Street',
  city: 'Ludlow',
  postcode: 'sy8 1nd',
};
const checkout = (delivery?: unknown) =>
  api(t, 'POST', URL_, { items: [{ product_id: productId, quantity: 2 }], delivery }, customer.cookie);
const orderCount = async () => (await t.services.db.select({ n: count() }).from(orders))[0]!.n;
const adminView = async (id: string) =>
  (
    (await (await api(t, 'GET', `/api/admin/orders/${id}`, undefined, admin.cookie)).json()) as {
      order: OrderView;
    }
  ).order;

describe('checkout: gift delivery', () => {
  it('sends the order to someone else: the order keeps the recipient and the message', async () => {
    const res = await checkout({ to: 'someone-else', recipient, giftMessage: '  Happy birthday, Rhys!  ' });
    expect(res.status).toBe(200);
    const { orderId } = await res.json();
    const view = await adminView(orderId);
    expect(view.ship).toEqual({
      name: 'Rhys Receiver',
      phone: '07700900333',
      address: '5 Broad Street',
      city: 'Ludlow',
      postcode: 'SY8 1ND',
      gift: { message: 'Happy birthday, Rhys!' },
    });
    // The order is still the customer's, priced as any other.
    expect(view.customer.full_name).toBe('Gwen Giver');
    expect(view.total_pennies).toBe(2 * 450 + 499);
    const mine = await (
      await api(t, 'GET', `/api/account/orders/${orderId}`, undefined, customer.cookie)
    ).json();
    expect(mine.order.ship.gift).toEqual({ message: 'Happy birthday, Rhys!' });
  });

  // Issue 43: the recipient may have only a landline, or no phone the buyer knows; the
  // customer's own phone keeps sign-up's mobile rule.
  it.each([
    { phone: '(01743) 123-456', kept: '01743123456' },
    { phone: '+44 1743 123456', kept: '01743123456' },
    { phone: '', kept: '' },
    { phone: undefined, kept: '' },
  ])('takes a recipient phone of $phone as "$kept"', async ({ phone, kept }) => {
    const res = await checkout({ to: 'someone-else', recipient: { ...recipient, phone } });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await adminView((await res.json()).orderId)).ship.phone).toBe(kept);
  });

  it('a gift without a message has none', async () => {
    const { orderId } = await (await checkout({ to: 'someone-else', recipient, giftMessage: '   ' })).json();
    expect((await adminView(orderId)).ship.gift).toEqual({ message: null });
  });

  it.each([undefined, { to: 'me' }])('delivers to the profile when told %j', async (delivery) => {
    const { orderId } = await (await checkout(delivery)).json();
    const view = await adminView(orderId);
    expect(view.ship).toMatchObject({
      name: 'Gwen Giver',
      address: '3 Mardol',
      postcode: 'SY1 1PU',
      gift: null,
    });
  });

  it.each([
    { field: 'fullName', value: '', message: SIGN_UP_MESSAGES.fullNameRequired },
    { field: 'fullName', value: 'R2-D2', message: SIGN_UP_MESSAGES.fullNameCharacters },
    { field: 'phone', value: '01743 0000', message: GIFT_MESSAGES.recipientPhone },
    { field: 'phone', value: '+33 1 23 45 67 89', message: GIFT_MESSAGES.recipientPhone },
    { field: 'address', value: '', message: SIGN_UP_MESSAGES.addressRequired },
    { field: 'address', value: 'x'.repeat(201), message: SIGN_UP_MESSAGES.addressTooLong },
    { field: 'city', value: '', message: SIGN_UP_MESSAGES.cityRequired },
    { field: 'postcode', value: 'SY8', message: SIGN_UP_MESSAGES.postcode },
  ])(
    'refuses a recipient with a bad $field ("$message") and writes no order',
    async ({ field, value, message }) => {
      const before = await orderCount();
      const res = await checkout({ to: 'someone-else', recipient: { ...recipient, [field]: value } });
      expect(res.status).toBe(400);
      const { error } = await res.json();
      expect(error.message).toBe(message);
      expect(error.fields[`delivery.recipient.${field}`]).toBe(message);
      expect(await orderCount()).toBe(before);
    },
  );

  it('refuses a gift message over 200 characters, a missing recipient and an unknown choice', async () => {
    const before = await orderCount();
    const long = await checkout({ to: 'someone-else', recipient, giftMessage: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect((await long.json()).error.message).toBe(GIFT_MESSAGES.giftMessageTooLong);
    expect((await checkout({ to: 'someone-else', recipient, giftMessage: 'x'.repeat(200) })).status).toBe(
      200,
    );

    expect((await checkout({ to: 'someone-else' })).status).toBe(400);
    expect((await checkout({ to: 'the-neighbours' })).status).toBe(400);
    expect(await orderCount()).toBe(before + 1);
  });
});
