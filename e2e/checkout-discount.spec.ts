import { expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, fillTestCard, signInWithApi, signUpWithApi, waitUntilInteractive } from './fixtures';

const COOKIE = 'Dark Chocolate & Sea Salt';

async function basketOf(page: Page, quantity: number) {
  await page.goto('/shop');
  await page.getByRole('link', { name: new RegExp(COOKIE) }).click();
  for (let i = 1; i < quantity; i++) {
    await page.getByRole('button', { name: `Increase quantity of ${COOKIE}` }).click();
  }
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added ${quantity} ${COOKIE} to cart`)).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // A code typed before the page's script runs is the browser's alone: wait, as a person sees the page respond.
  await waitUntilInteractive(page);
}

/** The order summary's row (the first): "Before you pay" below it names some of them again. */
const row = (page: Page, label: string) => page.getByText(label, { exact: true }).first().locator('..');

test('a customer applies the owner’s code, pays the discounted total and sees it everywhere; a second use is refused', async ({
  page,
  browser,
}) => {
  // The owner creates the code: 10% off, minimum £10, once per customer.
  const code = `SPRING10-${Date.now().toString(36).toUpperCase()}`;
  const owner = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await owner.newPage();
  await signInWithApi(admin, DEMO_ADMIN);
  await admin.goto('/admin/discounts');
  await admin.waitForLoadState('networkidle');
  await admin.getByRole('button', { name: /^Add (code|your first code)$/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add Discount Code' });
  await dialog.getByLabel('Code').fill(code);
  await dialog.getByLabel('Percent off', { exact: true }).fill('10');
  await dialog.getByLabel('Minimum spend (£, optional)').fill('10.00');
  await dialog.getByLabel('Once per customer').check();
  await dialog.getByRole('button', { name: 'Add Code' }).click();
  await expect(admin.getByText('Discount code created')).toBeVisible();

  // A customer with £9.00 of cookies is told to spend more; the summary stays as it was. They live in
  // SY1, on the Local van's round (£2.50 delivery).
  await signUpWithApi(page, 'Primrose Baker');
  await basketOf(page, 2);
  await expect(row(page, 'Total')).toContainText('£11.50');
  await page.getByLabel('Discount code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText('Spend £10.00 or more to use that code')).toBeVisible();
  await expect(row(page, 'Total')).toContainText('£11.50');

  // With £13.50 of cookies the code takes £1.35 off.
  await basketOf(page, 1);
  await expect(row(page, 'Subtotal')).toContainText('£13.50');
  await page.getByLabel('Discount code').fill(` ${code.toLowerCase()} `);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
  await expect(row(page, `Discount (${code})`)).toContainText('−£1.35');
  await expect(row(page, 'Delivery')).toContainText('£2.50');
  await expect(row(page, 'Total')).toContainText('£14.65');

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test\//);
  await expect(page.getByText(`Discount (${code})`)).toBeVisible();
  await fillTestCard(page, 'Primrose Baker');
  await page.getByRole('button', { name: 'Pay £14.65' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
  await expect(row(page, `Discount (${code})`)).toContainText('−£1.35');
  await expect(row(page, 'Total')).toContainText('£14.65');
  const number = (await page.getByText(/^#[0-9a-f]{8}$/).textContent())!;

  // The customer's order page.
  await page.getByRole('link', { name: 'View Orders' }).click();
  await page.getByRole('link', { name: `Order ${number}`, exact: true }).click();
  await expect(page.getByRole('rowheader', { name: `Discount (${code})` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Discount \\(${code}\\)`) })).toContainText('−£1.35');

  // A second use by the same customer is refused with its message.
  await basketOf(page, 3);
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText("You've already used that code")).toBeVisible();

  // The owner sees the confirmation e-mail with the discount, and the code's use.
  await admin.goto('/admin/emails');
  const confirmation = admin.getByRole('article', {
    name: `Your Shropshire Cookie Co. order ${number} is confirmed`,
  });
  await confirmation.getByRole('link').first().click();
  await expect(admin.getByRole('region', { name: 'Text' })).toContainText(`Discount (${code}): −£1.35`);
  await expect(admin.getByRole('region', { name: 'Text' })).toContainText('Total: £14.65');
  await admin.goto('/admin/discounts');
  await expect(admin.getByRole('article', { name: code })).toContainText('Uses1');
  await owner.close();
});
