import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, marketingConsents, products, profiles, stockAlerts } from '~/server/db/schema';
import {
  BASKET_REMINDER_HOURS,
  CONSENT_OPT_IN,
  CONSENT_WITHDRAW_ACCOUNT,
  CONSENT_WITHDRAW_LINK,
  CONSENT_WITHDRAW_ONE_CLICK,
} from '~/shared/marketing/consent';
import { SYSTEM } from '~/shared/orders/actor';
import { addDays, formatBakeDay, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { api, createProduct, createUser, signUpDetails } from '~/test/factories';
import { createOrder } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { UNSUBSCRIBE_INVALID } from './marketing-service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const marketing = () => t.services.marketing;
const later = (hours: number) => new Date(Date.now() + hours * 3600_000);
const emailsTo = (to: string, kind: string) =>
  t.services.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));

/** A signed-in customer who ticked the box at sign-up. */
async function consentingCustomer() {
  const user = await createUser(t);
  await marketing().setConsent(user.userId, true, 'sign-up', CONSENT_OPT_IN);
  return user;
}

/** The basket as the cart page asks for its price: the server keeps it for a signed-in customer. */
async function priceBasket(cookie: string, productId: string, quantity = 2) {
  const res = await api(
    t,
    'POST',
    '/api/checkout/quote',
    { items: [{ product_id: productId, quantity }], fulfilment: 'delivery', gift_cards: [] },
    cookie,
  );
  expect(res.status).toBe(200);
}

const tokenOf = (text: string) => /\/unsubscribe\/([A-Za-z0-9_.-]+)/.exec(text)![1]!;

