import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '~/server/db/schema';
import { createProduct } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/products', () => {
  it('lists only active products, newest first', async () => {
    const older = await createProduct(t.services, { name: 'Older', createdAt: new Date('2026-01-01') });
    const newer = await createProduct(t.services, { name: 'Newer', createdAt: new Date('2026-02-01') });
    const hidden = await createProduct(t.services, { name: 'Hidden', isActive: false });

    const res = await t.app.request('/api/products');
    expect(res.status).toBe(200);
    const { products } = (await res.json()) as { products: { id: string; name: string }[] };
    const ids = products.map((p) => p.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(ids).not.toContain(hidden.id);
  });
});

describe('GET /api/products/:id', () => {
  it('returns one active product with its price in pence', async () => {
    const p = await createProduct(t.services, {
      name: 'Ginger',
      pricePennies: 395,
      allergens: ['Milk', 'Eggs'],
    });
    const res = await t.app.request(`/api/products/${p.id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      product: { id: p.id, name: 'Ginger', price_pennies: 395, allergens: ['Eggs', 'Milk'], is_active: true },
    });
  });

  it.each([
    ['an unknown id', '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', 'not-a-uuid'],
  ])('answers 404 in the error shape for %s', async (_, id) => {
    const res = await t.app.request(`/api/products/${id}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Product not found' } });
  });

  it('hides inactive products', async () => {
    const p = await createProduct(t.services, { isActive: false });
    expect((await t.app.request(`/api/products/${p.id}`)).status).toBe(404);
  });
});

describe('API basics', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('reports the database reachable', async () => {
    const res = await t.app.request('/api/health');
    expect(await res.json()).toEqual({ status: 'ok', database: true });
  });
});

describe('catalogue cache', () => {
  it('shows a product change on the next request once the change is recorded', async () => {
    const p = await createProduct(t.services, { name: 'Before', pricePennies: 300 });
    expect((await (await t.app.request(`/api/products/${p.id}`)).json()).product.name).toBe('Before');

    await t.services.db.transaction(async (tx) => {
      await tx.update(products).set({ name: 'After', pricePennies: 325 }).where(eq(products.id, p.id));
      await t.services.catalogVersion.recordChange(tx);
    });
    t.services.catalogVersion.invalidate();

    const { product } = await (await t.app.request(`/api/products/${p.id}`)).json();
    expect(product).toMatchObject({ name: 'After', price_pennies: 325 });
  });
});
