import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { uniqueEmail } from './fixtures';

async function newCustomer(page: Page) {
  const email = uniqueEmail('data');
  const password = 'flapjack-42';
  const headers = { origin: E2E_BASE_URL };
  const signUp = await page.request.post('/api/account/sign-up', {
    headers,
    data: {
      fullName: 'Rowan Oats',
      email,
      phone: '07700900222',
      address: '9 Mill Street',
      city: 'Ludlow',
      postcode: 'SY8 1BB',
      password,
    },
  });
  expect(signUp.status()).toBe(201);
  const signIn = await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password } });
  expect(signIn.ok()).toBe(true);
  return { email, password };
}

test('a customer downloads their data', async ({ page }) => {
  const customer = await newCustomer(page);
  await page.goto('/account');
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ email: customer.email, full_name: 'Rowan Oats', postcode: 'SY8 1BB' });
  expect(data.orders).toEqual([]);
  expect(data.contact_messages).toEqual([]);
});

test('a customer deletes their account and can no longer sign in', async ({ page }) => {
  const customer = await newCustomer(page);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();

  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your password is not correct')).toBeVisible();

  await dialog.getByLabel('Your password').fill(customer.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await expect(page).toHaveURL('/');

  // Signed out here, and the account is gone for good.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth$/);
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(customer.email);
  await signIn.getByLabel('Password').fill(customer.password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});
