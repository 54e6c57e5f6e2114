import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBoxes, products } from '~/server/db/schema';
import { addDays, londonDate } from '~/shared/time/london-time';
import { everyDayTemplate } from '~/test/bake-days';
import { createBox } from '~/test/box-factories';
import { apiJson, assessedAllergens, createProduct, createUser } from '~/test/factories';
import { createTestApp, type TestApp } from '~/test/test-app';

// The owner makes a box in the back office (decision 042): the server checks every cookie named
// against the catalogue, computes the box's allergens, and the shop sells it at the box's price.
const ADMIN = '/api/admin/products';
let t: TestApp;
let admin: string;
let customer: string;
let oat: string;
let ginger: string;
let retired: string;
let giftCard: string;
let otherBox: string;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMITS: 'false', LOG_LEVEL: 'error' } });
  ({ cookie: admin } = await createUser(t, { admin: true }));
  ({ cookie: customer } = await createUser(t));
  oat = (await createProduct(t.services, { name: 'Oat Crunch', allergens: ['Cereals containing gluten'] }))
    .id;
  ginger = (await createProduct(t.services, { name: 'Ginger Snap', allergens: ['Milk'] })).id;
  retired = (await createProduct(t.services, { name: 'Retired Rocky Road', isActive: false })).id;
  giftCard = (await createProduct(t.services, { name: 'Gift card', kind: 'gift_card' })).id;
  otherBox = (await createBox(t.services, { size: 4, allowed: [oat, ginger] }, { name: 'Pair Box' })).id;
  await t.services.bakeDays.saveTemplate(everyDayTemplate());
});
afterAll(() => t.close());

const call = (method: string, url: string, body?: unknown, cookie = admin) =>
  apiJson(t, method, url, body, cookie);
// A box needs no allergens typed: they come from its cookies.
const box = (name: string, box_rules: unknown) => ({
  name,
  description: 'Cookies in a box.',
  price_pennies: 1800,
  box_rules,
});
const boxRow = async (id: string) =>
  (await t.services.db.select().from(productBoxes).where(eq(productBoxes.productId, id)))[0];

async function expectRefused(body: unknown, message: string) {
  const before = await t.services.db.select({ id: products.id }).from(products);
  const { status, body: answer } = await call('POST', ADMIN, body);
  expect(status).toBe(400);
  expect(answer.error.message).toBe(message);
  expect(await t.services.db.select({ id: products.id }).from(products)).toHaveLength(before.length);
}