describe('the consent log', () => {
  it('keeps a tick at sign-up with its words and place; no tick, no consent', async () => {
    const post = (body: unknown, ip: string) =>
      t.app.request('/api/account/sign-up', {
        method: 'POST',
        headers: { origin: t.origin, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify(body),
      });
    const yes = signUpDetails();
    const no = signUpDetails();
    expect((await post({ ...yes, marketing: true }, '198.51.100.61')).status).toBe(201);
    expect((await post({ ...no, marketing: 'yes' }, '198.51.100.62')).status).toBe(201);
    const idOf = async (email: string) =>
      (await t.services.db.select().from(profiles).where(eq(profiles.email, email.toLowerCase())))[0]!.id;
    const given = await marketing().history(await idOf(yes.email));
    expect(given).toEqual([
      { given: true, wording: CONSENT_OPT_IN, source: 'sign-up', at: expect.any(String) },
    ]);
    expect(await marketing().history(await idOf(no.email))).toEqual([]);
    expect(await marketing().consentNow(await idOf(no.email))).toBe(false);
  });

  it('keeps a tick at checkout once the checkout is accepted; a refused checkout records nothing', async () => {
    const product = await createProduct(t.services, { name: 'Checkout Oat' });
    const buyer = await createUser(t);
    const checkout = (items: unknown[]) =>
      api(t, 'POST', '/api/checkout/create-checkout-session', { items, marketing: true }, buyer.cookie);
    expect((await checkout([{ product_id: crypto.randomUUID(), quantity: 1 }])).status).toBe(400);
    expect(await marketing().history(buyer.userId)).toEqual([]);
    expect((await checkout([{ product_id: product.id, quantity: 1 }])).status).toBe(200);
    expect(await marketing().history(buyer.userId)).toEqual([
      { given: true, wording: CONSENT_OPT_IN, source: 'checkout', at: expect.any(String) },
    ]);
  });

  it('keeps every change, newest first, records a repeat once, and can never be edited or deleted', async () => {
    const { userId } = await consentingCustomer();
    expect(await marketing().setConsent(userId, true, 'checkout', CONSENT_OPT_IN)).toEqual({
      changed: false,
    });
    await marketing().setConsent(userId, false, 'account', CONSENT_WITHDRAW_ACCOUNT);
    await marketing().setConsent(userId, true, 'account', CONSENT_OPT_IN);
    const log = await marketing().history(userId);
    expect(log.map((r) => [r.given, r.source])).toEqual([
      [true, 'account'],
      [false, 'account'],
      [true, 'sign-up'],
    ]);
    expect(log[1]!.wording).toBe(CONSENT_WITHDRAW_ACCOUNT);
    await expect(
      t.services.db
        .update(marketingConsents)
        .set({ given: false })
        .where(eq(marketingConsents.profileId, userId)),
    ).rejects.toThrow();
    await expect(
      t.services.db.delete(marketingConsents).where(eq(marketingConsents.profileId, userId)),
    ).rejects.toThrow();
    expect(await marketing().history(userId)).toHaveLength(3);
  });

  it('is in the customer’s data export', async () => {
    const { cookie, userId } = await consentingCustomer();
    await marketing().setConsent(userId, false, 'account', CONSENT_WITHDRAW_ACCOUNT);
    const res = await api(t, 'GET', '/api/account/export', undefined, cookie);
    const data = await res.json();
    const log = (
      data as { marketing: { marketing_consent: { given: boolean; source: string; wording: string }[] } }
    ).marketing.marketing_consent;
    expect(log.map((r) => [r.given, r.source])).toEqual([
      [false, 'account'],
      [true, 'sign-up'],
    ]);
    expect(log[1]!.wording).toBe(CONSENT_OPT_IN);
  });
});

describe('the basket reminder', () => {
  it('is sent once, a day after a consenting customer left their basket, with one-click unsubscribe headers', async () => {
    const cookie1 = await createProduct(t.services, { name: 'Reminder Oat' });
    const { cookie, email } = await consentingCustomer();
    await priceBasket(cookie, cookie1.id, 3);
    expect(await marketing().runDue(later(BASKET_REMINDER_HOURS - 1))).toMatchObject({ reminders: 0 });
    expect(await emailsTo(email, 'basket-reminder')).toHaveLength(0);
    await marketing().runDue(later(BASKET_REMINDER_HOURS + 1));
    await marketing().runDue(later(BASKET_REMINDER_HOURS + 30));
    const sent = await emailsTo(email, 'basket-reminder');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('3 x Reminder Oat');
    expect(sent[0]!.headers).toEqual({
      'List-Unsubscribe': `<http://shop.test/unsubscribe/${tokenOf(sent[0]!.text)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('is never sent once they have ordered since, nor without consent', async () => {
    const product = await createProduct(t.services, { name: 'Ordered Oat' });
    const buyer = await consentingCustomer();
    await priceBasket(buyer.cookie, product.id);
    await createOrder(t.services, { profileId: buyer.userId, status: 'paid' });
    const silent = await createUser(t);
    await priceBasket(silent.cookie, product.id);
    const withdrawn = await consentingCustomer();
    await priceBasket(withdrawn.cookie, product.id);
    await marketing().setConsent(withdrawn.userId, false, 'account', CONSENT_WITHDRAW_ACCOUNT);
    await marketing().runDue(later(BASKET_REMINDER_HOURS + 2));
    for (const who of [buyer, silent, withdrawn])
      expect(await emailsTo(who.email, 'basket-reminder')).toHaveLength(0);
  });

  it('is not sent twice for two passes at once (two instances)', async () => {
    const product = await createProduct(t.services, { name: 'Racing Oat' });
    const { cookie, email } = await consentingCustomer();
    await priceBasket(cookie, product.id);
    const when = later(BASKET_REMINDER_HOURS + 1);
    await Promise.all([marketing().runDue(when), marketing().runDue(when)]);
    expect(await emailsTo(email, 'basket-reminder')).toHaveLength(1);
  });
});

describe('tell me when it’s back', () => {
  it('e-mails once when a sold-out product returns, and is refused for one that can be ordered', async () => {
    const product = await createProduct(t.services, { name: 'Scarce Oat', soldOut: true });
    const email = `waiting-${Date.now()}@example.com`;
    await marketing().askBackInStock({ productId: product.id, email, profileId: null });
    await marketing().askBackInStock({ productId: product.id, email: email.toUpperCase(), profileId: null });
    await marketing().runDue();
    expect(await emailsTo(email, 'back-in-stock')).toHaveLength(0);
    await t.services.db.update(products).set({ soldOut: false }).where(eq(products.id, product.id));
    await marketing().runDue();
    await marketing().runDue();
    const sent = await emailsTo(email, 'back-in-stock');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Scarce Oat is back');
    expect(sent[0]!.text).toContain(`http://shop.test/product/${product.id}`);
    expect(sent[0]!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    await expect(
      marketing().askBackInStock({ productId: product.id, email, profileId: null }),
    ).rejects.toThrow('Scarce Oat can be ordered now');
    await expect(
      marketing().askBackInStock({ productId: product.id, email: 'not-an-address', profileId: null }),
    ).rejects.toThrow('valid e-mail');
  });

  it('for a sold-out day of a limited cookie: e-mails once when a place comes back; a past day ends the request', async () => {
    await t.services.bakeDays.saveTemplate(everyDayTemplate({ horizonDays: 20, capacityCookies: 5000 }));
    const product = await createProduct(t.services, { name: 'Festive Star', dailyLimit: 2 });
    const day = addDays(londonDate(new Date()), 6);
    const buyer = await createUser(t);
    const held = await api(
      t,
      'POST',
      '/api/checkout/create-checkout-session',
      { items: [{ product_id: product.id, quantity: 2 }], delivery_date: day },
      buyer.cookie,
    );
    expect(held.status).toBe(200);
    const email = `day-${Date.now()}@example.com`;
    const ask = (d: string) =>
      marketing().askBackInStock({ productId: product.id, email, profileId: null, day: d });
    await expect(ask(addDays(day, 1))).rejects.toThrow(
      `Festive Star can be ordered for ${formatBakeDay(addDays(day, 1))} now: no need to wait.`,
    );
    await expect(ask(addDays(day, 60))).rejects.toThrow(
      'That day can no longer be ordered for Festive Star.',
    );
    await expect(ask('2026-02-30')).rejects.toThrow('That day can no longer be ordered for Festive Star.');
    expect(await ask(day)).toMatchObject({ day: formatBakeDay(day) });
    await ask(day); // asking twice is asking once
    await marketing().runDue();
    expect(await emailsTo(email, 'back-in-stock')).toHaveLength(0);

    // The pending order is cancelled: its two places are free again.
    const { orderId } = await held.json();
    await t.services.orders.cancelCheckout(buyer.userId, orderId, SYSTEM);
    await marketing().runDue();
    await marketing().runDue();
    const sent = await emailsTo(email, 'back-in-stock');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(`Festive Star is back for ${formatBakeDay(day)}`);
    expect(sent[0]!.text).toContain(`Festive Star can be ordered for ${formatBakeDay(day)} again.`);

    // A request for a day gone by (its cut-off passed still sold out) ends without an e-mail.
    const late = `late-${Date.now()}@example.com`;
    await t.services.db
      .insert(stockAlerts)
      .values({ productId: product.id, email: late, bakeDate: addDays(londonDate(new Date()), -2) });
    await marketing().runDue();
    expect(await emailsTo(late, 'back-in-stock')).toHaveLength(0);
    const [ended] = await t.services.db.select().from(stockAlerts).where(eq(stockAlerts.email, late));
    expect(ended!.stoppedAt).not.toBeNull();
  });

  it('is not sent once its link has stopped it', async () => {
    const product = await createProduct(t.services, { name: 'Stopped Oat', soldOut: true });
    const email = `stopped-${Date.now()}@example.com`;
    await marketing().askBackInStock({ productId: product.id, email, profileId: null });
    const [alert] = await t.services.db.select().from(stockAlerts).where(eq(stockAlerts.email, email));
    const url = marketing().unsubscribeUrl({ kind: 'stock', alertId: alert!.id });
    const res = await t.app.request(new URL(url).pathname, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    await t.services.db.update(products).set({ soldOut: false }).where(eq(products.id, product.id));
    await marketing().runDue();
    expect(await emailsTo(email, 'back-in-stock')).toHaveLength(0);
  });
});

describe('unsubscribing', () => {
  async function reminded() {
    const product = await createProduct(t.services, {
      name: `Leaving Oat ${Math.random().toString(36).slice(2, 6)}`,
    });
    const user = await consentingCustomer();
    await priceBasket(user.cookie, product.id);
    await marketing().runDue(later(BASKET_REMINDER_HOURS + 1));
    const [email] = await emailsTo(user.email, 'basket-reminder');
    return { ...user, path: `/unsubscribe/${tokenOf(email!.text)}` };
  }

  it('by the mail program’s one-click POST (RFC 8058): at once, no sign-in, no origin', async () => {
    const { userId, path } = await reminded();
    const res = await t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await marketing().consentNow(userId)).toBe(false);
    const [newest] = await marketing().history(userId);
    expect(newest).toMatchObject({
      given: false,
      source: 'unsubscribe',
      wording: CONSENT_WITHDRAW_ONE_CLICK,
    });
  });

  it('by the link’s page button: withdrawn and sent back to the page to say so', async () => {
    const { userId, path } = await reminded();
    const res = await t.app.request(path, {
      method: 'POST',
      headers: { origin: t.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${path}?done=1`);
    const [newest] = await marketing().history(userId);
    expect(newest).toMatchObject({ given: false, source: 'unsubscribe', wording: CONSENT_WITHDRAW_LINK });
    expect(await marketing().describeUnsubscribe(path.split('/').pop()!)).toEqual({
      valid: true,
      kind: 'marketing',
      subscribed: false,
    });
  });

  it('refuses a tampered link with a clear message and changes nothing', async () => {
    const { userId, path } = await reminded();
    const token = path.split('/').pop()!;
    const other = await consentingCustomer();
    // Someone else's id in the payload, the signature kept: refused.
    const forged = `${Buffer.from(`m.${other.userId}`).toString('base64url')}.${token.split('.')[1]}`;
    const flipped = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}${token.slice(-1)}`;
    for (const bad of [forged, flipped, 'nonsense']) {
      const res = await t.app.request(`/unsubscribe/${bad}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status).toBe(400);
      expect(await res.text()).toBe(UNSUBSCRIBE_INVALID);
      expect(await marketing().describeUnsubscribe(bad)).toEqual({ valid: false });
    }
    expect(await marketing().consentNow(userId)).toBe(true);
    expect(await marketing().consentNow(other.userId)).toBe(true);
  });
});
