import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '~/server/auth/session-service';
import { emailOutbox } from '~/server/db/schema';
import { customerActor } from '~/shared/orders/actor';
import { londonDate } from '~/shared/time/london-time';
import { apiJson, createProduct, ownerTestApp } from '~/test/factories';
import { createCustomer, createOrder } from '~/test/order-factories';
import type { TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp());
});
afterAll(() => t.close());

const CARD = { cardNumber: '4242424242424242', expiry: '12 / 40', cvc: '123', name: 'Gina Giver' };
const list = (query = '') => apiJson(t, 'GET', `/api/admin/customers${query}`, undefined, cookie);

describe('GET /api/admin/customers', () => {
  it('shows contact, address, paid orders and the money paid for them, newest first', async () => {
    const older = await createCustomer(t.services, {
      fullName: 'Old Timer',
      createdAt: new Date('2020-01-01T00:00:00Z'),
    });
    const buyer = await createCustomer(t.services, {
      fullName: 'Bea Buyer',
      email: 'bea@example.com',
      phone: '07999888777',
      address: '2 Castle St',
      city: 'Ludlow',
      postcode: 'SY8 1AS',
      createdAt: new Date('2030-01-01T00:00:00Z'),
    });
    const lines = [{ unitPricePennies: 500, quantity: 2 }]; // 1000 + 499 = 1499
    for (const status of ['pending', 'paid', 'baking', 'shipped', 'completed', 'cancelled'] as const) {
      await createOrder(t.services, { profile: buyer, status, items: lines });
    }

    const { status, body } = await list();
    expect(status).toBe(200);
    expect(body.items[0]).toEqual({
      id: buyer.id,
      full_name: 'Bea Buyer',
      email: 'bea@example.com',
      phone: '07999888777',
      address: '2 Castle St',
      city: 'Ludlow',
      postcode: 'SY8 1AS',
      created_at: '2030-01-01T00:00:00.000Z',
      order_count: 4, // neither the checkout waiting for payment nor the one cancelled unpaid
      total_spent_pennies: 4 * 1499,
    });
    const last = body.items.at(-1);
    expect(last).toMatchObject({ id: older.id, order_count: 0, total_spent_pennies: 0 });
  });

  it('counts money paid once: a gift card the customer bought, then the order it paid part of', async () => {
    const giftCard = await createProduct(t.services, {
      name: 'Gift card',
      kind: 'gift_card',
      pricePennies: 1000,
    });
    const cookie = await createProduct(t.services, { pricePennies: 3000 });
    const profile = await createCustomer(t.services, { fullName: 'Gina Giver' });
    const user = {
      id: profile.id,
      email: profile.email,
      name: profile.fullName,
      role: 'customer',
    } as SessionUser;
    const recipient = `gina-${profile.id}@example.com`;
    // A card for herself, sent today (the shop's own today: the earliest day it may be sent).
    const bought = await t.services.checkout.createCheckoutSession(user, {
      items: [
        {
          product_id: giftCard.id,
          quantity: 1,
          gift_card: {
            amount_pennies: 2500,
            recipient_name: 'Gina Giver',
            recipient_email: recipient,
            send_on: londonDate(new Date()),
          },
        },
      ],
    });
    await t.services.payments.payTestSession(bought.sessionId, CARD);
    const [mail] = await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.to, recipient));
    const code = /code: ([A-Z0-9-]{24})/.exec(mail!.text)![1]!;
    // £30 of cookies and £4.99 delivery: £25 from the card, £9.99 by bank card.
    const spent = await t.services.checkout.createCheckoutSession(user, {
      items: [{ product_id: cookie.id, quantity: 1 }],
      gift_cards: [code],
    });
    await t.services.payments.payTestSession(spent.sessionId, CARD);

    const { body } = await list();
    expect(body.items.find((c: { id: string }) => c.id === profile.id)).toMatchObject({
      order_count: 2,
      total_spent_pennies: 2500 + 999,
    });

    // Cancelled and refunded in full: the £25 back on the gift card, the £9.99 to her bank card.
    await t.services.orders.cancelByCustomer(profile.id, spent.orderId, customerActor(user));
    const after = (await list()).body.items.find((c: { id: string }) => c.id === profile.id);
    expect(after).toMatchObject({ total_spent_pennies: 2500 });
  });

  it('pages twenty at a time', async () => {
    for (let i = 0; i < 20; i++) await createCustomer(t.services);
    const first = await list();
    const second = await list('?page=2');
    const total = first.body.total;
    expect(total).toBeGreaterThanOrEqual(22);
    expect(first.body.items).toHaveLength(20);
    expect(second.body.items).toHaveLength(total - 20);
    expect(first.body.pageCount).toBe(2);
    const ids = [...first.body.items, ...second.body.items].map((c: { id: string }) => c.id);
    expect(new Set(ids).size).toBe(total);
  });

  it.each(['0', '-1', '1.5', 'abc'])('refuses page=%s with a 400', async (page) => {
    const { status, body } = await list(`?page=${page}`);
    expect(status).toBe(400);
    expect(body.error.message).toBe('Page must be a whole number from 1');
  });
});
