import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, plainCookie, signInWithApi, signUpWithApi } from './fixtures';

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Hazel Crumb' };

/** Starts a checkout of one cookie through the API, as the checkout page does; returns its session. */
async function startCheckout(page: Page) {
  const { products } = await (await page.request.get('/api/products')).json();
  const res = await page.request.post('/api/checkout/create-checkout-session', {
    data: { items: [{ product_id: plainCookie(products).id, quantity: 2 }] },
    headers: { origin: new URL(page.url() || 'http://127.0.0.1').origin },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { url: string; sessionId: string; orderId: string };
}

const orderCard = (page: Page, orderId: string) =>
  page
    .getByRole('tabpanel', { name: 'Orders' })
    .getByRole('listitem')
    .filter({ hasText: `#${orderId.slice(0, 8)}` });

test('an order from an abandoned payment to a refund, as the customer and the owner see it', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  const customer = await signUpWithApi(page, 'Hazel Crumb');

  // An abandoned payment page: the order waits with "Complete payment" and "Cancel order".
  const abandoned = await startCheckout(page);
  await page.goto('/account?tab=orders');
  const waiting = orderCard(page, abandoned.orderId);
  await expect(waiting).toContainText('Pending');
  await expect(waiting.getByRole('link', { name: 'Complete payment' })).toHaveAttribute(
    'href',
    abandoned.url,
  );
  await waiting.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.getByText('Order cancelled')).toBeVisible();
  await expect(orderCard(page, abandoned.orderId)).toContainText('Not paid');
  await expect(orderCard(page, abandoned.orderId).getByRole('button', { name: 'Cancel order' })).toHaveCount(
    0,
  );

  // Another order, paid on the payment page.
  const paid = await startCheckout(page);
  await page.goto(paid.url);
  await page.getByLabel('Card number').fill(CARD.cardNumber);
  await page.getByLabel(/Expiry/).fill(CARD.expiry);
  await page.getByLabel(/CVC/).fill(CARD.cvc);
  await page.getByLabel(/Name on card/).fill(CARD.name);
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
  await expect(page.getByText(`#${paid.orderId.slice(0, 8)}`)).toBeVisible();

  // The owner moves it to baking, then to shipped with a Royal Mail tracking code.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto('/');
  await signInWithApi(owner, DEMO_ADMIN);
  await owner.goto('/admin/orders');
  await owner.getByRole('link', { name: `View order #${paid.orderId.slice(0, 8)}` }).click();
  await expect(
    owner.getByRole('heading', { level: 1, name: `Order #${paid.orderId.slice(0, 8)}` }),
  ).toBeVisible();
  await owner.getByLabel('Order status').selectOption('baking');
  await owner.getByRole('button', { name: 'Update status' }).click();
  await expect(owner.getByText('Order status updated')).toBeVisible();
  await owner.getByLabel('Order status').selectOption('shipped');
  await owner.getByLabel('Tracking code (optional)').fill('AB123456789GB');
  await owner.getByRole('button', { name: 'Update status' }).click();
  await expect(owner.getByText('Baking → Shipped')).toBeVisible();

  // The customer sees both on the order page and can no longer cancel. It goes by the shop's van:
  // no Royal Mail link, whatever the number looks like.
  await page.goto(`/account/orders/${paid.orderId}`);
  await expect(
    page.getByRole('heading', { level: 1, name: `Order #${paid.orderId.slice(0, 8)}` }),
  ).toBeVisible();
  // Written for people: what happened, not the shop's status names.
  const history = page.getByRole('region', { name: 'History' });
  for (const step of ['Order placed', 'Payment received', 'In the oven', 'On its way'])
    await expect(history.getByText(step, { exact: true })).toBeVisible();
  await expect(history).not.toContainText('→');
  await expect(page.getByText('Out for delivery').first()).toBeVisible();
  await expect(page.getByRole('link', { name: /AB123456789GB/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  // Someone else's order is the 404 page.
  await page.goto(`/account/orders/${abandoned.orderId.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))}`);
  await expect(page.getByText('Oops! Page not found')).toBeVisible();

  // The owner refunds part; the order says so, and the customer's total spent follows.
  await owner.reload();
  await owner.getByLabel('Part of it').check();
  await owner.getByLabel('Amount to refund (£)').fill('2.50');
  await owner.getByLabel('Reason').fill('One cookie arrived broken');
  await owner.getByRole('button', { name: 'Refund', exact: true }).click();
  await owner.getByRole('alertdialog').getByRole('button', { name: 'Refund £2.50' }).click();
  await expect(owner.getByText('Refund made')).toBeVisible();
  await expect(owner.getByText('Partly refunded £2.50').first()).toBeVisible();

  const paidTotal = await page.request.get(`/api/account/orders/${paid.orderId}`);
  const { order } = await paidTotal.json();
  await owner.goto('/admin/customers');
  const row = owner.getByRole('listitem').filter({ hasText: customer.email });
  const spent = ((order.total_pennies - 250) / 100).toFixed(2);
  await expect(row).toContainText(`£${spent}`);

  // The packing slip prints the order without the back office around it.
  await owner.goto(`/admin/orders/${paid.orderId}/packing-slip`);
  await expect(owner.getByRole('heading', { name: 'Packing slip' })).toBeVisible();
  await expect(owner.getByRole('navigation')).toHaveCount(0);
  await ownerContext.close();
});
