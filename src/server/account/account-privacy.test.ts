import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contactMessages,
  emailOutbox,
  orderPayments,
  orderStatusHistory,
  orders,
  profiles,
  refunds,
  sessions,
  userRoles,
  users,
} from '~/server/db/schema';
import { CANCELLED_BY_DELETION } from '~/server/orders/account-deletion';
import { PAID_AFTER_DELETION } from '~/server/orders/orders-service';
import { ACCOUNT_DELETED_MESSAGE } from '~/server/payments/payments-service';
import { DiscountCodeFormSchema } from '~/shared/discounts/discount-code';
import { addDays, londonDate } from '~/shared/time/london-time';
import { TEST_CARD } from '~/test/checkout';
import { api, createProduct, createUser, nextTestIp, signIn, signUpDetails } from '~/test/factories';
import { createOrder } from '~/test/order-factories';
import { inProcess, postSignIn } from '~/test/sign-in';
import { createTestApp, type TestApp } from '~/test/test-app';
import { type AccountDataExport, DELETE_MESSAGES } from './account-privacy-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const exportOf = (cookie?: string) => api(t, 'GET', '/api/account/export', undefined, cookie);
const deleteAccount = (cookie: string, password: unknown) =>
  api(t, 'POST', '/api/account/delete', { password }, cookie);
const signInStatus = async (email: string, password: string) =>
  (await postSignIn(inProcess(t.app), t.origin, { email, password }, { 'x-forwarded-for': nextTestIp() }))
    .status;
