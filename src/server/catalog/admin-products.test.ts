import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCounters, orderItems, products } from '~/server/db/schema';
import { ALLERGEN_KEYS } from '~/shared/food-information';
import { apiJson, assessedAllergens, createProduct, ownerTestApp } from '~/test/factories';
import { createOrder } from '~/test/order-factories';
import type { TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  ({ t, cookie } = await ownerTestApp());
});
afterAll(() => t.close());

const call = (method: string, url: string, body?: unknown) => apiJson(t, method, url, body, cookie);
const catalogVersion = async () =>
  (await t.services.db.select().from(changeCounters).where(eq(changeCounters.name, 'catalog')))[0]?.version ??
  0;
const shopIds = async () =>
  ((await (await t.app.request('/api/products')).json()).products as { id: string }[]).map((p) => p.id);
const valid = {
  name: 'Lemon Drizzle',
  description: 'Zesty and soft.',
  price_pennies: 425,
  allergen_info: assessedAllergens(['Milk']),
};

describe('GET /api/admin/products', () => {
  it('lists every product, inactive ones too, newest first', async () => {
    const off = await createProduct(t.services, { isActive: false, createdAt: new Date('2031-01-02') });
    const on = await createProduct(t.services, { createdAt: new Date('2031-01-01') });
    const { status, body } = await call('GET', '/api/admin/products');
    expect(status).toBe(200);
    expect(body.products.slice(0, 2)).toMatchObject([
      { id: off.id, is_active: false },
      { id: on.id, is_active: true },
    ]);
  });
});

