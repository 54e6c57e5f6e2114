import { expect, test } from '@playwright/test';
import { waitUntilInteractive } from './fixtures';

// The shop's data request on a click from another page (React Router's single fetch: /shop.data).
const SHOP_DATA = '**/shop.data*';

test('the shop shows "Loading products..." while its list is on the way', async ({ page }) => {
  await page.goto('/');
  await waitUntilInteractive(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(SHOP_DATA, async (route) => {
    await held;
    await route.continue();
  });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Cookies' })).toBeVisible();
  await expect(page.getByText('Loading products...')).toBeVisible();

  release();
  await expect(page.getByRole('link', { name: /Pecan & Maple Syrup/ })).toBeVisible();
  await expect(page.getByText('Loading products...')).toBeHidden();
});

test('the shop says so when the list cannot be loaded, and can try again', async ({ page }) => {
  await page.goto('/');
  await waitUntilInteractive(page);
  await page.route(SHOP_DATA, (route) => route.abort());

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' }).click();
  await expect(page.getByText('Failed to load products')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: "couldn't load our cookies" })).toBeVisible();

  await page.unroute(SHOP_DATA);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('link', { name: /Pecan & Maple Syrup/ })).toBeVisible();
});

test('a product page that cannot be loaded says "Failed to load product"', async ({ page }) => {
  await page.goto('/shop');
  await waitUntilInteractive(page);
  await page.route('**/product/*.data*', (route) => route.abort());
  await page.getByRole('link', { name: /Pecan & Maple Syrup/ }).click();
  await expect(page.getByText('Failed to load product', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Shop' })).toBeVisible();
});