const profileRow = async (id: string) =>
  (await t.services.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;
const orderRow = async (id: string) =>
  (await t.services.db.select().from(orders).where(eq(orders.id, id)))[0]!;

describe('GET /api/account/export', () => {
  it("holds the account's profile, orders with items and contact messages, and nobody else's", async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    const annsOrder = await createOrder(t.services, {
      profileId: ann.userId,
      status: 'paid',
      items: [{ productName: 'Pecan & Maple Syrup', quantity: 2, unitPricePennies: 475 }],
    });
    await createOrder(t.services, { profileId: bob.userId, status: 'paid' });
    await t.services.db.insert(contactMessages).values([
      { name: 'Ann', email: ann.email.toUpperCase(), message: 'Do you ship to Wales?', userId: ann.userId },
      { name: 'Bob', email: bob.email, message: 'Bob asks something else', userId: bob.userId },
    ]);

    const res = await exportOf(ann.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const data = (await res.json()) as AccountDataExport;
    expect(data.profile).toMatchObject({ id: ann.userId, email: ann.email, full_name: "Mary O'Neill-Smith" });
    expect(data.orders.map((o) => o.id)).toEqual([annsOrder.id]);
    expect(data.orders[0]!.items).toEqual([
      expect.objectContaining({ product_name: 'Pecan & Maple Syrup', quantity: 2, unit_price_pennies: 475 }),
    ]);
    expect(data.contact_messages).toEqual([
      expect.objectContaining({ name: 'Ann', message: 'Do you ship to Wales?' }),
    ]);
    expect(JSON.stringify(data)).not.toContain(bob.userId);
    expect(JSON.stringify(data)).not.toContain(bob.email);
  });

  it('holds the gift cards the account bought: for whom, the message and the send date', async () => {
    const buyer = await createUser(t);
    const card = await createProduct(t.services, {
      name: 'Gift card',
      pricePennies: 1000,
      kind: 'gift_card',
    });
    const sendOn = addDays(londonDate(new Date()), 5);
    const { sessionId } = (await (
      await api(
        t,
        'POST',
        '/api/checkout/create-checkout-session',
        {
          items: [
            {
              product_id: card.id,
              quantity: 1,
              gift_card: {
                amount_pennies: 2500,
                recipient_name: 'Rosie Recipient',
                recipient_email: 'rosie@example.com',
                message: 'Happy birthday, Rosie!',
                send_on: sendOn,
              },
            },
          ],
        },
        buyer.cookie,
      )
    ).json()) as { sessionId: string };
    expect((await api(t, 'POST', `/api/payments/test/sessions/${sessionId}/pay`, TEST_CARD)).status).toBe(
      200,
    );
    const data = (await (await exportOf(buyer.cookie)).json()) as AccountDataExport;
    expect(data.gift_cards_bought).toEqual([
      expect.objectContaining({
        order_number: data.orders[0]!.number,
        amount_pennies: 2500,
        recipient_name: 'Rosie Recipient',
        recipient_email: 'rosie@example.com',
        message: 'Happy birthday, Rosie!',
        send_on: sendOn,
      }),
    ]);
    // The card's code is not the buyer's to read: only its last four characters.
    // (A whole code, not the digits-only groups a random order id can have.)
    expect(JSON.stringify(data.gift_cards_bought)).not.toMatch(
      /(?<![\w-])[A-Z0-9]{4}(?:-[A-Z0-9]{4}){4}(?![\w-])/,
    );
  });

  it('answers 401 without a session', async () => {
    expect((await exportOf()).status).toBe(401);
  });
});

describe('contact messages in "Download my data"', () => {
  const sendMessage = (email: string, message: string, cookie?: string) =>
    t.app.request('/api/contact', {
      method: 'POST',
      headers: {
        origin: t.origin,
        'content-type': 'application/json',
        'x-forwarded-for': nextTestIp(),
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ name: 'Someone', email, message }),
    });
  const messagesIn = async (cookie: string) =>
    ((await (await exportOf(cookie)).json()) as AccountDataExport).contact_messages.map((m) => m.message);
  /** Follows a reset link e-mailed to the address, as its owner would. */
  async function resetThroughEmail(email: string) {
    const post = (path: string, body: unknown) =>
      t.app.request(path, {
        method: 'POST',
        headers: { origin: t.origin, 'content-type': 'application/json', 'x-forwarded-for': nextTestIp() },
        body: JSON.stringify(body),
      });
    expect((await post('/api/auth/request-password-reset', { email })).status).toBe(200);
    const [mail] = await t.services.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email), eq(emailOutbox.kind, 'password-reset')));
    const token = /reset-password\?token=([\w-]+)/.exec(mail!.text)![1]!;
    expect((await post('/api/auth/reset-password', { token, newPassword: 'fresh-biscuits-9' })).status).toBe(
      200,
    );
    return signIn(t, email, 'fresh-biscuits-9');
  }

  it('leaves out a message sent from the address before anyone signed up with it', async () => {
    const details = signUpDetails();
    const email = details.email.toLowerCase();
    expect((await sendMessage(email, 'Sent by a stranger with this address')).status).toBe(201);
    const newcomer = await createUser(t, details);
    expect(await messagesIn(newcomer.cookie)).toEqual([]);
  });

  it('lists what the account sent while signed in, and not what others typed its address into', async () => {
    const ann = await createUser(t);
    const bob = await createUser(t);
    expect((await sendMessage(ann.email, 'Ann, signed in', ann.cookie)).status).toBe(201);
    expect((await sendMessage(ann.email, 'Someone signed out, with Ann’s address')).status).toBe(201);
    expect((await sendMessage(ann.email, 'Bob, signed in, with Ann’s address', bob.cookie)).status).toBe(201);
    expect(await messagesIn(ann.cookie)).toEqual(['Ann, signed in']);
    expect(await messagesIn(bob.cookie)).toEqual(['Bob, signed in, with Ann’s address']);
  });

  it('lists messages from the address once the account has proved it owns it (a reset link used)', async () => {
    const ann = await createUser(t);
    expect((await sendMessage(ann.email, 'Ann, from her phone, signed out')).status).toBe(201);
    expect(await messagesIn(ann.cookie)).toEqual([]);
    const cookie = await resetThroughEmail(ann.email);
    expect(await messagesIn(cookie)).toEqual(['Ann, from her phone, signed out']);
  });

  it('deleting an account erases its messages but not those others sent with its address', async () => {
    const ann = await createUser(t);
    expect((await sendMessage(ann.email, 'Ann, signed in, to be erased', ann.cookie)).status).toBe(201);
    expect((await sendMessage(ann.email, 'A stranger with Ann’s address')).status).toBe(201);
    expect((await deleteAccount(ann.cookie, ann.password)).status).toBe(200);
    const left = await t.services.db
      .select({ message: contactMessages.message })
      .from(contactMessages)
      .where(eq(contactMessages.email, ann.email));
    expect(left).toEqual([{ message: 'A stranger with Ann’s address' }]);
  });
});

