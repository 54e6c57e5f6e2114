import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityLog, ingredients, orders, products, recipes } from '~/server/db/schema';
import { loadClientBuild } from '~/server/load-build';
import { addDays, londonDate } from '~/shared/time/london-time';
import { apiJson, assessedAllergens, createProduct, ownerTestApp } from '~/test/factories';
import { createCustomer, createOrder } from '~/test/order-factories';
import type { TestApp } from '~/test/test-app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  // Built pages too: the product page shows what the recipe makes.
  ({ t, cookie } = await ownerTestApp({ build: await loadClientBuild(process.env.BUILD_DIR) }));
});
afterAll(() => t.close());

const call = (method: string, url: string, body?: unknown) => apiJson(t, method, url, body, cookie);
let seq = 0;
const unique = (name: string) => `${name} ${seq++}`;

async function ingredient(body: Record<string, unknown>) {
  const { status, body: res } = await call('POST', '/api/admin/ingredients', {
    unit: 'g',
    ...body,
    name: unique(String(body.name)),
  });
  expect(status).toBe(201);
  return res.ingredient as { id: string; name: string };
}

const recipeOf = (productId: string) =>
  t.services.db.select().from(recipes).where(eq(recipes.productId, productId));

describe('ingredients and recipes', () => {
  it('makes the product page ingredients list from the recipe, heaviest first, allergens in bold', async () => {
    const flour = await ingredient({ name: 'Wheat flour', contains: ['gluten'], price_pennies: 120 });
    const butter = await ingredient({ name: 'Butter', contains: ['milk'], price_pennies: 800 });
    const sugar = await ingredient({ name: 'Sugar', price_pennies: 100 });
    const product = await createProduct(t.services, {
      allergens: ['Cereals containing gluten', 'Milk'],
      ingredients: 'typed by hand',
    });
    const { status, body } = await call('PUT', `/api/admin/products/${product.id}/recipe`, {
      cookies_per_batch: 10,
      mixer_max_cookies: 40,
      lines: [
        { ingredient_id: sugar.id, quantity: 100, unit: 'g' },
        { ingredient_id: flour.id, quantity: 0.3, unit: 'kg' },
        { ingredient_id: butter.id, quantity: 200, unit: 'g' },
      ],
    });
    expect(status).toBe(200);
    expect(body.recipe.disagreements).toEqual([]);
    // 30 g flour 3.6p, 20 g butter 16p, 10 g sugar 1p
    expect(body.recipe.cost_per_cookie_pennies).toBeCloseTo(20.6);
    const page = await t.app.request(`/product/${product.id}`);
    const html = await page.text();
    expect(html).toContain(
      `<strong>${flour.name}</strong><span>, </span><strong>${butter.name}</strong><span>, ${sugar.name}</span>`,
    );
    expect(html).not.toContain('typed by hand');
    const entries = await t.services.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.kind, 'recipe.create'));
    expect(entries.length).toBeGreaterThan(0);
  });

  it('refuses bad recipes with a clear message and changes nothing', async () => {
    const egg = await ingredient({ name: 'Egg', unit: 'each', contains: ['eggs'] });
    const product = await createProduct(t.services, { allergens: ['Eggs'] });
    const put = (body: Record<string, unknown>) =>
      call('PUT', `/api/admin/products/${product.id}/recipe`, {
        cookies_per_batch: 10,
        mixer_max_cookies: 40,
        lines: [{ ingredient_id: egg.id, quantity: 2, unit: 'each' }],
        ...body,
      });
    const refusals = await Promise.all([
      put({ lines: [{ ingredient_id: egg.id, quantity: 0, unit: 'each' }] }),
      put({ lines: [{ ingredient_id: egg.id, quantity: -1, unit: 'each' }] }),
      put({ lines: [{ ingredient_id: egg.id, quantity: 100, unit: 'g' }] }),
      put({ cookies_per_batch: 0 }),
    ]);
    expect(refusals.map((r) => [r.status, r.body.error.message])).toEqual([
      [400, `The quantity of ${egg.name} must be more than 0.`],
      [400, `The quantity of ${egg.name} must be more than 0.`],
      [400, `${egg.name} is measured in each, so it cannot be given in g.`],
      [400, 'A batch must make at least 1 cookie.'],
    ]);
    expect(await recipeOf(product.id)).toEqual([]);

    const { body: made } = await call('POST', '/api/admin/sub-recipes', {
      name: unique('Dough'),
      yield_grams: 500,
      lines: [{ ingredient_id: egg.id, quantity: 4, unit: 'each' }],
    });
    const self = await call('PUT', `/api/admin/sub-recipes/${made.recipe.id}`, {
      name: made.recipe.name,
      yield_grams: 500,
      lines: [{ sub_recipe_id: made.recipe.id, quantity: 100, unit: 'g' }],
    });
    expect([self.status, self.body.error.message]).toEqual([400, 'A sub-recipe cannot use itself.']);
    const [kept] = await t.services.db.select().from(recipes).where(eq(recipes.id, made.recipe.id));
    expect(kept!.lines).toEqual([{ ingredientId: egg.id, quantity: 4 }]);
  });

  it('keeps a product off sale while its ticked allergens disagree with the recipe, naming the ingredient', async () => {
    const nutButter = await ingredient({ name: 'Almond butter', contains: ['nuts'] });
    const product = await createProduct(t.services, { allergens: [], isActive: false });
    const saved = await call('PUT', `/api/admin/products/${product.id}/recipe`, {
      cookies_per_batch: 12,
      mixer_max_cookies: 48,
      lines: [{ ingredient_id: nutButter.id, quantity: 300, unit: 'g' }],
    });
    expect(saved.body.recipe.disagreements).toEqual([
      `${nutButter.name} contains Nuts, but the product is not marked as containing it.`,
    ]);
    const activate = await call('PATCH', `/api/admin/products/${product.id}`, { is_active: true });
    expect(activate.status).toBe(400);
    expect(activate.body.error.message).toContain(`${nutButter.name} contains Nuts`);
    const [still] = await t.services.db.select().from(products).where(eq(products.id, product.id));
    expect(still!.isActive).toBe(false);

    const agreed = await call('PATCH', `/api/admin/products/${product.id}`, {
      is_active: true,
      allergen_info: assessedAllergens(['Nuts']),
    });
    expect(agreed.status).toBe(200);

    // Now on sale: an ingredient change that would make it disagree is refused too.
    const change = await call('PUT', `/api/admin/ingredients/${nutButter.id}`, {
      name: nutButter.name,
      unit: 'g',
      contains: [],
    });
    expect(change.status).toBe(400);
    expect(change.body.error.message).toContain(
      'The product is marked as containing Nuts, but no ingredient',
    );
    const [ing] = await t.services.db.select().from(ingredients).where(eq(ingredients.id, nutButter.id));
    expect(ing!.contains).toEqual(['nuts']);
  });
});

