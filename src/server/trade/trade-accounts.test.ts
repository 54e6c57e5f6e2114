import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '~/server/db/schema';
import { TRADE_MESSAGES } from '~/shared/trade/trade';
import { createBox } from '~/test/box-factories';
import { createProduct, createUser, sharedDataChanged } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';
import { DEMO_CAFE, seedDemoTrade } from './demo-trade';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const trade = () => t.services.trade;
const messageOf = (err: unknown) => (err as { message?: string }).message;

const CAFE = {
  businessName: 'The Corner Café',
  address: '12 Broad Street',
  city: 'Ludlow',
  postcode: 'sy8 1nl',
  contactName: 'Ann Baker',
  contactPhone: '01584 123456',
  vatNumber: 'GB 123 4567 89',
};

describe('applying', () => {
  it('keeps the business’s details, waiting for the owner, once per shop account', async () => {
    const { userId } = await createUser(t);
    const account = await trade().apply(userId, CAFE);
    expect(account).toMatchObject({
      businessName: 'The Corner Café',
      postcode: 'SY8 1NL',
      vatNumber: 'GB123456789',
      status: 'applied',
    });
    await expect(trade().apply(userId, CAFE)).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_MESSAGES.already,
    );
    expect((await trade().mine(userId))?.id).toBe(account.id);
  });

  it('takes no VAT number, and refuses a bad one, a missing name or a bad postcode, keeping nothing', async () => {
    const { userId } = await createUser(t);
    for (const [change, message] of [
      [{ vatNumber: '12345' }, TRADE_MESSAGES.vatNumber],
      [{ businessName: '  ' }, TRADE_MESSAGES.businessName],
      [{ postcode: 'nowhere' }, 'Invalid UK postcode format'],
      [{ contactPhone: 'call me' }, TRADE_MESSAGES.contact],
    ] as const) {
      await expect(trade().apply(userId, { ...CAFE, ...change })).rejects.toSatisfy(
        (e) => messageOf(e) === message,
      );
    }
    expect(await trade().mine(userId)).toBeNull();
    expect((await trade().apply(userId, { ...CAFE, vatNumber: '' })).vatNumber).toBeNull();
  });
});

describe('the owner', () => {
  it('approves or declines an application', async () => {
    const a = await trade().apply((await createUser(t)).userId, CAFE);
    const b = await trade().apply((await createUser(t)).userId, { ...CAFE, businessName: 'Farm Shop' });
    await trade().approve(a.id);
    await trade().decline(b.id);
    expect((await trade().get(a.id)).account.status).toBe('approved');
    expect((await trade().get(b.id)).account.status).toBe('declined');
  });

  it('opens an approved account for a customer by their e-mail, and only for one who has signed up', async () => {
    const { userId, email } = await createUser(t);
    const made = await trade().create(email.toUpperCase(), CAFE);
    expect(made).toMatchObject({ profileId: userId, status: 'approved' });
    await expect(trade().create('nobody@example.com', CAFE)).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_MESSAGES.noCustomer,
    );
    await expect(trade().create(email, CAFE)).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_MESSAGES.already,
    );
  });

  it('sets payment terms, a credit limit in pounds and a zone; bad terms change nothing', async () => {
    const a = await trade().apply((await createUser(t)).userId, CAFE);
    await trade().setTerms(a.id, { paymentTermsDays: '14', creditLimit: '£1,500.00' });
    expect((await trade().get(a.id)).account).toMatchObject({
      paymentTermsDays: 14,
      creditLimitPennies: 150000,
    });
    await expect(trade().setTerms(a.id, { paymentTermsDays: '200', creditLimit: '10' })).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_MESSAGES.terms,
    );
    await expect(trade().setTerms(a.id, { paymentTermsDays: '30', creditLimit: 'lots' })).rejects.toSatisfy(
      (e) => messageOf(e) === TRADE_MESSAGES.creditLimit,
    );
    expect((await trade().get(a.id)).account).toMatchObject({
      paymentTermsDays: 14,
      creditLimitPennies: 150000,
    });
  });
});