describe('POST /api/account/delete', () => {
  it('refuses a missing or wrong password and changes nothing', async () => {
    const user = await createUser(t);
    const before = await profileRow(user.userId);
    const missing = await deleteAccount(user.cookie, undefined);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error.message).toBe(DELETE_MESSAGES.passwordRequired);
    const wrong = await deleteAccount(user.cookie, 'not-my-password');
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.message).toBe(DELETE_MESSAGES.passwordWrong);
    expect(await profileRow(user.userId)).toEqual(before);
    expect(await signInStatus(user.email, user.password)).toBe(200);
  });

  it('erases the personal data, ends sessions and sign-in, and keeps the orders and figures', async () => {
    const admin = await createUser(t, { admin: true });
    const user = await createUser(t);
    const completed = await createOrder(t.services, {
      profileId: user.userId,
      status: 'completed',
      items: [{ quantity: 3, unitPricePennies: 450 }],
    });
    const open = await createOrder(t.services, { profileId: user.userId, status: 'paid' });
    await t.services.db
      .insert(contactMessages)
      .values({ name: 'Mary', email: user.email, message: 'My phone is 07123456789', userId: user.userId });
    const dashboard = async () =>
      (await api(t, 'GET', '/api/admin/dashboard', undefined, admin.cookie)).json();
    const figuresBefore = await dashboard();

    const res = await deleteAccount(user.cookie, user.password);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/session_token=;/);

    // Nobody is signed in to it, and nobody can sign in to it.
    expect((await api(t, 'GET', '/api/account/me', undefined, user.cookie)).status).toBe(401);
    expect(await t.services.db.select().from(sessions).where(eq(sessions.userId, user.userId))).toEqual([]);
    expect(await signInStatus(user.email, user.password)).toBe(401);

    // The profile keeps no personal data.
    const profile = await profileRow(user.userId);
    expect(profile).toMatchObject({
      fullName: 'Deleted customer',
      email: '',
      phone: '',
      address: '',
      city: '',
      postcode: '',
    });
    expect(profile.deletedAt).toBeInstanceOf(Date);
    const [authUser] = await t.services.db.select().from(users).where(eq(users.id, user.userId));
    expect(authUser!.email).not.toContain(user.email);
    expect(authUser!.name).toBe('Deleted customer');
    expect(
      await t.services.db.select().from(contactMessages).where(eq(contactMessages.email, user.email)),
    ).toEqual([]);

    // The finished order keeps its money and lines, without contact details...
    expect(await orderRow(completed.id)).toMatchObject({
      totalPennies: completed.totalPennies,
      shipName: 'Deleted customer',
      shipPhone: '',
      shipAddress: '',
      shipCity: '',
      shipPostcode: '',
    });
    // ...and the open one can still be delivered.
    expect(await orderRow(open.id)).toMatchObject({ shipAddress: open.shipAddress, shipName: open.shipName });

    // The owner's figures do not move.
    const figuresAfter = await dashboard();
    expect(figuresAfter.total_revenue_pennies).toBe(figuresBefore.total_revenue_pennies);
    expect(figuresAfter.total_orders).toBe(figuresBefore.total_orders);
    expect(figuresAfter.pending_orders).toBe(figuresBefore.pending_orders);

    // The e-mail address is free for a new account.
    const again = await t.app.request('/api/account/sign-up', {
      method: 'POST',
      headers: { origin: t.origin, 'content-type': 'application/json', 'x-forwarded-for': nextTestIp() },
      body: JSON.stringify(signUpDetails({ email: user.email })),
    });
    expect(again.status).toBe(201);
  });

  it("scrubs an open order once it is finished, and the history's mention of the customer", async () => {
    const admin = await createUser(t, { admin: true });
    const user = await createUser(t);
    const open = await createOrder(t.services, { profileId: user.userId, status: 'paid' });
    const gift = await createOrder(t.services, { profileId: user.userId, status: 'pending' });
    await t.services.db
      .update(orders)
      .set({ isGift: true, giftMessage: 'Love from Mary' })
      .where(eq(orders.id, gift.id));
    // The customer cancels the pending one themselves: the history names them.
    expect((await api(t, 'POST', `/api/account/orders/${gift.id}/cancel`, {}, user.cookie)).status).toBe(200);
    expect((await deleteAccount(user.cookie, user.password)).status).toBe(200);

    // The cancelled gift is finished: scrubbed at once, message and all.
    expect(await orderRow(gift.id)).toMatchObject({
      shipName: 'Deleted customer',
      shipAddress: '',
      giftMessage: null,
    });
    const history = (
      await (await api(t, 'GET', `/api/admin/orders/${gift.id}`, undefined, admin.cookie)).json()
    ).order.history as { by: string }[];
    expect(history.map((h) => h.by)).not.toContain("Mary O'Neill-Smith");

    // The paid one is still on its way: it keeps its address until the owner marks it completed.
    expect((await orderRow(open.id)).shipAddress).toBe(open.shipAddress);
    const status = (to: string) =>
      api(t, 'PATCH', `/api/admin/orders/${open.id}`, { status: to }, admin.cookie);
    expect((await status('shipped')).status).toBe(200);
    expect((await orderRow(open.id)).shipAddress).toBe(open.shipAddress);
    expect((await status('completed')).status).toBe(200);
    expect(await orderRow(open.id)).toMatchObject({
      shipName: 'Deleted customer',
      shipPhone: '',
      shipAddress: '',
      totalPennies: open.totalPennies,
    });
  });

  it('refuses the last admin, and lets an admin go while another remains', async () => {
    const first = await createUser(t, { admin: true });
    // Only admins made in this file exist; remove the others so `first` is the last one.
    const others = (await t.services.db.select().from(userRoles)).filter((r) => r.userId !== first.userId);
    for (const r of others) await t.services.db.delete(userRoles).where(eq(userRoles.userId, r.userId));

    const refused = await deleteAccount(first.cookie, first.password);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.message).toBe(DELETE_MESSAGES.lastAdmin);
    expect(await signInStatus(first.email, first.password)).toBe(200);

    const second = await createUser(t, { admin: true });
    expect((await deleteAccount(second.cookie, second.password)).status).toBe(200);
    expect((await deleteAccount(first.cookie, first.password)).status).toBe(409);
  });

  it('lets only one of the last two admins go when both delete at once', async () => {
    const a = await createUser(t, { admin: true });
    const b = await createUser(t, { admin: true });
    const keep = [a.userId, b.userId];
    const others = (await t.services.db.select().from(userRoles)).filter((r) => !keep.includes(r.userId));
    for (const r of others) await t.services.db.delete(userRoles).where(eq(userRoles.userId, r.userId));

    const results = await Promise.all([
      deleteAccount(a.cookie, a.password),
      deleteAccount(b.cookie, b.password),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.services.db.select().from(userRoles)).toHaveLength(1);
  });
});