describe('POST /api/admin/products', () => {
  it('creates an active product that the shop shows at once', async () => {
    const before = await catalogVersion();
    const { status, body } = await call('POST', '/api/admin/products', {
      ...valid,
      name: '  Lemon Drizzle ',
      allergen_info: assessedAllergens(['Milk', 'Eggs', 'Cereals containing gluten'], ['Nuts']),
      ingredients: '*Wheat* flour, *butter* (*milk*), *eggs*, lemon.',
      net_weight_grams: 80,
      storage_advice: 'Keep cool.',
      nutrition: { Energy: '210 kcal' },
    });
    expect(status).toBe(201);
    expect(body.product).toMatchObject({
      name: 'Lemon Drizzle',
      description: 'Zesty and soft.',
      price_pennies: 425,
      // The allergens list (docs/rules/shop-pages.md): what it contains, in the law's order.
      allergens: ['Cereals containing gluten', 'Eggs', 'Milk'],
      allergen_info: {
        milk: 'contains',
        eggs: 'contains',
        gluten: 'contains',
        nuts: 'may_contain',
        peanuts: 'free_from',
      },
      ingredients: '*Wheat* flour, *butter* (*milk*), *eggs*, lemon.',
      net_weight_grams: 80,
      shelf_life_days: 7,
      storage_advice: 'Keep cool.',
      chocolate_covered: false,
      vat_rate: 0,
      nutrition: { Energy: '210 kcal' },
      is_active: true,
      sold_out: false,
      photo: null,
    });
    expect(await catalogVersion()).toBe(before + 1);
    expect(await shopIds()).toContain(body.product.id);
  });

  it('saves an inactive draft with allergens not yet assessed', async () => {
    const { status, body } = await call('POST', '/api/admin/products', {
      ...valid,
      allergen_info: { milk: 'contains' },
      is_active: false,
    });
    expect(status).toBe(201);
    expect(body.product).toMatchObject({ allergens: ['Milk'], is_active: false, nutrition: {} });
    expect(await shopIds()).not.toContain(body.product.id);
  });

  it('refuses an active product until all 14 allergens are assessed', async () => {
    const thirteen = Object.fromEntries(ALLERGEN_KEYS.slice(1).map((k) => [k, 'free_from']));
    const res = await call('POST', '/api/admin/products', { ...valid, allergen_info: thirteen });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(
      'Mark all 14 allergens as contains, may contain or free from before putting this product on sale.',
    );
    expect(res.body.error.fields).toHaveProperty('allergen_info');
  });

  it('sets VAT from the chocolate answer, and the owner can override it', async () => {
    const covered = await call('POST', '/api/admin/products', { ...valid, chocolate_covered: true });
    expect(covered.body.product).toMatchObject({ chocolate_covered: true, vat_rate: 20 });
    const plain = await call('POST', '/api/admin/products', { ...valid, chocolate_covered: false });
    expect(plain.body.product).toMatchObject({ chocolate_covered: false, vat_rate: 0 });
    const overridden = await call('POST', '/api/admin/products', {
      ...valid,
      chocolate_covered: true,
      vat_rate: 0,
    });
    expect(overridden.body.product).toMatchObject({ chocolate_covered: true, vat_rate: 0 });
  });

  it.each([
    ['an empty name', { ...valid, name: '   ' }, 'Name is required'],
    ['a missing name', { description: 'x', price_pennies: 1 }, 'Name is required'],
    ['a long name', { ...valid, name: 'n'.repeat(101) }, 'Name must be less than 100 characters'],
    ['no description', { ...valid, description: '' }, 'Description is required'],
    [
      'a long description',
      { ...valid, description: 'd'.repeat(1001) },
      'Description must be less than 1000 characters',
    ],
    ['a negative price', { ...valid, price_pennies: -1 }, 'Price must be at least 1p'],
    ['a fractional price', { ...valid, price_pennies: 4.5 }, 'Price must be a whole number of pence'],
    ['a price as text', { ...valid, price_pennies: '450' }, 'Price must be a whole number of pence'],
    ['a huge price', { ...valid, price_pennies: 2 ** 31 }, 'Price must be at most 100000p (£1,000.00)'],
    [
      'an unknown allergen',
      { ...valid, allergen_info: { ...valid.allergen_info, chocolate: 'contains' } },
      'Allergens must map each of the 14 allergens to contains, may_contain or free_from',
    ],
    [
      'an unknown allergen status',
      { ...valid, allergen_info: { ...valid.allergen_info, milk: 'a little' } },
      'Allergens must map each of the 14 allergens to contains, may_contain or free_from',
    ],
    ['a VAT rate of 17.5%', { ...valid, vat_rate: 17.5 }, 'VAT rate must be 0, 5 or 20 (%)'],
    ['a shelf life of 0 days', { ...valid, shelf_life_days: 0 }, 'Shelf life must be at least 1 day'],
    [
      'a net weight in kilos',
      { ...valid, net_weight_grams: 0.08 },
      'Net weight must be a whole number of grams',
    ],
    ['a bad active flag', { ...valid, is_active: 'yes' }, 'Active must be true or false'],
    ['bad nutrition', { ...valid, nutrition: ['Energy'] }, 'Nutrition must map names to values'],
  ])('refuses %s with a 400 and creates nothing', async (_, body, message) => {
    const count = (await t.services.db.select().from(products)).length;
    const version = await catalogVersion();
    const res = await call('POST', '/api/admin/products', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    expect((await t.services.db.select().from(products)).length).toBe(count);
    expect(await catalogVersion()).toBe(version);
  });
});

describe('PATCH /api/admin/products/:id', () => {
  it('changes the given fields and keeps the rest, nutrition included', async () => {
    const p = await createProduct(t.services, { nutrition: { Fat: '9 g' }, allergens: ['Milk'] });
    const before = await catalogVersion();
    const { status, body } = await call('PATCH', `/api/admin/products/${p.id}`, {
      name: 'Renamed',
      price_pennies: 499,
      allergen_info: assessedAllergens(['Eggs', 'Milk']),
      sold_out: true,
    });
    expect(status).toBe(200);
    expect(body.product).toMatchObject({
      id: p.id,
      name: 'Renamed',
      description: p.description,
      price_pennies: 499,
      allergens: ['Eggs', 'Milk'],
      nutrition: { Fat: '9 g' },
      is_active: true,
      sold_out: true,
    });
    expect(await catalogVersion()).toBe(before + 1);
  });

  it('keeps a draft with unassessed allergens off sale until they are assessed', async () => {
    const draft = await createProduct(t.services, { isActive: false, allergenInfo: { milk: 'contains' } });
    const refused = await call('PATCH', `/api/admin/products/${draft.id}`, { is_active: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^Mark all 14 allergens/);
    expect(await shopIds()).not.toContain(draft.id);
    // A draft's other fields can still be saved.
    expect((await call('PATCH', `/api/admin/products/${draft.id}`, { name: 'Still a draft' })).status).toBe(
      200,
    );

    const ok = await call('PATCH', `/api/admin/products/${draft.id}`, {
      is_active: true,
      allergen_info: assessedAllergens(['Milk']),
    });
    expect(ok.status).toBe(200);
    expect(await shopIds()).toContain(draft.id);
  });

  it('hides a product from the shop when made inactive', async () => {
    const p = await createProduct(t.services);
    expect(await shopIds()).toContain(p.id);
    await call('PATCH', `/api/admin/products/${p.id}`, { is_active: false });
    expect(await shopIds()).not.toContain(p.id);
  });

  it.each([
    [{ price_pennies: 1.5 }, 'Price must be a whole number of pence'],
    [{ name: '' }, 'Name is required'],
    [{ name: 'ok', price_pennies: -5 }, 'Price must be at least 1p'],
    [{}, 'Nothing to update'],
  ])('refuses %j with a 400 and changes nothing', async (body, message) => {
    const p = await createProduct(t.services, { name: 'Untouched', pricePennies: 300 });
    const res = await call('PATCH', `/api/admin/products/${p.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
    const [row] = await t.services.db.select().from(products).where(eq(products.id, p.id));
    expect(row).toMatchObject({ name: 'Untouched', pricePennies: 300 });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'bad-id'])('answers 404 for product %s', async (id) => {
    const res = await call('PATCH', `/api/admin/products/${id}`, { name: 'x' });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe('Product not found');
  });
});

describe('DELETE /api/admin/products/:id', () => {
  it('deletes the product; orders that had it keep their lines', async () => {
    const p = await createProduct(t.services, { name: 'Short-lived', pricePennies: 390 });
    const order = await createOrder(t.services, {
      status: 'paid',
      items: [{ productId: p.id, productName: 'Short-lived', unitPricePennies: 390, quantity: 2 }],
    });
    const before = await catalogVersion();

    const res = await call('DELETE', `/api/admin/products/${p.id}`);
    expect(res).toEqual({ status: 200, body: { id: p.id } });
    expect(await catalogVersion()).toBe(before + 1);
    expect(await shopIds()).not.toContain(p.id);
    const lines = await t.services.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toEqual([
      expect.objectContaining({
        productId: null,
        productName: 'Short-lived',
        unitPricePennies: 390,
        quantity: 2,
      }),
    ]);
    const { body } = await call('GET', `/api/admin/orders/${order.id}`);
    expect(body.order).toMatchObject({ total_pennies: 780 + 499, items: [{ product_name: 'Short-lived' }] });

    expect((await call('DELETE', `/api/admin/products/${p.id}`)).status).toBe(404);
    expect((await call('DELETE', '/api/admin/products/zzz')).status).toBe(404);
  });
});
