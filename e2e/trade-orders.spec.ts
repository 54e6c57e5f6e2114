import { expect, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { DEMO_ADMIN, fillTestCard, signInWithApi, waitUntilInteractive } from './fixtures';

/** The demo café (src/server/trade/demo-trade.ts): approved, three cookies in cases of 12. */
const DEMO_CAFE = { email: 'cafe@shropshirecookies.example', password: 'cafe-demo-2026' };

test('the demo café orders on account, the owner marks it delivered, both see its VAT invoice, and the café pays it by card', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  await signInWithApi(page, DEMO_CAFE);
  await page.goto('/trade/prices');
  await page.getByRole('link', { name: 'Place a trade order' }).click();
  await expect(page.getByRole('heading', { name: 'Trade order', level: 1 })).toBeVisible();
  await waitUntilInteractive(page);
  // The demo's last order was a case of each: the form fills it back, then one line doubles.
  await page.getByRole('button', { name: 'Same as last order' }).click();
  const quantities = page.getByRole('spinbutton');
  await expect(quantities.nth(1)).toHaveValue('12');
  await quantities.nth(1).fill('13');
  // Off the case size: the browser holds the form back (the server refuses it too, tested apart).
  await page.getByRole('button', { name: 'Place order on account' }).click();
  expect(await quantities.nth(1).evaluate((e) => (e as HTMLInputElement).validity.stepMismatch)).toBe(true);
  await expect(page.getByRole('heading', { name: 'Trade order', level: 1 })).toBeVisible();
  await quantities.nth(1).fill('24');
  await page.getByRole('button', { name: 'Check the total' }).click();
  const summary = page.getByRole('heading', { name: 'Your order' }).locator('..');
  await expect(summary).toContainText('Total ex VAT');
  expect(await seriousViolations(page), '/trade/order').toEqual([]);
  await page.getByRole('button', { name: 'Place order on account' }).click();
  const placed = page.getByRole('status').filter({ hasText: 'Thank you: your order of' });
  await expect(placed).toBeVisible();
  const total = (await placed.textContent())?.match(/£[\d,]+\.\d\d/)?.[0] ?? '';
  expect(total).not.toBe('');

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto('/');
  await signInWithApi(owner, DEMO_ADMIN);
  await owner.goto('/admin');
  await owner.getByRole('link', { name: 'Invoices' }).first().click();
  await expect(owner.getByRole('heading', { name: 'Trade orders and invoices' })).toBeVisible();
  // The demo's invoiced order is listed already.
  await expect(owner.getByRole('link', { name: 'INV-000001' })).toBeVisible();
  await owner
    .getByRole('button', { name: `Delivered: invoice The Quality Square Café’s order of ${total}` })
    .click();
  await expect(owner.getByText('Delivered: invoice sent')).toBeVisible();
  expect(await seriousViolations(owner), '/admin/invoices').toEqual([]);
  const row = owner.getByRole('row', {
    name: new RegExp(`INV-\\d{6} The Quality Square Café .*${total.replace('.', '\\.')}`),
  });
  await expect(row).toHaveCount(1);
  const number = (await row.getByRole('link').first().textContent()) ?? '';
  await row.getByRole('link', { name: number }).click();
  await expect(owner.getByRole('heading', { name: `VAT invoice ${number}` })).toBeVisible();
  await ownerContext.close();

  await page.getByRole('link', { name: 'Your invoices' }).click();
  await page.getByRole('link', { name: number }).click();
  await expect(page.getByRole('heading', { name: `VAT invoice ${number}` })).toBeVisible();
  await expect(page.getByRole('article')).toContainText(`Total${total}`);
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
  expect(await seriousViolations(page), '/trade/invoices/:number').toEqual([]);

  // The café pays it by card on the payment page and comes back to it paid.
  await page.getByRole('button', { name: `Pay ${total} by card` }).click();
  await fillTestCard(page, 'Quality Square Café');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(
    new RegExp(`/trade/invoices/${number.replace('INV-', '').replace(/^0+/, '')}$`),
  );
  await expect(page.getByRole('article')).toContainText('Paid by card on');
  await expect(page.getByRole('button', { name: /by card$/ })).toHaveCount(0);
});
