import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_CUSTOMER, enterCodeOnSignIn, signInWithApi } from './fixtures';

async function signInWithForm(
  page: import('@playwright/test').Page,
  account: { email: string; password: string },
) {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password').fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

test('the demo admin signs in and is sent to the back office, after the role check', async ({ page }) => {
  // Hold the role check a moment, so its message can be seen.
  await page.route('**/api/account/me', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto('/auth');
  await signInWithForm(page, DEMO_ADMIN);
  await enterCodeOnSignIn(page, DEMO_ADMIN.totpSecret);
  await expect(page.getByText('Signed in successfully!')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Checking your role...' })).toBeVisible();
  await expect(page).toHaveURL('/admin');

  // Signed in, /auth and /account both lead to the back office.
  await page.goto('/auth');
  await expect(page).toHaveURL('/admin');
  await page.goto('/account');
  await expect(page).toHaveURL('/admin');
});

test('wrong credentials are refused without saying whether the e-mail exists', async ({ page }) => {
  await page.goto('/auth');
  await signInWithForm(page, { email: DEMO_CUSTOMER.email, password: 'not-the-password' });
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await page.reload();
  await signInWithForm(page, { email: 'nobody-at-all@example.com', password: 'not-the-password' });
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL('/auth');
});

test('empty sign-in fields are flagged by the form', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Email is required').first()).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign in' }).getByLabel('Email')).toBeFocused();
});

test('a customer sent from checkout returns there after signing in', async ({ page }) => {
  await page.goto('/auth?redirectTo=/checkout');
  await signInWithForm(page, DEMO_CUSTOMER);
  await expect(page).toHaveURL('/checkout');
});

test('a link elsewhere in redirectTo is ignored', async ({ page }) => {
  await page.goto('/auth?redirectTo=//evil.example/');
  await signInWithForm(page, DEMO_CUSTOMER);
  await expect(page).toHaveURL('/account');
});

test('a customer visiting the back office lands on the home page', async ({ page }) => {
  await signInWithApi(page, DEMO_CUSTOMER);
  await page.goto('/admin');
  await expect(page).toHaveURL('/');
  await page.goto('/admin/orders');
  await expect(page).toHaveURL('/');
});
