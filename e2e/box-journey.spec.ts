import { expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, fillTestCard, signInWithApi, signUpWithApi, waitUntilInteractive } from './fixtures';

const BOX = 'Box of 6, you choose';
const GINGER = 'Double Ginger Crunch';
const OAT = 'Oat & Golden Syrup';
const IN_BOX = [`4 × ${GINGER}`, `2 × ${OAT}`];

// Order screens list a box's cookies in the order the server keeps them: each is checked, not the order.
async function expectContents(scope: Page) {
  const list = scope.getByRole('list', { name: 'In each box' }).first();
  await expect(list.getByRole('listitem')).toHaveCount(IN_BOX.length);
  for (const entry of IN_BOX)
    await expect(list.getByRole('listitem').filter({ hasText: entry })).toHaveCount(1);
}

test.use({ viewport: { width: 390, height: 844 } });

// A box at 390 px (decision 042): the customer fills it and reads its allergens before adding it;
// the cart, checkout, order page, e-mail, the owner's order, bake list and packing slip all show
// what is in it, and the bake list counts its cookies with the loose ones.
test('at 390 px a customer fills a box and buys it; the owner bakes its cookies and packs it', async ({
  page,
  browser,
}) => {
  await signUpWithApi(page, 'Bea Boxer');
  await page.goto('/shop');
  await page.getByRole('link', { name: new RegExp(BOX) }).click();
  await expect(page.getByRole('heading', { level: 1, name: BOX })).toBeVisible();
  await waitUntilInteractive(page);
  const fill = page.getByRole('region', { name: 'Fill your box of 6' });
  for (let i = 0; i < 4; i++)
    await fill.getByRole('button', { name: `Increase quantity of ${GINGER}` }).click();
  for (let i = 0; i < 2; i++) await fill.getByRole('button', { name: `Increase quantity of ${OAT}` }).click();
  await expect(fill.getByText('6 of 6 chosen')).toBeVisible();
  // Its allergens are those of the cookies chosen, before it goes in the cart.
  const allergens = fill.getByRole('region', { name: 'Allergens' });
  await expect(allergens).toContainText('Contains:');
  await expect(allergens).toContainText('Cereals containing gluten');
  await expect(fill.getByText(`4 × ${GINGER}:`)).toBeVisible();
  await fill.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added 1 ${BOX} to cart`)).toBeVisible();

  await page.goto('/cart');
  await expectContents(page);
  await page.goto('/checkout');
  await expectContents(page);
  const day = (await page
    .getByRole('group', { name: 'Delivery day' })
    .getByRole('radio', { checked: true })
    .getAttribute('value'))!;
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test\//);
  await fillTestCard(page, 'Bea Boxer');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
  const { orders } = await (await page.request.get('/api/account/orders')).json();
  const order: { id: string; number: string } = orders[0];
  await page.goto(`/account/orders/${order.id}`);
  await expectContents(page);

  // The owner, at 390 px too.
  const ownerContext = await browser.newContext({
    baseURL: E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
  });
  const owner = await ownerContext.newPage();
  await signInWithApi(owner, DEMO_ADMIN);
  await owner.goto(`/admin/orders/${order.id}`);
  await expectContents(owner);

  // The bake list counts cookies, not boxes: the box's cookies are on it, the box is not.
  await owner.goto(`/admin/bake-days/${day}`);
  await expect(owner.getByRole('heading', { level: 1, name: /Bake list/ })).toBeVisible();
  const bake = owner.getByRole('region', { name: 'To bake (paid and baking orders)' });
  for (const [cookie, n] of [
    [GINGER, 4],
    [OAT, 2],
  ] as const) {
    const count = Number(
      await bake
        .getByRole('row', { name: new RegExp(`^${cookie}`) })
        .getByRole('cell')
        .nth(1)
        .textContent(),
    );
    expect(count).toBeGreaterThanOrEqual(n);
  }
  await expect(bake.getByRole('row', { name: new RegExp(BOX) })).toHaveCount(0);

  // The packing slip: what is in the box, with each cookie's allergens.
  await owner.goto(`/admin/orders/${order.id}/packing-slip`);
  const slip = owner.getByRole('main');
  await expect(slip.getByText('In each box:')).toBeVisible();
  await expect(slip.getByText(`4 × ${GINGER}`)).toBeVisible();
  await expect(slip.getByText(`2 × ${OAT}`)).toBeVisible();
  await expect(slip.getByRole('region', { name: 'Allergen information' })).toContainText(
    'Cereals containing gluten',
  );

  // The confirmation e-mail says what is in it.
  await owner.goto('/admin/emails');
  await owner
    .getByRole('link', { name: new RegExp(`order ${order.number} is confirmed`) })
    .first()
    .click();
  const line = owner.getByText(new RegExp(`${BOX} \\(`)).first();
  for (const entry of IN_BOX) await expect(line).toContainText(entry);
  await ownerContext.close();
});
