import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, orders } from '~/server/db/schema';
import { createLogger } from '~/server/logger';
import { api, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { createMailService } from './mail-service';

const card = { cardNumber: '4242424242424242', expiry: '12 / 40', cvc: '123', name: 'Mary Smith' };
const SHOP_EMAIL = 'hello@bakery.example';

type User = Awaited<ReturnType<typeof createUser>>;

/** One shop (a test app) with a customer and its owner, and the order steps the e-mails follow. */
function shop(t: () => TestApp, people: () => { customer: User; admin: User }) {
  const as = (who: 'customer' | 'admin') => people()[who].cookie;
  return {
    /** Checks out 2 x 450p (1399p with delivery), sent as `delivery` says, leaving the payment page unpaid. */
    async unpaidOrder(delivery?: unknown) {
      const p = await createProduct(t().services, { name: 'Ginger Snap', pricePennies: 450 });
      const res = await api(
        t(),
        'POST',
        '/api/checkout/create-checkout-session',
        { items: [{ product_id: p.id, quantity: 2 }], delivery },
        as('customer'),
      );
      return (await res.json()) as { sessionId: string; orderId: string };
    },
    /** Checks out 2 x 450p (1399p with delivery), sent as `delivery` says, and pays with the test card. */
    async paidOrder(delivery?: unknown) {
      const { sessionId, orderId } = await this.unpaidOrder(delivery);
      const pay = () => api(t(), 'POST', `/api/payments/test/sessions/${sessionId}/pay`, card);
      expect((await pay()).status).toBe(200);
      // A second press of Pay changes nothing.
      await pay();
      return orderId;
    },
    setStatus: (orderId: string, status: string) =>
      api(t(), 'PATCH', `/api/admin/orders/${orderId}`, { status }, as('admin')),
    async setTracking(orderId: string, code: string) {
      const { order } = await (
        await api(t(), 'GET', `/api/admin/orders/${orderId}`, undefined, as('admin'))
      ).json();
      const res = await api(
        t(),
        'PATCH',
        `/api/admin/deliveries/${order.delivery.id}`,
        { tracking_code: code },
        as('admin'),
      );
      expect(res.status).toBe(200);
    },
    refund: (orderId: string, amount: number | 'full') =>
      api(
        t(),
        'POST',
        `/api/admin/orders/${orderId}/refunds`,
        { amount, reason: 'Broken in the post', request_key: crypto.randomUUID() },
        as('admin'),
      ),
    cancel: (orderId: string) =>
      api(t(), 'POST', `/api/account/orders/${orderId}/cancel`, {}, as('customer')),
    /** Every e-mail about the order: each one links to the order's page. */
    mails: async (orderId: string) =>
      t()
        .services.db.select()
        .from(emailOutbox)
        .where(like(emailOutbox.text, `%/orders/${orderId}%`)),
  };
}

describe('with every order e-mail on', () => {
  let t: TestApp;
  let people: { customer: User; admin: User };
  const s = shop(
    () => t,
    () => people,
  );
  beforeAll(async () => {
    t = await createTestApp({ env: { SHOP_EMAIL } });
    people = {
      customer: await createUser(t, { fullName: 'Mary Jones' }),
      admin: await createUser(t, { admin: true }),
    };
  });
  afterAll(() => t.close());

  it('confirms a paid order to the customer and alerts the owner, once each, in one transaction', async () => {
    const orderId = await s.paidOrder();
    const number = `#${orderId.slice(0, 8)}`;
    const mails = await s.mails(orderId);
    expect(mails.map((m) => m.kind).sort()).toEqual(['order-alert', 'order-confirmation']);

    const confirmation = mails.find((m) => m.kind === 'order-confirmation')!;
    expect(confirmation.to).toBe(people.customer.email);
    expect(confirmation.subject).toContain(number);
    expect(confirmation.text).toContain(`http://shop.test/account/orders/${orderId}`);

    const alert = mails.find((m) => m.kind === 'order-alert')!;
    expect(alert.to).toBe(SHOP_EMAIL);
    expect(alert.subject).toBe(`New order ${number} — £13.99`);
    expect(alert.replyTo).toBe(people.customer.email);
    expect(alert.text).toContain('2 x Ginger Snap (£4.50 each)  £9.00');
    expect(alert.text).toContain('Total: £13.99');
    expect(alert.text).toContain('Deliver to:\nMary Jones\n3 Mardol\nShrewsbury\nSY1 1PU');
    expect(alert.text).toContain(`http://shop.test/admin/orders/${orderId}`);
    expect(alert.html).toContain('2 x Ginger Snap');
    expect(alert.html).toContain('SY1 1PU');
    // Written by the same transaction as the payment (now() is the transaction's start).
    expect(alert.createdAt).toEqual(confirmation.createdAt);
  });

  it('tells the customer when the order is baking, shipped with its tracking link, and delivered', async () => {
    const orderId = await s.paidOrder();
    // Posted: only a parcel's code is Royal Mail's, with a link to track it (a van's is not).
    await t.services.db.update(orders).set({ deliveryMethod: 'post' }).where(eq(orders.id, orderId));
    const number = `#${orderId.slice(0, 8)}`;
    const link = `http://shop.test/account/orders/${orderId}`;

    expect((await s.setStatus(orderId, 'baking')).status).toBe(200);
    await s.setTracking(orderId, 'AB123456789GB');
    expect((await s.setStatus(orderId, 'shipped')).status).toBe(200);
    expect((await s.setStatus(orderId, 'completed')).status).toBe(200);
    // Setting a status again sends nothing more.
    await s.setStatus(orderId, 'completed');

    const mails = await s.mails(orderId);
    const byKind = Object.fromEntries(mails.map((m) => [m.kind, m]));
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'order-alert',
      'order-baking',
      'order-confirmation',
      'order-delivered',
      'order-review-invite',
      'order-shipped',
    ]);
    expect(byKind['order-review-invite']!.html).toContain(`href="${link}/review"`);
    for (const kind of ['order-baking', 'order-shipped', 'order-delivered']) {
      expect(byKind[kind]!.to).toBe(people.customer.email);
      expect(byKind[kind]!.subject).toContain(number);
      expect(byKind[kind]!.text).toContain(link);
      expect(byKind[kind]!.html).toContain(`href="${link}"`);
    }
    expect(byKind['order-baking']!.subject).toBe(`Your order ${number} is in the oven`);
    expect(byKind['order-shipped']!.text).toContain('Tracking code: AB123456789GB');
    expect(byKind['order-shipped']!.text).toContain(
      'Track it: https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(byKind['order-delivered']!.subject).toBe(`Your order ${number} has been delivered`);
  });

  it('sends one refund e-mail per refund with its amount, and one when the customer cancels', async () => {
    const refunded = await s.paidOrder();
    expect((await s.refund(refunded, 400)).status).toBe(201);
    const refundMails = (await s.mails(refunded)).filter((m) => m.kind === 'order-refunded');
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]!.text).toContain(
      `We have refunded £4.00 to your card for order #${refunded.slice(0, 8)}.`,
    );

    const cancelled = await s.paidOrder();
    expect((await s.cancel(cancelled)).status).toBe(200);
    const mails = await s.mails(cancelled);
    expect(mails.map((m) => m.kind).sort()).toEqual([
      'order-alert',
      'order-cancelled',
      'order-confirmation',
      'order-refunded',
    ]);
    expect(mails.find((m) => m.kind === 'order-cancelled')!.subject).toBe(
      `Your order #${cancelled.slice(0, 8)} has been cancelled`,
    );
    expect(mails.find((m) => m.kind === 'order-refunded')!.text).toContain('We have refunded £13.99');
  });

  it('a gift’s e-mails go to the buyer, greet the buyer and say who the cookies are going to', async () => {
    const recipient = {
      fullName: 'Granny Smith',
      phone: '07700 900333',
      address: '5 Broad Street',
      city: 'Ludlow',
      postcode: 'SY8 1ND',
    };
    const orderId = await s.paidOrder({ to: 'someone-else', recipient, giftMessage: 'Happy birthday!' });
    expect((await s.setStatus(orderId, 'baking')).status).toBe(200);
    expect((await s.setStatus(orderId, 'shipped')).status).toBe(200);
    expect((await s.setStatus(orderId, 'completed')).status).toBe(200);
    expect((await s.refund(orderId, 100)).status).toBe(201);

    const toBuyer = (await s.mails(orderId)).filter((m) => m.kind !== 'order-alert');
    const kinds = [
      'order-baking',
      'order-confirmation',
      'order-delivered',
      'order-refunded',
      'order-review-invite',
      'order-shipped',
    ];
    expect(toBuyer.map((m) => m.kind).sort()).toEqual(kinds);
    for (const mail of toBuyer) {
      expect(mail.to, mail.kind).toBe(people.customer.email);
      expect(mail.text, mail.kind).toMatch(/^Hi Mary,\n/);
      expect(mail.html, mail.kind).toContain('Hi Mary,');
      expect(`${mail.text}${mail.html}`, mail.kind).not.toContain('Hi Granny');
      expect(mail.text, mail.kind).toContain('Granny Smith');
      expect(mail.html, mail.kind).toContain('Granny Smith');
    }
    const byKind = Object.fromEntries(toBuyer.map((m) => [m.kind, m.text]));
    expect(byKind['order-confirmation']).toContain(
      'This order is your gift for Granny Smith. We will deliver it to them at the address below.',
    );
    expect(byKind['order-baking']).toContain('This order is your gift for Granny Smith.');
    expect(byKind['order-shipped']).toContain('Your gift for Granny Smith has left the bakery.');
    expect(byKind['order-delivered']).toContain(
      'Your gift has been delivered to Granny Smith. We hope they enjoy it!',
    );
    expect(byKind['order-refunded']).toContain('This order is your gift for Granny Smith.');
  });

  it('an order for oneself still greets the buyer, and mentions no gift', async () => {
    const orderId = await s.paidOrder();
    expect((await s.setStatus(orderId, 'baking')).status).toBe(200);
    for (const mail of (await s.mails(orderId)).filter((m) => m.kind !== 'order-alert')) {
      expect(mail.text, mail.kind).toMatch(/^Hi Mary,\n/);
      expect(mail.text, mail.kind).not.toContain('gift');
    }
  });

  it('tells a customer who cancels their own unpaid order, once, that nothing was charged', async () => {
    const { orderId } = await s.unpaidOrder();
    expect((await s.cancel(orderId)).status).toBe(200);
    const mails = await s.mails(orderId);
    expect(mails.map((m) => m.kind)).toEqual(['order-cancelled']);
    expect(mails[0]!.to).toBe(people.customer.email);
    expect(mails[0]!.text).toContain('You have not been charged.');
    expect(mails[0]!.text).toContain('2 x Ginger Snap: £9.00');
  });

  it('an unpaid order whose payment page expires sends nothing: the customer walked away', async () => {
    const { orderId } = await s.unpaidOrder();
    await t.services.orders.setStatus(orderId, 'cancelled', { type: 'system', name: 'System' });
    expect(await s.mails(orderId)).toEqual([]);
  });

  it('every update names what was ordered and what it cost', async () => {
    const orderId = await s.paidOrder();
    for (const status of ['baking', 'shipped', 'completed', 'cancelled'])
      expect((await s.setStatus(orderId, status)).status).toBe(200);
    const updates = (await s.mails(orderId)).filter((m) =>
      ['order-baking', 'order-shipped', 'order-delivered', 'order-cancelled'].includes(m.kind),
    );
    expect(updates).toHaveLength(4);
    for (const mail of updates) {
      expect(mail.text, mail.kind).toContain('Your order:\n2 x Ginger Snap: £9.00\nSubtotal: £9.00');
      expect(mail.text, mail.kind).toContain('Delivery: £4.99\nTotal: £13.99');
      expect(mail.html, mail.kind).toContain('2 x Ginger Snap');
      expect(mail.html, mail.kind).toContain('£13.99');
    }
  });

  it('an update after a refund says what was refunded under the total', async () => {
    const orderId = await s.paidOrder();
    expect((await s.refund(orderId, 400)).status).toBe(201);
    for (const status of ['baking', 'shipped']) expect((await s.setStatus(orderId, status)).status).toBe(200);
    const updates = (await s.mails(orderId)).filter((m) =>
      ['order-baking', 'order-shipped'].includes(m.kind),
    );
    expect(updates).toHaveLength(2);
    for (const mail of updates) {
      expect(mail.text, mail.kind).toContain('Total: £13.99\nRefunded: −£4.00');
      expect(mail.html, mail.kind).toMatch(/Refunded<\/td><td[^>]*>−£4\.00/);
    }
  });

  it('leaves out the owner alert when ORDER_EMAILS_OFF names owner-alert', async () => {
    const orderId = await s.paidOrder();
    const { config, db } = t.services;
    const quiet = createMailService(
      { ...config, mail: { ...config.mail, orderEmailsOff: new Set(['owner-alert'] as const) } },
      db,
      createLogger(config),
    );
    await db.delete(emailOutbox).where(like(emailOutbox.text, `%/orders/${orderId}%`));
    await quiet.queueOrderEmail({ kind: 'paid' }, await t.services.orders.getForAdmin(orderId));
    expect((await s.mails(orderId)).map((m) => m.kind)).toEqual(['order-confirmation']);
    await quiet.stop();
  });
});