describe('deleting an account with an order waiting for payment', () => {
  const card = { cardNumber: '4242424242424242', expiry: '12 / 40', cvc: '123', name: 'Mary Smith' };

  it('cancels it, freeing its day and code; a payment that still arrives is refunded and e-mails nobody', async () => {
    const date = addDays(londonDate(new Date()), 8);
    await t.services.bakeDays.setOverride({ date, closed: false, capacityCookies: 3 });
    const product = await createProduct(t.services, { pricePennies: 500 });
    await t.services.discounts.create(
      DiscountCodeFormSchema.parse({
        code: 'ONCEONLY',
        kind: 'percent',
        percent: '10',
        max_uses: '1',
        is_active: true,
      }),
    );
    const checkout = (cookie: string) =>
      api(
        t,
        'POST',
        '/api/checkout/create-checkout-session',
        { items: [{ product_id: product.id, quantity: 3 }], delivery_date: date, discount_code: 'ONCEONLY' },
        cookie,
      );

    const leaving = await createUser(t);
    const started = await checkout(leaving.cookie);
    expect(started.status).toBe(200);
    const { orderId, sessionId } = (await started.json()) as { orderId: string; sessionId: string };
    const other = await createUser(t);
    // The day is full and the code used up while the order waits for payment.
    expect((await checkout(other.cookie)).status).toBe(400);

    expect((await deleteAccount(leaving.cookie, leaving.password)).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'cancelled',
      paidAt: null,
      shipName: 'Deleted customer',
    });
    const history = await t.services.db
      .select({ to: orderStatusHistory.toStatus, note: orderStatusHistory.note })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId));
    expect(history).toContainEqual({ to: 'cancelled', note: CANCELLED_BY_DELETION });

    // The payment page, still open in the deleted customer's browser, takes nothing.
    const refused = await api(t, 'POST', `/api/payments/test/sessions/${sessionId}/pay`, card);
    expect(refused.status).toBe(410);
    expect((await refused.json()).error.message).toBe(ACCOUNT_DELETED_MESSAGE);
    expect(
      await t.services.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId)),
    ).toEqual([]);
    // Money that still arrives from the provider (a late webhook) is recorded and refunded.
    const row = await orderRow(orderId);
    await t.services.payments.act({
      eventId: `evt_late_${orderId}`,
      eventType: 'checkout.session.completed',
      action: {
        kind: 'paid',
        payment: {
          sessionId,
          orderId,
          paymentIntentId: null,
          amount: { pennies: row.totalPennies, currency: 'gbp' },
        },
      },
    });
    const after = await orderRow(orderId);
    expect(after.status).toBe('cancelled');
    expect(after.flags).toContain('paid_after_cancellation');
    const taken = await t.services.db.select().from(orderPayments).where(eq(orderPayments.orderId, orderId));
    expect(taken.map((p) => p.amountPennies)).toEqual([after.totalPennies]);
    const given = await t.services.db.select().from(refunds).where(eq(refunds.orderId, orderId));
    expect(given).toEqual([
      expect.objectContaining({
        amountPennies: after.totalPennies,
        status: 'succeeded',
        reason: PAID_AFTER_DELETION,
      }),
    ]);
    // Nothing was queued for the empty address: no confirmation, no refund e-mail.
    expect(await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.to, ''))).toEqual([]);
    const aboutIt = await t.services.db
      .select({ kind: emailOutbox.kind })
      .from(emailOutbox)
      .where(like(emailOutbox.dedupeKey, `%${orderId}%`));
    expect(aboutIt).toEqual([]);

    // Its place on the day and its use of the code went back: the next customer gets both.
    expect((await checkout(other.cookie)).status).toBe(200);
  });

  it('never queues an e-mail to an empty address', async () => {
    await t.services.mail.enqueue({
      dedupeKey: `nobody-${crypto.randomUUID()}`,
      kind: 'order-confirmation',
      to: '  ',
      subject: 'To nobody',
      text: 'x',
      html: '<p>x</p>',
    });
    expect(
      await t.services.db.select().from(emailOutbox).where(eq(emailOutbox.subject, 'To nobody')),
    ).toEqual([]);
  });
});
