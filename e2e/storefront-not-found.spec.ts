import { expect, test } from '@playwright/test';

test('an unknown address shows the 404 page with a way home', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'warning') warnings.push(msg.text());
  });

  const response = await page.goto('/no-such-cookie-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await expect.poll(() => warnings.some((w) => w.includes('/no-such-cookie-page'))).toBe(true);

  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('heading', { name: 'Handmade Cookies from the Heart of Shropshire' }),
  ).toBeVisible();
});

test('an unknown product shows "Product not found" with a link back to the shop', async ({ page }) => {
  const response = await page.goto('/product/00000000-0000-4000-8000-000000000000');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Our Cookies' })).toBeVisible();
});
