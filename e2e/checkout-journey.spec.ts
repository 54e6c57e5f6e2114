import { expect, type Page, test } from '@playwright/test';
import { DEMO_CUSTOMER, fillTestCard, signInWithApi, uniqueEmail } from './fixtures';

const COOKIE = 'Dark Chocolate & Sea Salt';

async function addToCart(page: Page, quantity: number) {
  await page.goto('/shop');
  await page.getByRole('link', { name: new RegExp(COOKIE) }).click();
  await expect(page.getByRole('heading', { level: 1, name: COOKIE })).toBeVisible();
  for (let i = 1; i < quantity; i++) {
    await page.getByRole('button', { name: `Increase quantity of ${COOKIE}` }).click();
  }
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added ${quantity} ${COOKIE} to cart`)).toBeVisible();
}

test('a new customer signs up when asked, is declined once, pays by card and sees the order paid', async ({
  page,
}) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    // A declined card is answered with 402, which Chromium reports as a failed resource.
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
      problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));

  await addToCart(page, 2);
  const cartLink = page.getByRole('banner').getByRole('link', { name: /^Cart/ });
  await cartLink.click();
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  const line = page.getByRole('list', { name: 'Items in your order' }).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(COOKIE);
  await expect(line).toContainText('2 × £4.50');
  await expect(line).toContainText('£9.00');
  await expect(page.getByText('Subtotal').locator('..')).toContainText('£9.00');
  // The summary's row (the first); "Before you pay" below it names the delivery again (decision 080).
  await expect(page.getByText('Delivery', { exact: true }).first().locator('..')).toContainText('£4.99');
  await expect(page.getByText('Total', { exact: true }).locator('..')).toContainText('£13.99');
  await expect(page.getByRole('link', { name: 'Back to Cart' })).toHaveAttribute('href', '/cart');

  // Signed out: checkout asks for a sign-in and comes back afterwards.
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByText('Please sign in to continue')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?redirectTo=(\/|%2F)checkout$/);

  // A new customer signs up on /auth, signs in, and is sent back to the checkout.
  const email = uniqueEmail('checkout');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const signUp = page.getByRole('form', { name: 'Sign up' });
  await signUp.getByLabel('Full Name').fill('Olive Hartley');
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Phone').fill('07700 900321');
  await signUp.getByLabel('Address').fill('9 Broad Street');
  await signUp.getByLabel('City').fill('Ludlow');
  await signUp.getByLabel('Postcode').fill('sy8 1nh');
  await signUp.getByLabel('Password').fill('gingernut');
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully! You are now signed in.')).toBeVisible();

  await expect(page).toHaveURL('/checkout');
  await expect(page.getByRole('radio', { name: /Deliver to me/ })).toBeChecked();
  await expect(page.getByText('9 Broad Street', { exact: false })).toBeVisible();
  await expect(line).toContainText('2 × £4.50');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();

  await expect(page).toHaveURL(/\/pay\/test\/test_cs_[\w-]{16,}$/);
  const sessionId = page.url().split('/').at(-1)!;
  await expect(page.getByText('Test mode: no real payments')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pay Shropshire Cookie Co.' })).toBeVisible();
  await expect(page.getByText(`${COOKIE} × 2`)).toBeVisible();

  await fillTestCard(page, 'Demo Customer', '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay £13.99' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page).toHaveURL(new RegExp(`/pay/test/${sessionId}$`));

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay £13.99' }).click();

  await expect(page).toHaveURL(`/checkout/success?session_id=${sessionId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText(`${sessionId.slice(0, 16)}...`)).toBeVisible();
  await expect(page.getByText(/received your payment and your cookies are being prepared/)).toBeVisible();
  await expect(page.getByText(/confirmation email/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Orders' })).toHaveAttribute(
    'href',
    '/account?tab=orders',
  );
  await expect(page.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');

  // The basket is emptied, and stays empty after a reload.
  await expect(cartLink).toHaveAccessibleName('Cart');
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();

  // Coming back to the payment page of a paid session goes to the confirmation, never pays twice.
  await page.goto(`/pay/test/${sessionId}`);
  await expect(page).toHaveURL(`/checkout/success?session_id=${sessionId}`);

  // The order is on the customer's account, paid, for £13.99 — once.
  await page.getByRole('link', { name: 'View Orders' }).click();
  await expect(page).toHaveURL('/account?tab=orders');
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  const orders = page
    .getByRole('tabpanel', { name: 'Orders' })
    .getByRole('listitem')
    .filter({ hasText: 'Order #' });
  await expect(orders).toHaveCount(1);
  await expect(orders).toContainText('Paid');
  await expect(orders).toContainText('£13.99');
  await expect(orders).toContainText(`2 x ${COOKIE}`);

  expect(problems, 'console errors (e.g. hydration mismatches)').toEqual([]);
});

test('cancelling on the payment page returns to the checkout with the basket intact', async ({ page }) => {
  await signInWithApi(page, DEMO_CUSTOMER);
  await addToCart(page, 3);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test\//);
  await page.getByRole('link', { name: 'Cancel' }).click();

  await expect(page).toHaveURL('/checkout?payment=cancelled');
  await expect(page.getByRole('list', { name: 'Items in your order' })).toContainText('3 × £4.50');
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ })).toHaveText('3');
});

test('an empty basket at checkout shows the empty cart', async ({ page }) => {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toHaveCount(0);
});
