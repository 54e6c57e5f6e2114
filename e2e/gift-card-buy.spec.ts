import { expect, type Page, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, fillTestCard, signInWithApi, signUpWithApi } from './fixtures';

const COOKIE = 'Dark Chocolate & Sea Salt';
const row = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('..');

async function cookiesInBasket(page: Page, quantity: number) {
  await page.goto('/shop');
  await page.getByRole('link', { name: new RegExp(COOKIE) }).click();
  for (let i = 1; i < quantity; i++) {
    await page.getByRole('button', { name: `Increase quantity of ${COOKIE}` }).click();
  }
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added ${quantity} ${COOKIE} to cart`)).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test(`(${viewport.name}) a gift card is bought, e-mailed, spent in part, then the rest with a card payment`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport.size);
    const recipient = `rosie-${viewport.name}-${Date.now()}@example.com`;

    // The buyer picks £20, a recipient, a message and today; a basket of gift cards needs no day.
    await signUpWithApi(page, 'Mary Giver');
    await page.goto('/gift-cards/buy');
    await page.getByRole('radio', { name: '£20.00' }).check();
    await page.getByLabel('Recipient’s name').fill('Rosie Recipient');
    await page.getByLabel('Recipient’s e-mail').fill(recipient);
    await page.getByLabel('Message (optional)').fill('Happy birthday, Rosie!');
    await page.getByRole('button', { name: 'Add gift card to basket' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('£20.00 gift card for Rosie Recipient')).toBeVisible();
    await page.goto('/checkout');
    await expect(row(page, 'Total')).toContainText('£20.00');
    await expect(page.getByRole('radiogroup', { name: /day/i })).toHaveCount(0);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/pay\/test\//);
    await fillTestCard(page, 'Mary Giver');
    await page.getByRole('button', { name: 'Pay £20.00' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();

    // The owner reads the recipient's e-mail on the E-mails page.
    const owner = await browser.newContext({ baseURL: E2E_BASE_URL });
    const admin = await owner.newPage();
    await signInWithApi(admin, DEMO_ADMIN);
    await admin.goto('/admin/emails');
    const subject = 'Mary Giver sent you a £20.00 Shropshire Cookie Co. gift card';
    const article = admin.getByRole('article', { name: subject }).filter({ hasText: recipient });
    await expect(article).toBeVisible();
    await article.getByRole('link', { name: subject, exact: true }).click();
    const text = admin.getByRole('region', { name: 'Text' });
    await expect(text).toContainText('Happy birthday, Rosie!');
    await expect(text).toContainText('Amount: £20.00');
    await expect(text).toContainText('Expires:');
    const code = /code: ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){4})/.exec((await text.textContent()) ?? '')![1]!;
    await owner.close();

    // Spent in part: two cookies and their delivery (whatever the buyer's zone charges), all paid by the card at once.
    const pence = (text: string | null) => Math.round(Number(/£([\d.]+)/.exec(text ?? '')![1]) * 100);
    const money = (p: number) => `£${(p / 100).toFixed(2)}`;
    await cookiesInBasket(page, 2);
    await expect(row(page, 'Total')).toContainText(/£\d/);
    const first = pence(await row(page, 'Total').textContent());
    expect(first).toBeLessThan(2000);
    await page.getByRole('textbox', { name: 'Gift card' }).fill(code);
    await page.getByRole('button', { name: 'Apply gift card' }).click();
    await expect(page.getByText(`Gift card •••• ${code.slice(-4)} pays ${money(first)}`)).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();

    // The rest on a bigger order; the bank card pays the other part.
    await cookiesInBasket(page, 4);
    await expect(row(page, 'Total')).toContainText(/£\d/);
    const second = pence(await row(page, 'Total').textContent());
    const rest = 2000 - first;
    expect(second).toBeGreaterThan(rest);
    await page.getByRole('textbox', { name: 'Gift card' }).fill(code);
    await page.getByRole('button', { name: 'Apply gift card' }).click();
    await expect(page.getByText(`Gift card •••• ${code.slice(-4)} pays ${money(rest)}`)).toBeVisible();
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/pay\/test\//);
    await fillTestCard(page, 'Mary Giver');
    await page.getByRole('button', { name: `Pay ${money(second - rest)}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();

    // Nothing left on it.
    await page.goto('/gift-cards');
    await page.getByLabel('Gift card code').fill(code);
    await page.getByRole('button', { name: 'Check balance' }).click();
    await expect(page.getByText('£0.00')).toBeVisible();
  });
}
