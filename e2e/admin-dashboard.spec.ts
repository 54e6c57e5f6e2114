import { expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, paidOrderFrom, plainCookie, signInWithApi, signUpWithApi } from './fixtures';

test('the owner sees today’s sale in the charts and the cookie among the best sellers', async ({ page }) => {
  const order = await paidOrderFrom('SY3 7DB', 40);
  await signInWithApi(page, DEMO_ADMIN);
  await page.goto('/admin');

  const days = page.getByRole('region', { name: 'Last 30 days' });
  await expect(days).toBeVisible();
  await expect(days.locator('svg').first()).toBeVisible();
  await expect(days).toContainText(/£[\d,]+\.\d{2} from [\d,]+ orders?/);
  await expect(page.getByRole('region', { name: 'Last 12 weeks' })).toBeVisible();

  // The figures behind the bars, as a screen reader reads them: today has at least this order.
  const today = new Date().toLocaleDateString('en-GB', {
    timeZone: 'Europe/London',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });
  const todayRow = page
    .getByRole('table', { name: 'Last 30 days: revenue and orders' })
    .getByRole('row', { name: new RegExp(`^${today} `) });
  const ordersToday = Number(await todayRow.getByRole('cell').first().textContent());
  expect(ordersToday).toBeGreaterThanOrEqual(1);

  // 40 of one cookie in one order: more than any other journey buys, so it leads the best sellers.
  const best = page.getByRole('region', { name: 'Best Sellers' }).getByRole('table');
  await expect(best.getByRole('row').nth(1)).toContainText(order.product);
});

test('a dashboard link with a zone that is not one shows every zone and says why', async ({ page }) => {
  await signInWithApi(page, DEMO_ADMIN);
  await page.goto('/admin?zone=nowhere');
  await expect(page.getByRole('alert')).toHaveText(
    'Zone must be a delivery zone or Collection. Showing every zone.',
  );
  await expect(page.getByRole('region', { name: 'Last 30 days' })).toBeVisible();
  await expect(page.getByLabel('Zone')).toHaveValue('');
});

/** A new customer starts a checkout, leaves the payment page and cancels: nothing was paid. */
async function abandonedCheckout(page: Page) {
  await signUpWithApi(page, 'Abby Andon');
  const { products } = await (await page.request.get('/api/products')).json();
  const started = await page.request.post('/api/checkout/create-checkout-session', {
    data: { items: [{ product_id: plainCookie(products).id, quantity: 3 }] },
    headers: { origin: E2E_BASE_URL },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const { orderId } = (await started.json()) as { orderId: string };
  const cancelled = await page.request.post(`/api/account/orders/${orderId}/cancel`, {
    headers: { origin: E2E_BASE_URL },
  });
  expect(cancelled.ok(), await cancelled.text()).toBe(true);
  return `#${orderId.slice(0, 8)}`;
}

test('Total Orders counts what the charts count, and a checkout abandoned at payment reads “Not paid”', async ({
  page,
}) => {
  await paidOrderFrom('SY3 7DB', 1);
  const number = await abandonedCheckout(page);

  // The customer's own list does not show it as a cancelled sale.
  await page.goto('/account?tab=orders');
  const mine = page.getByRole('listitem').filter({ hasText: `Order ${number}` });
  await expect(mine).toContainText('Not paid');
  await expect(mine).not.toContainText('Cancelled');

  await page.context().clearCookies();
  await signInWithApi(page, DEMO_ADMIN);
  await page.goto('/admin');
  const card = page.getByRole('listitem').filter({ hasText: 'Total Orders' });
  await expect(card).toContainText('paid');
  const totalOrders = Number(
    /Total Orders([\d,]+)/.exec((await card.textContent()) ?? '')![1]!.replace(/,/g, ''),
  );
  // Every order of this new shop is within 12 weeks: the chart's "from n orders" is all of them.
  const weeks = (await page.getByRole('region', { name: 'Last 12 weeks' }).textContent()) ?? '';
  const charted = Number(/from ([\d,]+) orders?/.exec(weeks)![1]!.replace(/,/g, ''));
  expect(totalOrders).toBe(charted);
  await expect(page.getByRole('main')).toContainText(
    'Total Orders and the charts count the same orders: paid ones, not checkouts left unpaid or cancelled.',
  );

  // The Products card says what it counts.
  const products = page.getByRole('listitem').filter({ hasText: 'in the shop:' });
  const shown = /Products(\d+)in the shop: (\d+) cookies?, (\d+) box(?:es)?/.exec(
    (await products.textContent()) ?? '',
  );
  expect(shown, (await products.textContent()) ?? '').not.toBeNull();
  expect(Number(shown![1])).toBe(Number(shown![2]) + Number(shown![3]));

  await page.goto(`/admin/orders?q=${encodeURIComponent(number)}`);
  const listed = page.getByRole('article', { name: `Order ${number}` });
  await expect(listed).toContainText('Not paid');
  await expect(listed.getByLabel(`Status of order ${number}`)).toHaveValue('cancelled');
});
