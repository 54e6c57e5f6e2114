import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, DEMO_CUSTOMER, fillTestCard, signInWithApi } from './fixtures';

const COOKIE = 'Dark Chocolate & Sea Salt';

test('a paid order shows the owner its confirmation and the new-order alert on the E-mails page', async ({
  page,
  browser,
}) => {
  // The customer pays for 2 cookies (2 × £4.50 + £4.99 delivery).
  await signInWithApi(page, DEMO_CUSTOMER);
  await page.goto('/shop');
  await page.getByRole('link', { name: new RegExp(COOKIE) }).click();
  await page.getByRole('button', { name: `Increase quantity of ${COOKIE}` }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added 2 ${COOKIE} to cart`)).toBeVisible();
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test\//);
  await fillTestCard(page);
  await page.getByRole('button', { name: 'Pay £13.99' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
  const number = (await page.getByText(/^#[0-9a-f]{8}$/).textContent())!;

  // The owner opens E-mails from the sidebar.
  const owner = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await owner.newPage();
  await signInWithApi(admin, DEMO_ADMIN);
  await admin.goto('/admin');
  await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'E-mails' }).click();
  await expect(admin).toHaveURL('/admin/emails');
  await expect(admin.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
  await expect(admin.getByText(/No mail server is set up \(SMTP_URL\), so nothing is sent/)).toBeVisible();
  await expect(admin.getByText('New order alerts go to hello@shropshirecookies.example')).toBeVisible();

  const alert = admin.getByRole('article', { name: `New order ${number} — £13.99` });
  const confirmation = admin.getByRole('article', {
    name: `Your Shropshire Cookie Co. order ${number} is confirmed`,
  });
  // Without SMTP the worker marks them Logged within a couple of seconds.
  await expect(async () => {
    await admin.reload();
    await expect(alert).toContainText('Logged', { timeout: 1000 });
    await expect(confirmation).toContainText('Logged', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(alert).toContainText('New order alert');
  await expect(alert).toContainText('To hello@shropshirecookies.example');
  await expect(alert).toContainText('1 attempt');
  await expect(confirmation).toContainText('Order confirmation');
  await expect(confirmation).toContainText(`To ${DEMO_CUSTOMER.email}`);
  // Nothing failed, so nothing to resend.
  await expect(alert.getByRole('button', { name: /Resend/ })).toHaveCount(0);

  // The owner reads the alert: what to bake and where it goes.
  await alert.getByRole('link', { name: `New order ${number} — £13.99`, exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/emails\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { level: 1, name: `New order ${number} — £13.99` })).toBeVisible();
  const text = admin.getByRole('region', { name: 'Text' });
  await expect(text).toContainText(`2 x ${COOKIE} (£4.50 each)  £9.00`);
  await expect(text).toContainText('Total: £13.99');
  await expect(text).toContainText('Deliver to:');
  await expect(
    admin.frameLocator(`iframe[title^="The e-mail"]`).getByRole('heading', { name: `New order ${number}` }),
  ).toBeVisible();
  await admin.getByRole('link', { name: 'All e-mails' }).click();
  await expect(admin).toHaveURL('/admin/emails');
  await owner.close();
});
