import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, paidOrderFrom, signInWithApi } from './fixtures';

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
