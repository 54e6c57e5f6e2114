import { expect, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, fillTestCard, signInWithApi, signUpWithApi, waitUntilInteractive } from './fixtures';

const COOKIE = 'Dark Chocolate & Sea Salt';

test('checkout shows what the customer commits to and the terms; the confirmation e-mail links that version', async ({
  page,
  browser,
}) => {
  await signUpWithApi(page, 'Rowan Oatley');
  await page.goto('/shop');
  await page.getByRole('link', { name: new RegExp(COOKIE) }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added 1 ${COOKIE} to cart`)).toBeVisible();
  await page.goto('/checkout');
  await waitUntilInteractive(page);

  // Beside the button that commits to pay: the total with delivery, how it arrives, cancelling, the terms.
  const before = page.getByRole('region', { name: 'Before you pay' });
  // The summary's total once the server has priced the basket ("…" until then).
  const totalCell = page.getByText('Total', { exact: true }).locator('..').locator('dd');
  await expect(totalCell).toHaveText(/^£/);
  const total = (await totalCell.textContent())!;
  await expect(before).toContainText(`${total}, including £2.50 delivery and any VAT`);
  await expect(before).toContainText(/Delivered to the address above on \w+day \d+ \w+|Dispatched/);
  await expect(before).toContainText('the 14-day right to cancel does not apply');
  const terms = before.getByRole('link', { name: /terms of sale \(version \d+, opens in a new tab\)/ });
  const href = (await terms.getAttribute('href'))!;
  expect(href).toMatch(/^\/terms\/\d+$/);

  const termsPage = await page.context().newPage();
  await termsPage.goto(href);
  await expect(termsPage.getByRole('heading', { level: 1, name: 'Terms of sale' })).toBeVisible();
  await expect(
    termsPage.getByRole('heading', { name: 'Fresh, perishable cookies and your right to cancel' }),
  ).toBeVisible();
  await termsPage.close();

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await fillTestCard(page, 'Rowan Oatley');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
  const number = (await page.getByText(/^#[0-9a-f]{8}$/).textContent())!;

  // The owner reads the confirmation the customer got: the permanent link to the agreed version.
  const owner = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await owner.newPage();
  await signInWithApi(admin, DEMO_ADMIN);
  await admin.goto('/admin/emails');
  await admin
    .getByRole('article', { name: `Your Shropshire Cookie Co. order ${number} is confirmed` })
    .getByRole('link', { name: `Your Shropshire Cookie Co. order ${number} is confirmed`, exact: true })
    .click();
  const text = admin.getByRole('region', { name: 'Text' });
  await expect(text).toContainText(`The terms of sale you agreed to (version ${href.split('/').pop()}):`);
  await expect(text).toContainText(href);
  await expect(text).toContainText('Shropshire Cookie Company Ltd · Company no. 01234567');
  await owner.close();
});