describe('a price list', () => {
  it('keeps a fixed price ex VAT when retail changes, while a percentage follows retail', async () => {
    const { userId } = await createUser(t);
    const a = await trade().apply(userId, CAFE);
    await trade().approve(a.id);
    // £3.60 inc 20% VAT is £3.00 ex VAT; the zero-rated oat cookie's £2.50 has no VAT in it.
    const dark = await createProduct(t.services, { name: 'Dark Chocolate', pricePennies: 360, vatRate: 20 });
    const oat = await createProduct(t.services, { name: 'Oat', pricePennies: 250, vatRate: 0 });
    await trade().setPrice(a.id, dark.id, {
      kind: 'fixed',
      price: '1.85',
      caseSize: '12',
      minQuantity: '24',
    });
    await trade().setPrice(a.id, oat.id, {
      kind: 'percent',
      percentOff: '40',
      caseSize: '6',
      minQuantity: '0',
    });
    const priced = async () => {
      const offer = (await trade().offerFor(userId))!.offer;
      return Object.fromEntries(offer.map((o) => [o.name, o.unitPenniesExVat]));
    };
    expect(await priced()).toEqual({ 'Dark Chocolate': 185, Oat: 150 });

    await t.services.db.update(products).set({ pricePennies: 480 }).where(eq(products.id, dark.id));
    await t.services.db.update(products).set({ pricePennies: 300 }).where(eq(products.id, oat.id));
    await sharedDataChanged(t.services);
    expect(await priced()).toEqual({ 'Dark Chocolate': 185, Oat: 180 });

    const offer = (await trade().offerFor(userId))!.offer;
    expect(offer.find((o) => o.name === 'Dark Chocolate')).toMatchObject({
      caseSize: 12,
      minQuantity: 24,
      vatRate: 20,
    });
    const row = (await trade().priceList(a.id)).find((r) => r.productId === dark.id)!;
    expect(row).toMatchObject({ retailPennies: 480, unitPenniesExVat: 185 });
  });

  it('refuses a bad price, a case of 0 and an unknown product, changing nothing; a product comes off it', async () => {
    const { userId } = await createUser(t);
    const a = await trade().apply(userId, CAFE);
    await trade().approve(a.id);
    const cookie = await createProduct(t.services);
    await trade().setPrice(a.id, cookie.id, {
      kind: 'fixed',
      price: '2.00',
      caseSize: '12',
      minQuantity: '0',
    });
    for (const [input, message] of [
      [{ kind: 'fixed', price: 'cheap', caseSize: '12', minQuantity: '0' }, TRADE_MESSAGES.fixedPrice],
      [{ kind: 'percent', percentOff: '95', caseSize: '12', minQuantity: '0' }, TRADE_MESSAGES.percentOff],
      [{ kind: 'fixed', price: '1.00', caseSize: '0', minQuantity: '0' }, TRADE_MESSAGES.caseSize],
    ] as const) {
      await expect(trade().setPrice(a.id, cookie.id, input)).rejects.toSatisfy(
        (e) => messageOf(e) === message,
      );
    }
    await expect(
      trade().setPrice(a.id, '00000000-0000-4000-8000-000000000000', {
        kind: 'fixed',
        price: '1',
        caseSize: '1',
        minQuantity: '0',
      }),
    ).rejects.toSatisfy((e) => messageOf(e) === TRADE_MESSAGES.unknownProduct);
    // An order on account carries no box filling, whether chosen or set.
    const price = { kind: 'fixed', price: '10', caseSize: '1', minQuantity: '0' };
    for (const box of [
      await createBox(t.services, { size: 6 }),
      await createBox(t.services, { size: 2, fixed: [{ product_id: cookie.id, quantity: 2 }] }),
    ]) {
      await expect(trade().setPrice(a.id, box.id, price)).rejects.toSatisfy(
        (e) => messageOf(e) === TRADE_MESSAGES.box,
      );
    }
    expect((await trade().offerFor(userId))!.offer).toMatchObject([{ unitPenniesExVat: 200, caseSize: 12 }]);
    await trade().removePrice(a.id, cookie.id);
    expect((await trade().offerFor(userId))!.offer).toEqual([]);
  });

  it('is offered to an approved account only: waiting and declined ones get nothing', async () => {
    const { userId } = await createUser(t);
    const a = await trade().apply(userId, CAFE);
    expect(await trade().offerFor(userId)).toBeNull();
    await trade().decline(a.id);
    expect(await trade().offerFor(userId)).toBeNull();
  });
});

describe('the demo café', () => {
  it('is made once, approved, with cookies in cases of 12 at fixed prices below retail', async () => {
    await createProduct(t.services, { pricePennies: 360, vatRate: 20 });
    const signUp = (d: typeof DEMO_CAFE) => t.services.accounts.signUp(d);
    expect(await seedDemoTrade(t.services.db, signUp)).toBe(true);
    expect(await seedDemoTrade(t.services.db, signUp)).toBe(false);
    const list = await trade().list();
    const cafe = list.find((r) => r.email === DEMO_CAFE.email)!;
    expect(cafe.account.status).toBe('approved');
    const prices = (await trade().priceList(cafe.account.id)).filter((r) => r.rule);
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) {
      expect(p.rule).toMatchObject({ kind: 'fixed', caseSize: 12 });
      expect(p.unitPenniesExVat!).toBeLessThan(p.retailPennies);
    }
  });
});
