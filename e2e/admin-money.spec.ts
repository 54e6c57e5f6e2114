import { expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, plainCookie, signInWithApi, signUpWithApi } from './fixtures';

/** A new customer starts a checkout of one cookie and leaves the payment page: a pending order. */
async function pendingOrder(page: Page, quantity = 2) {
  await page.goto('/');
  const { email } = await signUpWithApi(page, 'Cash Customer');
  const { products } = await (await page.request.get('/api/products')).json();
  const res = await page.request.post('/api/checkout/create-checkout-session', {
    data: { items: [{ product_id: plainCookie(products).id, quantity }] },
    headers: { origin: E2E_BASE_URL },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { orderId } = (await res.json()) as { orderId: string };
  await page.context().clearCookies();
  return { orderId, email };
}

/** What the Customers page says the customer has spent (the revenue rule, per customer). */
const spent = async (page: Page, email: string) => {
  await page.goto('/admin/customers');
  return page.getByRole('listitem').filter({ hasText: email });
};

test('the owner marks a cash order as paid from the orders list: Paid follows the money, and revenue with it', async ({
  page,
}) => {
  const { orderId, email } = await pendingOrder(page);
  const number = `#${orderId.slice(0, 8)}`;
  await signInWithApi(page, DEMO_ADMIN);
  await expect(await spent(page, email)).toContainText('£0.00');

  await page.goto('/admin/orders?status=pending');
  const card = page.getByRole('article', { name: `Order ${number}` });
  // Paid is not a status to choose for an unpaid order: its money is recorded instead.
  const options = await card
    .getByLabel(`Status of order #${orderId.slice(0, 8)}`)
    .locator('option')
    .allTextContents();
  expect(options).not.toContain('Paid');
  await card.getByRole('button', { name: `Mark as paid order ${number}` }).click();

  const dialog = page.getByRole('dialog', { name: `Mark order ${number} as paid` });
  const amount = dialog.getByLabel('Amount paid (£)');
  const owed = await amount.inputValue();
  expect(owed).toMatch(/^\d+\.\d{2}$/);
  await dialog.getByLabel('Bank transfer').check();
  await expect(dialog).toContainText(`This records £${owed} paid by bank transfer under your name.`);
  await amount.fill('0x10');
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Amount paid must be an amount in pounds, like 20.00');
  await amount.fill(`£${owed}`);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Payment recorded')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await page.goto(`/admin/orders/${orderId}`);
  await expect(page.getByText(`£${owed} by bank transfer, recorded by`)).toBeVisible();
  // In its history (the first) and again in its activity entries.
  await expect(page.getByText('Marked as paid: bank transfer').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /Mark as paid/ })).toHaveCount(0);
  await expect(await spent(page, email)).toContainText(`£${owed}`);
});

test.describe('at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a refund is typed in pounds and pence and confirmed with what will be left', async ({ page }) => {
    const { orderId } = await pendingOrder(page, 3);
    await signInWithApi(page, DEMO_ADMIN);
    await page.goto(`/admin/orders/${orderId}`);
    await expect(page.getByText(/Nothing has been paid yet: £[\d.]+ is owed\./)).toBeVisible();
    await page.getByRole('button', { name: /Mark as paid/ }).click();
    const pay = page.getByRole('dialog');
    const paid = Number(await pay.getByLabel('Amount paid (£)').inputValue());
    await pay.getByRole('button', { name: 'Record payment' }).click();
    await expect(page.getByText('Payment recorded')).toBeVisible();

    await page.getByLabel('Part of it').check();
    const amount = page.getByLabel('Amount to refund (£)');
    await expect(page.getByText('In pounds and pence, e.g. 4.75 for £4.75.')).toBeVisible();
    await amount.fill('4.999');
    await page.getByLabel('Reason').fill('Two cookies arrived broken');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Amount to refund must be an amount in pounds, like 20.00',
    );
    await expect(page.getByRole('alertdialog')).toHaveCount(0);

    await amount.fill('£1.75');
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Refund £1.75?' });
    await expect(confirm).toContainText(`£${(paid - 1.75).toFixed(2)} will be left to refund.`);
    // The dialog fits the phone's width.
    const box = (await confirm.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: test.info().outputPath('refund-confirm-390.png') });
    await confirm.getByRole('button', { name: 'Refund £1.75' }).click();
    await expect(page.getByText('Refund made')).toBeVisible();
    await expect(page.getByText('Partly refunded £1.75').first()).toBeVisible();
    await expect(page.getByText(`Up to £${(paid - 1.75).toFixed(2)} can be refunded.`)).toBeVisible();
  });

  test('an order’s table keeps its quantity apart from its price, and the orders list is a card a glance long', async ({
    page,
  }) => {
    // A box at £39.00: its unit price is wider than its column's heading, the case that read "1£39.00".
    await page.goto('/');
    await signUpWithApi(page, 'Dot Dozen');
    const { products } = await (await page.request.get('/api/products')).json();
    const dozen = products.find((p: { name: string }) => p.name === 'Classic dozen');
    const res = await page.request.post('/api/checkout/create-checkout-session', {
      data: { items: [{ product_id: dozen.id, quantity: 1 }] },
      headers: { origin: E2E_BASE_URL },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { orderId } = (await res.json()) as { orderId: string };
    const number = `#${orderId.slice(0, 8)}`;

    await page.goto(`/account/orders/${orderId}`);
    const row = page.getByRole('row', { name: /^Classic dozen/ });
    const [qty, each] = [row.getByRole('cell').nth(1), row.getByRole('cell').nth(2)];
    await expect(qty).toHaveText('1');
    await expect(each).toHaveText('£39.00');
    // The gap a reader sees between the two figures, not only between their cells.
    const gap = await row.evaluate((tr) => {
      const [, q, e] = [...tr.querySelectorAll('td')].map((td) => {
        const range = document.createRange();
        range.selectNodeContents(td.lastChild ?? td);
        return range.getBoundingClientRect();
      });
      return e!.left - q!.right;
    });
    expect(gap).toBeGreaterThanOrEqual(8);

    await page.context().clearCookies();
    await signInWithApi(page, DEMO_ADMIN);
    await page.goto(`/admin/orders?q=${encodeURIComponent(number)}`);
    const card = page.getByRole('article', { name: `Order ${number}` });
    await expect(card).toContainText('Dot Dozen');
    await expect(card).toContainText('1 x Classic dozen');
    const height = (await card.boundingBox())!.height;
    await page.screenshot({ path: test.info().outputPath('orders-list-390.png'), fullPage: true });
    // About 690 px before, box contents and the Mark as paid button included here.
    expect(height).toBeLessThanOrEqual(360);
  });
});