describe('the owner makes a box', () => {
  it('of choice from every active cookie: the shop shows it fillable, its allergens from its cookies', async () => {
    const { status, body } = await call('POST', ADMIN, box('Owner Box of 6', { size: 6 }));
    expect(status).toBe(201);
    expect(body.product).toMatchObject({
      name: 'Owner Box of 6',
      price_pennies: 1800,
      kind: 'cookie',
      box_rules: { size: 6, allowed_product_ids: null, fixed: null },
      allergen_info: { gluten: 'contains', milk: 'contains' },
    });
    const shop = await (await t.app.request(`/api/products/${body.product.id}`)).json();
    const names = shop.product.box.choices.map((c: { name: string }) => c.name);
    expect(names).toEqual(expect.arrayContaining(['Oat Crunch', 'Ginger Snap']));
    // Only loose cookies in the shop: no inactive cookie, no gift card, no box.
    for (const not of ['Retired Rocky Road', 'Gift card', 'Pair Box']) expect(names).not.toContain(not);
    expect(
      (await call('GET', ADMIN)).body.products.find((p: { id: string }) => p.id === body.product.id),
    ).toMatchObject({
      box_rules: { size: 6 },
    });
  });

  it('that the customer fills and buys at the box price, whatever the browser says', async () => {
    const { body } = await call(
      'POST',
      ADMIN,
      box('Two Kinds Box', { size: 4, allowed_product_ids: [oat, ginger.toUpperCase()] }),
    );
    expect(body.product.box_rules.allowed_product_ids).toEqual([oat, ginger]);
    const res = await call(
      'POST',
      '/api/checkout/quote',
      {
        items: [
          {
            product_id: body.product.id,
            quantity: 1,
            price_pennies: 1,
            box: [
              { product_id: oat, quantity: 1 },
              { product_id: ginger, quantity: 3 },
            ],
          },
        ],
        delivery_date: addDays(londonDate(new Date()), 3),
      },
      customer,
    );
    expect(res.status).toBe(200);
    expect(res.body.lines[0]).toMatchObject({ unit_price_pennies: 1800, quantity: 1 });
  });

  it('that cannot be filled with a gift card at checkout', async () => {
    const { body } = await call('POST', ADMIN, box('Any Two Box', { size: 2 }));
    const res = await call(
      'POST',
      '/api/checkout/quote',
      { items: [{ product_id: body.product.id, quantity: 1, box: [{ product_id: giftCard, quantity: 2 }] }] },
      customer,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Gift card cannot go in the Any Two Box. Please choose again.');
  });

  it('with a fixed assortment adding up to its size', async () => {
    const { status, body } = await call(
      'POST',
      ADMIN,
      box('Fixed Four', {
        size: 4,
        allowed_product_ids: [oat],
        fixed: [
          { product_id: oat, quantity: 3 },
          { product_id: ginger, quantity: 1 },
          { product_id: retired, quantity: 0 },
        ],
      }),
    );
    expect(status).toBe(201);
    // Counts of zero are dropped and a fixed box allows no choice.
    expect(await boxRow(body.product.id)).toMatchObject({
      size: 4,
      allowedProductIds: null,
      fixedFilling: [
        { product_id: oat < ginger ? oat : ginger, quantity: oat < ginger ? 3 : 1 },
        { product_id: oat < ginger ? ginger : oat, quantity: oat < ginger ? 1 : 3 },
      ],
    });
  });

  it('edits a box, and turns it back into a product of its own', async () => {
    const { body } = await call('POST', ADMIN, box('Changing Box', { size: 6 }));
    const id = body.product.id;
    const edited = await call('PATCH', `${ADMIN}/${id}`, {
      box_rules: { size: 2, fixed: [{ product_id: ginger, quantity: 2 }] },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.product).toMatchObject({
      box_rules: { size: 2, allowed_product_ids: null, fixed: [{ product_id: ginger, quantity: 2 }] },
      allergen_info: { milk: 'contains', gluten: 'free_from' },
    });
    // Another edit leaves the rules as they are.
    expect(
      (await call('PATCH', `${ADMIN}/${id}`, { price_pennies: 2000 })).body.product.box_rules,
    ).toMatchObject({
      size: 2,
    });
    // No longer a box: it is then a product like any other, which needs its allergens assessed.
    const unboxed = await call('PATCH', `${ADMIN}/${id}`, {
      box_rules: null,
      allergen_info: assessedAllergens(['Milk']),
    });
    expect(unboxed.body.product.box_rules).toBeNull();
    expect(await boxRow(id)).toBeUndefined();
  });
});

describe('the server refuses a box', () => {
  it('whose fixed assortment does not add up to its size', () =>
    expectRefused(
      box('Short Box', { size: 6, fixed: [{ product_id: oat, quantity: 5 }] }),
      'The fixed assortment holds 5 cookies: the box holds 6. Make the counts add up to 6.',
    ));

  it('of a size out of range', async () => {
    for (const size of [1, 49, 2.5])
      await expectRefused(box('Odd Box', { size }), 'A box holds a whole number of cookies from 2 to 48');
  });

  it('allowing no cookie at all', () =>
    expectRefused(
      box('Empty Box', { size: 6, allowed_product_ids: [] }),
      'Choose at least one cookie the box may hold, or allow every active cookie',
    ));

  it('holding a cookie that is not active', () =>
    expectRefused(
      box('Stale Box', { size: 6, allowed_product_ids: [oat, retired] }),
      'Retired Rocky Road is not active: a box can only hold cookies that are in the shop.',
    ));

  it('holding what is not a loose cookie: a gift card, another box', async () => {
    await expectRefused(
      box('Card Box', { size: 2, fixed: [{ product_id: giftCard, quantity: 2 }] }),
      'Gift card is not a loose cookie: a box holds cookies only.',
    );
    await expectRefused(
      box('Box Box', { size: 6, allowed_product_ids: [otherBox] }),
      'Pair Box is not a loose cookie: a box holds cookies only.',
    );
  });

  it('naming a cookie that does not exist', () =>
    expectRefused(
      box('Ghost Box', { size: 6, allowed_product_ids: ['00000000-0000-4000-8000-000000000000'] }),
      'A cookie chosen for the box is no longer in the catalogue. Please choose again.',
    ));

  it('made of a cookie another box holds, and changes nothing', async () => {
    const res = await call('PATCH', `${ADMIN}/${oat}`, { box_rules: { size: 6 } });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Oat Crunch is in the Pair Box: a box cannot go in a box.');
    expect(await boxRow(oat)).toBeUndefined();
  });

  it('holding itself', async () => {
    const { body } = await call('POST', ADMIN, box('Selfish Box', { size: 6 }));
    const res = await call('PATCH', `${ADMIN}/${body.product.id}`, {
      box_rules: { size: 2, fixed: [{ product_id: body.product.id, quantity: 2 }] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('The Selfish Box cannot hold itself.');
  });
});

describe("the owner's product list", () => {
  it("shows a box's allergens from its cookies as they are now, after one of them changes", async () => {
    const hazel = await createProduct(t.services, { name: 'Hazel Thin', allergens: ['Milk'] });
    const made = await call('POST', ADMIN, box('Hazel Pair', { size: 2, allowed_product_ids: [hazel.id] }));
    expect(made.status).toBe(201);
    const listed = async () =>
      ((await call('GET', ADMIN)).body.products as { id: string; allergens: string[] }[]).find(
        (p) => p.id === made.body.product.id,
      )!;
    expect((await listed()).allergens).toEqual(['Milk']);
    // The owner finds hazelnuts in the cookie: its box's card says so, without saving the box.
    const edited = await call('PATCH', `${ADMIN}/${hazel.id}`, {
      allergen_info: assessedAllergens(['Milk', 'Nuts']),
    });
    expect(edited.status).toBe(200);
    expect((await listed()).allergens).toEqual(expect.arrayContaining(['Milk', 'Nuts']));
  });
});
