import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_CUSTOMER, signInWithApi } from './fixtures';

test('the back office sends visitors to /auth and customers to the shop', async ({ page }) => {
  await page.goto('/admin/orders');
  await expect(page).toHaveURL('/auth');
  await signInWithApi(page, DEMO_CUSTOMER);
  await page.goto('/admin/products');
  await expect(page).toHaveURL('/');
});

test('settings show the shop’s configuration; only delivery and collection are editable', async ({
  page,
}) => {
  await signInWithApi(page, DEMO_ADMIN);
  await page.goto('/admin/settings');
  const main = page.getByRole('main');
  await expect(main).toContainText('Test payment page (Stripe not configured)');
  await expect(main).toContainText('Connected');
  await expect(main).toContainText('Delivery platform integrations');
  await expect(main).toContainText('Coming soon');
  // The shop has delivery zones: they price delivery, so the shop-wide fee is not offered as if it
  // did; the page says where delivery is priced and what each zone charges (decision 075).
  await expect(main.getByText('Delivery is priced by zone')).toBeVisible();
  await expect(main).toContainText(
    'The shop-wide fee (£4.99, no free delivery) applies only if you remove every zone.',
  );
  await expect(main.getByRole('textbox', { name: 'Delivery fee (£)' })).toHaveCount(0);
  await expect(main.getByRole('checkbox', { name: 'Offer free delivery over an amount' })).toHaveCount(0);
  await expect(main.getByRole('checkbox', { name: 'Offer collection from the bakery' })).not.toBeChecked();
  await expect(main).toContainText('Local van (Our van: SY1-SY5, TF1-TF13) · £2.50 (free over £25)');
  await expect(main).toContainText('UK post (Post: *) · £4.99');
  await expect(main).toContainText('Sat');
});

test('on a phone the sidebar is a menu, and Sign Out returns to the shop', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInWithApi(page, DEMO_ADMIN);
  await page.goto('/admin');
  await expect(page.getByRole('navigation', { name: 'Admin' })).toBeHidden();
  await page.getByRole('button', { name: 'Open admin menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Admin menu' });
  for (const link of [
    'Dashboard',
    'Orders',
    'Products',
    'Customers',
    'Deliveries',
    'Bake Days',
    'Discounts',
    'Messages',
    'E-mails',
    'Settings',
  ]) {
    await expect(menu.getByRole('link', { name: link })).toBeVisible();
  }
  await menu.getByRole('link', { name: 'Customers' }).click();
  await expect(menu).toBeHidden();
  await expect(page).toHaveURL('/admin/customers');
  await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(360);

  await page.getByRole('button', { name: 'Open admin menu' }).click();
  await page.getByRole('dialog', { name: 'Admin menu' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL('/');
  await page.goto('/admin');
  await expect(page).toHaveURL('/auth');
});
