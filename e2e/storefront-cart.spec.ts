import { expect, test } from '@playwright/test';

const COOKIE = 'Dark Chocolate & Sea Salt';

test('a shopper adds cookies, changes quantities, keeps the cart across a reload and empties it', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));

  await page.goto('/');
  await page.getByRole('link', { name: 'Shop Now' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Cookies' })).toBeVisible();

  await page.getByRole('link', { name: new RegExp(COOKIE) }).click();
  await expect(page.getByRole('heading', { level: 1, name: COOKIE })).toBeVisible();
  await expect(page.getByText('£4.50')).toBeVisible();

  const increase = page.getByRole('button', { name: `Increase quantity of ${COOKIE}` });
  await increase.click();
  await increase.click();
  await expect(page.getByLabel(`Quantity of ${COOKIE}`, { exact: true })).toHaveValue('3');
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  await expect(page.getByText(`Added 3 ${COOKIE} to cart`)).toBeVisible();
  const cartLink = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
  await expect(cartLink).toHaveText('3');

  await cartLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
  await expect(page.getByRole('heading', { name: COOKIE })).toBeVisible();
  await expect(page.getByText('£4.50 each')).toBeVisible();
  const subtotal = page.getByText('Subtotal').locator('..');
  const total = page.getByText('Total', { exact: true }).locator('..');
  await expect(subtotal).toContainText('£13.50');
  await expect(total).toContainText('£13.50');
  await expect(page.getByText('Calculated at checkout')).toBeVisible();

  await page.getByRole('button', { name: `Increase quantity of ${COOKIE}` }).click();
  await expect(subtotal).toContainText('£18.00');
  await expect(cartLink).toHaveText('4');
  const decrease = page.getByRole('button', { name: `Decrease quantity of ${COOKIE}` });
  for (let i = 0; i < 3; i++) await decrease.click();
  await expect(page.getByLabel(`Quantity of ${COOKIE}`, { exact: true })).toHaveText('1');
  await expect(decrease).toBeDisabled();
  await expect(total).toContainText('£4.50');
  await page.getByRole('button', { name: `Increase quantity of ${COOKIE}` }).click();

  await page.reload();
  await expect(page.getByLabel(`Quantity of ${COOKIE}`, { exact: true })).toHaveText('2');
  await expect(subtotal).toContainText('£9.00');
  await expect(cartLink).toHaveText('2');

  await page.getByRole('button', { name: `Remove ${COOKIE}` }).click();
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(page.getByText('Add some delicious cookies to get started!')).toBeVisible();
  await expect(cartLink).toHaveText('');
  await page.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(page).toHaveURL(/\/shop$/);

  expect(problems, 'console errors (e.g. hydration mismatches)').toEqual([]);
});
