import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, emailOutbox, orders, termsVersions, traderDetails } from '~/server/db/schema';
import { DEFAULT_TERMS } from '~/shared/legal/default-terms';
import { missingTraderDetails } from '~/shared/legal/trader-details';
import { checkoutAs, payTestSession } from '~/test/checkout';
import { api, apiJson, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
let owner: string;
let staff: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp({
    env: { SHOP_ADDRESS: '1 Mardol, Shrewsbury SY1 1PU', SHOP_PHONE: '01743 000111' },
  });
  owner = (await createUser(t, { admin: true })).cookie;
  staff = (await createUser(t, { staffRole: 'staff' })).cookie;
  customer = (await createUser(t, { fullName: 'Mary Jones' })).cookie;
});
afterAll(() => t.close());

const WHO = {
  legalName: 'Shropshire Cookie Company Ltd',
  address: 'The Bakehouse, 4 Wyle Cop, Shrewsbury SY1 1UT',
  email: 'hello@bakery.example',
  phone: '01743 555 0123',
  companyNumber: '0123 4567',
  registeredOffice: '2 Castle Street, Shrewsbury SY1 2BQ',
  vatNumber: '123 4567 89',
};

async function placeOrder() {
  const p = await createProduct(t.services, { name: 'Ginger Snap', pricePennies: 450 });
  const { sessionId, orderId } = await checkoutAs(t, customer, {
    items: [{ product_id: p.id, quantity: 2 }],
  });
  return { sessionId, orderId };
}
const versionOf = async (orderId: string) =>
  (await t.services.db.select({ v: orders.termsVersion }).from(orders).where(eq(orders.id, orderId)))[0]!.v;

describe('who we are', () => {
  it('starts from the configured address and phone, and names the legal name as missing', async () => {
    const { body } = await apiJson(t, 'GET', '/api/admin/settings/trader', undefined, owner);
    expect(body.trader).toMatchObject({
      legalName: '',
      address: '1 Mardol, Shrewsbury SY1 1PU',
      phone: '01743 000111',
    });
    expect(missingTraderDetails(body.trader)).toEqual(['legal name']);
  });

  it('refuses a bad VAT number with its reason, saving nothing', async () => {
    const res = await apiJson(t, 'PUT', '/api/admin/settings/trader', { ...WHO, vatNumber: 'GB12' }, owner);
    expect(res.status).toBe(400);
    expect(res.body.error.fields.vatNumber).toBe('A UK VAT number is GB and 9 or 12 digits');
    expect(await t.services.db.select().from(traderDetails)).toEqual([]);
  });

  it('is the owner’s alone to change', async () => {
    expect((await api(t, 'PUT', '/api/admin/settings/trader', WHO, staff)).status).toBe(403);
    expect(await t.services.db.select().from(traderDetails)).toEqual([]);
  });

  it('saves tidied details with an activity entry, and shows them on the Legal page at once', async () => {
    const res = await apiJson(t, 'PUT', '/api/admin/settings/trader', WHO, owner);
    expect(res.body.trader).toMatchObject({ companyNumber: '01234567', vatNumber: 'GB123456789' });
    const [entry] = await t.services.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.kind, 'settings.trader'));
    expect(entry?.after).toMatchObject({ legalName: WHO.legalName });
    // What the Legal page, receipts and e-mails show, from this instance's memory at once.
    const shop = await t.services.trader.shop();
    expect(shop).toMatchObject({ address: WHO.address, phone: WHO.phone, vatNumber: 'GB123456789' });
    expect(shop.traderLine).toBe(
      'Shropshire Cookie Company Ltd · Company no. 01234567 · Registered office: 2 Castle Street, Shrewsbury SY1 2BQ · VAT no. GB123456789',
    );
    expect(missingTraderDetails(shop.trader)).toEqual([]);
  });
});

describe('terms of sale', () => {
  it('start as the default terms, kept at a permanent link', async () => {
    expect((await t.services.terms.version(1))?.body).toContain('the 14-day right to cancel does not apply');
    expect(await t.services.terms.version(99)).toBeNull();
    expect((await t.services.terms.current()).body).toBe(DEFAULT_TERMS);
  });

  it('are kept per order: an edit makes a new version and never changes an earlier order’s', async () => {
    const first = await placeOrder();
    expect(await versionOf(first.orderId)).toBe(1);

    const edited = `${DEFAULT_TERMS}\n\n## Parking\nThere is parking behind the bakery for collections.`;
    const res = await apiJson(t, 'POST', '/api/admin/settings/terms', { body: edited }, owner);
    expect(res.body.terms.version).toBe(2);
    const [entry] = await t.services.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.kind, 'terms.publish'));
    expect(entry?.recordId).toBe('2');

    const second = await placeOrder();
    expect(await versionOf(second.orderId)).toBe(2);
    expect(await versionOf(first.orderId)).toBe(1);
    // Version 1 still reads as it did.
    expect((await t.services.terms.version(1))?.body).toBe(DEFAULT_TERMS);
    expect((await t.services.terms.current()).body).toBe(edited);
  });

  it('cannot be rewritten, nor an order moved to other terms, even by SQL', async () => {
    const { orderId } = await placeOrder();
    await expect(
      t.services.db.update(termsVersions).set({ body: 'x' }).where(eq(termsVersions.version, 1)),
    ).rejects.toThrow();
    await expect(t.services.db.delete(termsVersions).where(eq(termsVersions.version, 1))).rejects.toThrow();
    await t.services.db.update(orders).set({ termsVersion: 1 }).where(eq(orders.id, orderId));
    expect(await versionOf(orderId)).toBe(2);
  });

  it('refuse unchanged or empty terms, publishing nothing, and answer only to the owner', async () => {
    const now = await t.services.terms.current();
    const same = await apiJson(t, 'POST', '/api/admin/settings/terms', { body: now.body }, owner);
    expect(same.status).toBe(400);
    expect((await apiJson(t, 'POST', '/api/admin/settings/terms', { body: '  ' }, owner)).status).toBe(400);
    expect(
      (await api(t, 'POST', '/api/admin/settings/terms', { body: `${now.body} more` }, staff)).status,
    ).toBe(403);
    expect(await t.services.db.select().from(termsVersions)).toHaveLength(now.version);
  });

  it('reach the customer: the confirmation e-mail links the version agreed to and says who sold it', async () => {
    const { sessionId, orderId } = await placeOrder();
    expect((await payTestSession(t, sessionId)).status).toBe(200);
    const [mail] = await t.services.db
      .select()
      .from(emailOutbox)
      .where(sql`${emailOutbox.kind} = 'order-confirmation' and ${emailOutbox.text} like ${`%${orderId}%`}`);
    const version = await versionOf(orderId);
    expect(mail!.text).toContain(
      `The terms of sale you agreed to (version ${version}): http://shop.test/terms/${version}`,
    );
    expect(mail!.html).toContain(`href="http://shop.test/terms/${version}"`);
    expect(mail!.text).toContain('Shropshire Cookie Company Ltd · Company no. 01234567');
  });
});
