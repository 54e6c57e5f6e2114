import { expect, test } from '@playwright/test';
import { uniqueEmail, waitUntilInteractive } from './fixtures';

test('a new customer signs up, is signed in, sees their profile and orders, and signs out', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  const email = uniqueEmail('signup');

  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill('Ellen Bramble');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Phone').fill('01743 123456'); // a landline: refused
  await form.getByLabel('Address').fill('4 Wyle Cop');
  await form.getByLabel('City').fill('Shrewsbury');
  await form.getByLabel('Postcode').fill('sy1  1xj');
  await form.getByLabel('Password').fill('shortbread');
  await form.getByRole('button', { name: 'Create Account' }).click();

  // The first failing rule is the toast; the field says so too, and takes the focus.
  const phoneMessage = 'Phone must be a valid UK mobile number (e.g., 07123456789)';
  await expect(page.getByText(phoneMessage).first()).toBeVisible();
  const phone = form.getByLabel('Phone');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await expect(phone).toBeFocused();
  await expect(phone).toHaveAccessibleDescription(/Phone must be a valid UK mobile number/);

  await phone.fill('07700 900123');
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Create Account' }).click();
  // Signed in at once (decision 034), and taken to their account.
  await expect(page.getByText('Account created successfully! You are now signed in.')).toBeVisible();
  await expect(page).toHaveURL('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  const profile = page.getByRole('tabpanel', { name: 'Profile' });
  for (const text of ['Ellen Bramble', email, '07700900123', '4 Wyle Cop', 'Shrewsbury', 'SY1 1XJ']) {
    await expect(profile.getByText(text, { exact: true })).toBeVisible();
  }

  await page.getByRole('tab', { name: 'Orders' }).click();
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/shop');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page).toHaveURL('/');

  // The session is gone: the account page sends them to sign in.
  await page.goto('/account');
  await expect(page).toHaveURL(/\/auth$/);
  expect(problems).toEqual([]);
});

test('signing up with a taken e-mail says so', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill('Someone Else');
  await form.getByLabel('Email').fill('Customer@ShropshireCookies.example');
  await form.getByLabel('Phone').fill('07700900456');
  await form.getByLabel('Address').fill('1 Square');
  await form.getByLabel('City').fill('Ludlow');
  await form.getByLabel('Postcode').fill('SY8 1AA');
  await form.getByLabel('Password').fill('secret123');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('An account with this email already exists. Please sign in instead.'),
  ).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
});

async function signUpAt(page: import('@playwright/test').Page, url: string) {
  await page.goto(url);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByLabel('Full Name').fill('Bramley Apple');
  await form.getByLabel('Email').fill(uniqueEmail('onwards'));
  await form.getByLabel('Phone').fill('07700900789');
  await form.getByLabel('Address').fill('9 Castle Street');
  await form.getByLabel('City').fill('Shrewsbury');
  await form.getByLabel('Postcode').fill('SY1 2AZ');
  await form.getByLabel('Password').fill('bramley-pie');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully! You are now signed in.')).toBeVisible();
}

test('on a phone, a customer sent to sign up from the checkout is signed in and back at the checkout, at its top', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/shop');
  await page.getByRole('link', { name: /Dark Chocolate & Sea Salt/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dark Chocolate & Sea Salt' })).toBeVisible();
  await waitUntilInteractive(page);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(/^Added 1 /)).toBeVisible();
  await signUpAt(page, '/auth?redirectTo=/checkout');
  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('a sign-up never follows a redirect off the site', async ({ page }) => {
  await signUpAt(page, '/auth?redirectTo=//evil.example/steal');
  await expect(page).toHaveURL('/account');
});
