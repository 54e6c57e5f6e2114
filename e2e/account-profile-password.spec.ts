import { expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { uniqueEmail } from './fixtures';

/** Creates a customer through the sign-up API and signs them in; the cookie lands in `page`. */
async function newCustomer(page: Page, password = 'gingernut1') {
  const email = uniqueEmail('profile');
  const headers = { origin: E2E_BASE_URL };
  const signUp = await page.request.post('/api/account/sign-up', {
    headers,
    data: {
      fullName: 'Hazel Crumb',
      email,
      phone: '07700900111',
      address: '2 Pride Hill',
      city: 'Shrewsbury',
      postcode: 'SY1 1BY',
      password,
    },
  });
  expect(signUp.status()).toBe(201);
  const signIn = await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password } });
  expect(signIn.ok()).toBe(true);
  return { email, password };
}

test('a customer edits their profile with the sign-up rules', async ({ page }) => {
  await newCustomer(page);
  await page.goto('/account');
  const profile = page.getByRole('tabpanel', { name: 'Profile' });
  await profile.getByRole('button', { name: 'Edit profile' }).click();

  const form = page.getByRole('form', { name: 'Edit profile' });
  await form.getByLabel('Full Name').fill('Hazel Crumb-Baker');
  await form.getByLabel('Address').fill('7 Castle Street');
  await form.getByLabel('City').fill('Ludlow');
  await form.getByLabel('Postcode').fill('SY8');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Invalid UK postcode format').first()).toBeVisible();
  await expect(form.getByLabel('Postcode')).toBeFocused();

  await form.getByLabel('Postcode').fill('sy8 1ag');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(form).toBeHidden();
  for (const text of ['Hazel Crumb-Baker', '7 Castle Street', 'Ludlow', 'SY8 1AG']) {
    await expect(profile.getByText(text, { exact: true })).toBeVisible();
  }
  // Saved on the server, not just on screen.
  await page.reload();
  await expect(profile.getByText('SY8 1AG', { exact: true })).toBeVisible();
});

test('a customer changes their password; the old one stops working', async ({ page, browser }) => {
  const customer = await newCustomer(page);
  // Signed in on a second device too: changing the password signs that one out.
  const other = await browser.newContext({ baseURL: E2E_BASE_URL });
  const otherPage = await other.newPage();
  await otherPage.request.post('/api/auth/sign-in/email', {
    headers: { origin: E2E_BASE_URL },
    data: { email: customer.email, password: customer.password },
  });

  await page.goto('/account');
  const form = page.getByRole('form', { name: 'Change password' });
  await form.getByLabel('Current password').fill('not-my-password');
  await form.getByLabel('New password', { exact: true }).fill('shortbread-2');
  await form.getByLabel('Confirm new password').fill('shortbread-2');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not correct')).toBeVisible();

  await form.getByLabel('Current password').fill(customer.password);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed. Other devices have been signed out.')).toBeVisible();

  // This device stays signed in; the other one is sent to sign in.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await otherPage.goto('/account');
  await expect(otherPage).toHaveURL(/\/auth$/);

  // The old password is refused, the new one works.
  const signIn = otherPage.getByRole('form', { name: 'Sign in' });
  await signIn.getByLabel('Email').fill(customer.email);
  await signIn.getByLabel('Password').fill(customer.password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(otherPage.getByText('Invalid email or password')).toBeVisible();
  await signIn.getByLabel('Password').fill('shortbread-2');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(otherPage).toHaveURL('/account');
  await other.close();
});

test('the privacy notice is linked from the footer and the sign-up form', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByRole('form', { name: 'Sign up' }).getByRole('link', { name: 'privacy notice' }).click();
  await expect(page).toHaveURL('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Notice' })).toBeVisible();
  for (const heading of [
    'Who we are',
    'What we keep, why, and for how long',
    'Who processes it for us',
    'Your rights',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  // Shop name and contact come from the configuration.
  await expect(page.getByRole('link', { name: 'hello@shropshirecookies.example' }).first()).toBeVisible();
  await expect(page.getByText('Stripe', { exact: true })).toBeVisible();

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL('/privacy');
});
