import { expect, test } from '@playwright/test';
import { DEMO_CUSTOMER, signInWithApi } from './fixtures';

test('a signed-out visit to /account lands on /auth', async ({ page }) => {
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
});

test('a signed-out visit to the back office lands on /auth', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a signed-in customer opening /auth goes to their account', async ({ page }) => {
  await signInWithApi(page, DEMO_CUSTOMER);
  await page.goto('/auth');
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('tabpanel', { name: 'Profile' }).getByText(DEMO_CUSTOMER.email)).toBeVisible();
});
