import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInWithApi, signUpWithApi } from './fixtures';

test('a forgotten password is reset through the e-mailed link, found on the admin E-mails page', async ({
  page,
  browser,
}) => {
  // A customer who forgot their password asks for a link (signed out, in their own browser).
  const setup = await browser.newContext();
  const customer = await signUpWithApi(await setup.newPage(), 'Rowan Oat');
  await setup.close();

  await page.goto('/auth');
  await page.getByRole('form', { name: 'Sign in' }).getByLabel('Email').fill(customer.email);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const ask = page.getByRole('form', { name: 'Reset your password' });
  await expect(ask.getByLabel('Email')).toHaveValue(customer.email);
  await ask.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(/If an account exists for that address, we.ve sent a link/)).toBeVisible();

  // Without SMTP the owner reads the e-mail on the E-mails page; the link is in its text.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto('/');
  await signInWithApi(owner, DEMO_ADMIN);
  await owner.goto('/admin/emails');
  const row = owner
    .getByRole('listitem')
    .filter({ hasText: customer.email })
    .filter({ hasText: 'Reset your' });
  await row.getByRole('link', { name: /Read e-mail/ }).click();
  const text = await owner.getByRole('region', { name: 'Text' }).innerText();
  const link = /https?:\/\/\S+reset-password\S*/.exec(text)?.[0];
  expect(link, text).toBeTruthy();
  await ownerContext.close();

  // The link opens the page that sets a new password; the new one then signs in.
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('oatcakes-2026');
  await page.getByLabel('Confirm new password').fill('oatcakes-2026');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL('/auth');
  const signIn = page.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(customer.email);
  await signIn.getByLabel('Password').fill('oatcakes-2026');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL('/account');
});