describe('the production sheet', () => {
  const day = addDays(londonDate(new Date()), 9);

  async function orderFor(
    status: 'pending' | 'paid' | 'baking' | 'cancelled',
    items: { productName: string; productId: string; quantity: number }[],
  ) {
    const profile = await createCustomer(t.services, { fullName: 'Alice Private', postcode: 'SY1 1XB' });
    const order = await createOrder(t.services, { profile, status, items });
    await t.services.db.update(orders).set({ deliveryDate: day }).where(eq(orders.id, order.id));
    return order;
  }

  it('sums paid orders only, splits mixes at the mixer, and flags changes after printing', async () => {
    const oats = await ingredient({ name: 'Oats', price_pennies: 200 });
    const a = await createProduct(t.services, { name: 'Oat cookie', allergens: [] });
    const b = await createProduct(t.services, { name: 'Oat cookie', allergens: [] });
    for (const p of [a, b])
      await call('PUT', `/api/admin/products/${p.id}/recipe`, {
        cookies_per_batch: 10,
        mixer_max_cookies: 40,
        lines: [{ ingredient_id: oats.id, quantity: 500, unit: 'g' }],
      });
    await orderFor('paid', [{ productName: 'Oat cookie', productId: a.id, quantity: 70 }]);
    await orderFor('baking', [{ productName: 'Oat cookie', productId: a.id, quantity: 30 }]);
    await orderFor('pending', [{ productName: 'Oat cookie', productId: a.id, quantity: 500 }]);
    await orderFor('paid', [{ productName: 'Oat cookie', productId: b.id, quantity: 10 }]);

    const { status, body } = await call('GET', `/api/admin/bake-days/${day}/production?split=full`);
    expect(status).toBe(200);
    // Two products of the same name stay two lines.
    expect(
      body.sheet.products.map((p: { productId: string; cookies: number; batches: number[] }) => [
        p.productId,
        p.cookies,
        p.batches,
      ]),
    ).toEqual([
      [a.id, 100, [40, 40, 20]],
      [b.id, 10, [10]],
    ]);
    expect(body.sheet.ingredients).toEqual([expect.objectContaining({ name: oats.name, amount: 110 * 50 })]);
    expect(body.sheet.costPennies).toBe(1100);
    expect(JSON.stringify(body)).not.toContain('Alice Private');
    expect(JSON.stringify(body)).not.toContain('SY1 1XB');

    await t.services.production.markPrinted(day);
    expect((await t.services.production.changedSincePrint(day))?.changed).toBe(false);
    const late = await orderFor('paid', [{ productName: 'Oat cookie', productId: a.id, quantity: 5 }]);
    await t.services.db
      .update(orders)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(and(eq(orders.id, late.id)));
    expect((await t.services.production.changedSincePrint(day))?.changed).toBe(true);
  });
});