describe('with ORDER_EMAILS_OFF=paid,baking,delivered and ORDER_ALERT_EMAIL set', () => {
  let t: TestApp;
  let people: { customer: User; admin: User };
  const s = shop(
    () => t,
    () => people,
  );
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        SHOP_EMAIL,
        ORDER_EMAILS_OFF: 'paid, Baking,delivered',
        ORDER_ALERT_EMAIL: 'owner@bakery.example',
      },
    });
    people = { customer: await createUser(t), admin: await createUser(t, { admin: true }) };
  });
  afterAll(() => t.close());

  it('queues only the e-mails left on, and the owner alert to ORDER_ALERT_EMAIL', async () => {
    const orderId = await s.paidOrder();
    for (const status of ['baking', 'shipped', 'completed']) {
      expect((await s.setStatus(orderId, status)).status).toBe(200);
    }
    const mails = await s.mails(orderId);
    // The review invitation has its own switch (review-invite): still on here.
    expect(mails.map((m) => m.kind).sort()).toEqual(['order-alert', 'order-review-invite', 'order-shipped']);
    const alert = mails.find((m) => m.kind === 'order-alert')!;
    expect(alert.to).toBe('owner@bakery.example');
    expect(alert.subject).toBe(`New order #${orderId.slice(0, 8)} — £13.99`);
  });
});
