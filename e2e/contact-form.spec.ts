import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, signInWithApi } from './fixtures';

const SENT = "Thank you for your message! We'll be in touch soon.";
const FAILED = 'Failed to send message. Please try again or email us directly.';
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test('a visitor sends a message and the admin reads it under Messages', async ({ page }) => {
  const name = `Ada ${Date.now().toString(36)}`;
  const message = `Do you deliver to Ludlow on Saturdays?\nAsking for ${name}.`;

  await page.goto('/contact');
  await expect(page).toHaveTitle(/^Contact Us \| /);
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'info@shropshirecookies.example' })).toHaveAttribute(
    'href',
    'mailto:info@shropshirecookies.example',
  );
  // Where the shop is: the demo trader's address (Settings -> Who we are, decision 080).
  await expect(page.getByText(/Wyle Cop/).first()).toBeVisible();
  await expect(page.getByText('10:00 AM - 3:00 PM')).toBeVisible();

  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Message').fill(message);
  // Hold the request so the in-flight state can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/contact.data*', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();

  await expect(toasts(page).getByText(SENT)).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByLabel('Email')).toHaveValue('');
  await expect(page.getByLabel('Message')).toHaveValue('');

  await signInWithApi(page, DEMO_ADMIN);
  await page.goto('/admin/messages');
  const item = page.getByRole('article', { name });
  await expect(item).toBeVisible();
  await expect(item.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute(
    'href',
    'mailto:ada@example.com',
  );
  await expect(item.getByText('Do you deliver to Ludlow on Saturdays?')).toBeVisible();
});

test('the browser refuses to send an incomplete message', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Someone');
  await page.getByRole('button', { name: 'Send Message' }).click();
  expect(await page.getByLabel('Email').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(
    true,
  );
  await expect(page.getByText(SENT)).toHaveCount(0);
});

test('a message that cannot be sent says so and keeps what was typed', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Offline Olive');
  await page.getByLabel('Email').fill('olive@example.com');
  await page.getByLabel('Message').fill('Hello from a train.');
  await page.route('**/contact.data*', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toasts(page).getByText(FAILED)).toBeVisible();
  await expect(page.getByLabel('Message')).toHaveValue('Hello from a train.');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('the server explains what is wrong with a message', async ({ page }) => {
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Ada');
  // The browser accepts this address; the server's rule does not.
  await page.getByLabel('Email').fill('ada@localhost');
  await page.getByLabel('Message').fill('Hello');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(toasts(page).getByText(FAILED)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email address');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form still sends, and says so on the page', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name').fill('No Script');
    await page.getByLabel('Email').fill('noscript@example.com');
    await page.getByLabel('Message').fill('Sent from a browser without JavaScript.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('status')).toHaveText(SENT);
  });

  test('a refused message is explained and what was typed is kept', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Name').fill('No Script');
    await page.getByLabel('Email').fill('noscript@localhost');
    await page.getByLabel('Message').fill('Still here?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toContainText(FAILED);
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email address');
    await expect(page.getByLabel('Message')).toHaveValue('Still here?');
  });
});

test('the messages page is for admins only', async ({ page }) => {
  await page.goto('/admin/messages');
  await expect(page).toHaveURL(/\/auth/);
});
