import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, plainCookie, signInWithApi, signUpWithApi } from './fixtures';

test('a buyer reviews a delivered cookie, the owner approves it, and its stars show on the shop', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await signUpWithApi(page, 'Rowan Taster');
  const origin = { origin: new URL(page.url()).origin };
  const { products } = await (await page.request.get('/api/products')).json();
  const cookie = plainCookie(products);
  const checkout = await page.request.post('/api/checkout/create-checkout-session', {
    data: { items: [{ product_id: cookie.id, quantity: 1 }] },
    headers: origin,
  });
  expect(checkout.ok(), await checkout.text()).toBe(true);
  const { sessionId, orderId } = await checkout.json();
  const paid = await page.request.post(`/api/payments/test/sessions/${sessionId}/pay`, {
    data: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Rowan Taster' },
    headers: origin,
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  // Not delivered yet: nothing to review.
  await page.goto(`/account/orders/${orderId}/review`);
  await expect(
    page.getByText('You can review your cookies once your order has been delivered or collected.'),
  ).toBeVisible();

  // The owner delivers it.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto('/');
  await signInWithApi(owner, DEMO_ADMIN);
  await owner.goto(`/admin/orders/${orderId}`);
  for (const status of ['baking', 'shipped', 'completed']) {
    await owner.getByLabel('Order status').selectOption(status);
    await owner.getByRole('button', { name: 'Update status' }).click();
    await expect(owner.getByText('Order status updated')).toBeVisible();
    await owner.getByText('Order status updated').waitFor({ state: 'detached' });
  }
  // The invitation went through the outbox (once: reviews.test.ts).
  await owner.goto('/admin/emails');
  await expect(
    owner.getByText(`How were your cookies? (order #${orderId.slice(0, 8)})`).first(),
  ).toBeVisible();

  // The buyer follows the order page's link and rates it.
  await page.goto(`/account/orders/${orderId}`);
  await page.getByRole('link', { name: 'Review your cookies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Review your cookies' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: cookie.name }) });
  await card.getByRole('group', { name: 'Your rating' }).getByLabel('4 stars').check();
  await card.getByLabel('What did you think? (optional)').fill('<b>Lovely</b>');
  await card.getByRole('button', { name: 'Post review' }).click();
  await expect(card.getByRole('alert')).toHaveText(
    'Please write your comment as plain text, without HTML tags.',
  );
  await card.getByLabel('What did you think? (optional)').fill('Chewy in the middle, crisp at the edge.');
  await card.getByRole('button', { name: 'Post review' }).click();
  await expect(page.getByText('Thank you for your review')).toBeVisible();
  await expect(card.getByText('Thank you: we will show it once we have read it.')).toBeVisible();

  // Waiting: not on the product page yet.
  await page.goto(`/product/${cookie.id}`);
  await expect(page.getByText('Chewy in the middle, crisp at the edge.')).toHaveCount(0);

  // The owner approves it; the product page and the shop card show it.
  await owner.goto('/admin/reviews?status=pending');
  const pending = owner.getByRole('listitem').filter({ hasText: 'Chewy in the middle, crisp at the edge.' });
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(owner.getByText('Review shown')).toBeVisible();
  await owner.screenshot({ path: test.info().outputPath('admin-reviews.png'), fullPage: true });

  await page.goto(`/product/${cookie.id}`);
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Chewy in the middle, crisp at the edge.')).toBeVisible();
  await expect(reviews.getByText('Rowan', { exact: true })).toBeVisible();
  await expect(page.getByText(/out of 5 stars from \d+ reviews?/).first()).toBeAttached();
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: test.info().outputPath('product-reviews-390.png'), fullPage: true });
  await page.goto('/shop');
  const shopCard = page.getByRole('link').filter({ hasText: cookie.name });
  await expect(shopCard.getByText(/out of 5 stars from \d+ reviews?/)).toBeAttached();
  await ownerContext.close();
});
