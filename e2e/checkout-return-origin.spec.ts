import { expect, test } from '@playwright/test';
import { E2E_PORT } from './base-url';
import { addOneFromShop, fillTestCard, uniqueEmail } from './fixtures';

// Issue 43: the shop runs at PUBLIC_URL http://127.0.0.1:<port>; a customer who opened it as
// localhost pays and comes back to localhost, where their session cookie is, still signed in.
const LOCALHOST = `http://localhost:${E2E_PORT}`;
const COOKIE = 'Pecan & Maple Syrup';

test('paying from localhost comes back to localhost, signed in', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: LOCALHOST });
  const page = await context.newPage();
  const headers = { origin: LOCALHOST };
  const email = uniqueEmail('origin');
  const password = 'gingernut1';
  const signUp = await page.request.post('/api/account/sign-up', {
    headers,
    data: {
      fullName: 'Lola Localhost',
      email,
      phone: '07700900123',
      address: '2 Pride Hill',
      city: 'Shrewsbury',
      postcode: 'SY1 1BY',
      password,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  expect(
    (await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password } })).ok(),
  ).toBe(true);

  await addOneFromShop(page, COOKIE);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(new RegExp(`^${LOCALHOST}/pay/test/`));
  await fillTestCard(page, 'Lola Localhost');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(LOCALHOST);
  // Still signed in here: the account lists the order just paid.
  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toHaveCount(0);
  const orders = await page.request.get('/api/account/orders');
  expect(orders.ok()).toBe(true);
  expect((await orders.json()).orders).toHaveLength(1);
  await context.close();
});
