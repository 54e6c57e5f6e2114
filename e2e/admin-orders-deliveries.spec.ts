import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, DEMO_CUSTOMER, plainCookie, signInWithApi } from './fixtures';

/**
 * The demo customer buys one cookie through the real checkout and test payment endpoints, in a
 * browser context of their own: a paid order with its delivery, as the shop makes them.
 */
async function placePaidOrder(): Promise<{ orderId: string; total: number }> {
  const customer: APIRequestContext = await request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
  try {
    expect((await customer.post('/api/auth/sign-in/email', { data: DEMO_CUSTOMER })).ok()).toBe(true);
    const { products } = await (await customer.get('/api/products')).json();
    const checkout = await customer.post('/api/checkout/create-checkout-session', {
      data: { items: [{ product_id: plainCookie(products).id, quantity: 1 }] },
    });
    expect(checkout.ok(), await checkout.text()).toBe(true);
    const { sessionId, orderId } = await checkout.json();
    const paid = await customer.post(`/api/payments/test/sessions/${sessionId}/pay`, {
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Demo Customer' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    const { orders } = await (await customer.get('/api/account/orders')).json();
    // Another journey may pay for the demo customer at the same time: this order, by its id.
    const order = orders.find((o: { id: string }) => o.id === orderId);
    return { orderId: order.id, total: order.total_pennies };
  } finally {
    await customer.dispose();
  }
}

function failOnPageErrors(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => msg.type() === 'error' && problems.push(msg.text()));
  return problems;
}

test('the admin sees the dashboard, changes an order status and updates its delivery', async ({ page }) => {
  const problems = failOnPageErrors(page);
  const { orderId } = await placePaidOrder();
  const short = orderId.slice(0, 8);
  await signInWithApi(page, DEMO_ADMIN);

  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  for (const card of ['Total Revenue', 'Total Orders', 'Products', 'Pending Orders']) {
    await expect(page.getByRole('main').getByText(card, { exact: true })).toBeVisible();
  }
  const recent = page.getByRole('region', { name: 'Recent Orders' });
  await expect(recent.getByText('Demo Customer').first()).toBeVisible();

  // Orders: the new order, then a status change that sticks.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL('/admin/orders');
  const order = page.getByRole('article', { name: `Order #${short}` });
  await expect(order).toContainText('Demo Customer');
  await expect(order).toContainText('customer@shropshirecookies.example');
  await expect(order).toContainText('12 Castle Street');
  await expect(order).toContainText(/1 x /);
  const status = order.getByLabel(`Status of order #${short}`);
  await expect(status).toHaveValue('paid');
  await status.selectOption({ label: 'Shipped' });
  await expect(page.getByText('Order status updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel(`Status of order #${short}`)).toHaveValue('shipped');

  // The status filter lives in the address bar.
  await page.getByRole('link', { name: 'Shipped', exact: true }).click();
  await expect(page).toHaveURL('/admin/orders?status=shipped');
  await expect(page.getByRole('article', { name: `Order #${short}` })).toBeVisible();
  await page.getByRole('link', { name: 'Pending', exact: true }).click();
  await expect(page.getByRole('article', { name: `Order #${short}` })).toHaveCount(0);

  // Deliveries: the payment made one for this order.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Deliveries' }).click();
  const delivery = page.getByRole('article').filter({ hasText: `#${short}` });
  await expect(delivery).toHaveCount(1);
  await expect(delivery).toContainText('Demo Customer');
  await expect(delivery).toContainText('07987654321');
  const deliveryStatus = delivery.getByLabel(/^Status of delivery/);
  // Shipping the order put its delivery on its way (docs/decisions/032).
  await expect(deliveryStatus).toHaveValue('picked_up');
  await deliveryStatus.selectOption({ label: 'Delivered' });
  await expect(page.getByText('Delivery status updated')).toBeVisible();

  await delivery.getByLabel('Tracking code').fill('RM-123-GB');
  await delivery.getByLabel('Driver notes').fill('Leave in the porch');
  await delivery.getByRole('button', { name: /^Save/ }).click();
  await expect(page.getByText('Delivery details saved')).toBeVisible();

  await page.reload();
  const saved = page.getByRole('article').filter({ hasText: `#${short}` });
  await expect(saved.getByLabel(/^Status of delivery/)).toHaveValue('delivered');
  await expect(saved).toContainText('Tracking code: RM-123-GB');
  await expect(saved).toContainText('Driver notes: Leave in the porch');
  expect(problems).toEqual([]);
});
