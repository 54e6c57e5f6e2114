import { expect, test } from '@playwright/test';

test('the shop page is served with its heading', async ({ page }) => {
  await page.goto('/shop');
  await expect(page.getByRole('heading', { name: 'Our Cookies' })).toBeVisible();
});
