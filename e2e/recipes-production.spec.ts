import { expect, request, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, signInWithApi, uniqueEmail } from './fixtures';

const ALL_FREE = Object.fromEntries(
  [
    'gluten',
    'crustaceans',
    'eggs',
    'fish',
    'peanuts',
    'soya',
    'milk',
    'nuts',
    'celery',
    'mustard',
    'sesame',
    'sulphites',
    'lupin',
    'molluscs',
  ].map((k) => [k, 'free_from']),
);

/** A customer buys `quantity` of the product through the real endpoints; its delivery day. */
async function paidOrderOf(productId: string, quantity: number): Promise<string> {
  const customer = await request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
  try {
    const email = uniqueEmail('recipe');
    const password = 'gingernut1';
    const signUp = await customer.post('/api/account/sign-up', {
      data: {
        fullName: 'Rosa Recipe',
        email,
        phone: '07700900333',
        address: '5 Mill St',
        city: 'Ludlow',
        postcode: 'SY8 1AA',
        password,
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    expect((await customer.post('/api/auth/sign-in/email', { data: { email, password } })).ok()).toBe(true);
    const checkout = await customer.post('/api/checkout/create-checkout-session', {
      data: { items: [{ product_id: productId, quantity }] },
    });
    expect(checkout.ok(), await checkout.text()).toBe(true);
    const { sessionId } = await checkout.json();
    const paid = await customer.post(`/api/payments/test/sessions/${sessionId}/pay`, {
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Rosa Recipe' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    const { orders } = await (await customer.get('/api/account/orders')).json();
    return orders[0].delivery_date as string;
  } finally {
    await customer.dispose();
  }
}

test('the owner adds ingredients and a recipe, the product page follows it, and the day has a production sheet and labels', async ({
  page,
}) => {
  const tag = Date.now().toString(36);
  const name = `Spelt Honey Cookie ${tag}`;
  const flour = `Spelt flour ${tag}`;
  const honey = `Heather honey ${tag}`;
  await signInWithApi(page, DEMO_ADMIN);
  const created = await page.request.post('/api/admin/products', {
    headers: { origin: E2E_BASE_URL },
    data: {
      name,
      description: 'Spelt and heather honey.',
      price_pennies: 300,
      ingredients: 'typed by hand',
      // "May contain milk": the shop's "free from" journey expects only the demo cookies free from
      // peanuts and milk, and this cookie must not join them.
      allergen_info: { ...ALL_FREE, gluten: 'contains', milk: 'may_contain' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { product } = await created.json();
  const day = await paidOrderOf(product.id, 30);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto('/admin/recipes');
  const add = page.getByRole('region', { name: 'Add an ingredient' });
  for (const [ingredient, price, gluten] of [
    [flour, '1.20', true],
    [honey, '12.00', false],
  ] as const) {
    await add.getByLabel('Ingredient name').fill(ingredient);
    await add.getByLabel('Price per kg, litre or piece (£, optional)').fill(price);
    if (gluten) await add.getByRole('checkbox', { name: 'Contains Cereals containing gluten' }).check();
    await add.getByRole('button', { name: 'Add ingredient' }).click();
    await expect(page.getByText(ingredient, { exact: true })).toBeVisible();
  }

  const card = page.getByRole('region', { name });
  await card.getByText(`Write a recipe for ${name}`).click();
  await card.getByLabel('Cookies per batch').fill('12');
  await card.getByLabel("Mixer's largest batch (cookies)").fill('24');
  await card.getByLabel('Line 1: ingredient').selectOption({ label: `${honey} (g)` });
  await card.getByLabel('Line 1: quantity').fill('120');
  await card.getByRole('button', { name: 'Save recipe' }).click();
  // Honey alone: the product is ticked as containing gluten, which no ingredient does.
  await expect(
    page.getByRole('alert').filter({ hasText: 'but no ingredient in its recipe does' }),
  ).toContainText('marked as containing Cereals containing gluten');

  // The refused form stays open with what was typed: add the flour.
  await expect(card.getByLabel('Cookies per batch')).toHaveValue('12');
  await card.getByLabel('Line 2: ingredient').selectOption({ label: `${flour} (g)` });
  await card.getByLabel('Line 2: quantity').fill('0.3');
  await card.getByLabel('Line 2: unit').selectOption('kg');
  await card.getByRole('button', { name: 'Save recipe' }).click();
  // 120 g honey at £12/kg and 300 g flour at £1.20/kg make 12 cookies: 15p each.
  await expect(card.getByText('Cost per cookie £0.15; at £3.00 the margin is 95%.')).toBeVisible();

  // The product form says the same, and follows the price as it is typed.
  await page.goto('/admin/products');
  await page.getByRole('article', { name }).getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByText('Cost per cookie £0.15; at £3.00 the margin is 95%.')).toBeVisible();
  await edit.getByLabel('Price (£)').fill('2.50');
  await expect(edit.getByText('Cost per cookie £0.15; at £2.50 the margin is 94%.')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto(`/product/${product.id}`);
  const ingredients = page.getByRole('region', { name: 'Ingredients' });
  await expect(ingredients.locator('strong', { hasText: flour })).toBeVisible();
  await expect(ingredients).toContainText(`${flour}, ${honey}`);
  await expect(page.getByText('typed by hand')).toHaveCount(0);

  await page.goto(`/admin/bake-days/${day}/production?split=full`);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('30');
  await expect(row).toContainText('2 mixes: 24 and 6 cookies');
  // 30 cookies of 25 g flour and 10 g honey
  await expect(page.getByRole('row', { name: new RegExp(flour) })).toContainText('750 g');
  await expect(page.getByRole('row', { name: new RegExp(honey) })).toContainText('300 g');
  await expect(page.getByText(/^As of \d\d:\d\d$/)).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await page.screenshot({ path: 'test-results/production-sheet-a4.png', fullPage: true });

  await page.emulateMedia({ media: 'screen' });
  await page.goto(`/admin/bake-days/${day}/labels?stock=l7163`);
  await expect(page.getByRole('heading', { level: 1, name: /^Labels for / })).toBeVisible();
  const labels = page.getByText(name, { exact: true });
  await expect(labels).toHaveCount(30);
  await page.emulateMedia({ media: 'print' });
  await page.pdf({ path: 'test-results/labels-l7163.pdf', preferCSSPageSize: true });
});
