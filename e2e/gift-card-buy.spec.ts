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
  { name: 'desktop', size: { width: 1366, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
]) {
  test(`(${viewport.name}) a gift card is bought, e-mailed, spent in part, then the rest with a card payment`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport.size);
    const recipient = `rosie-${viewport.name}-${Date.now()}@example.com`;

    // Found from the shop's footer, the shop page and the basket, not only by its address.
    await signUpWithApi(page, 'Mary Giver');
    await page.goto('/');
    await expect(
      page.getByRole('navigation', { name: 'Quick links' }).getByRole('link', { name: 'Gift Cards' }),
    ).toHaveAttribute('href', '/gift-cards/buy');
    await page.goto('/cart');
    await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
    await page.goto('/shop');
    await shot(page, viewport.name, 'shop');
    await page.getByRole('link', { name: 'Buy a gift card' }).click();

    // The buyer picks £20, a recipient, a message and today; a basket of gift cards needs no day.
    await expect(page.getByRole('heading', { level: 1, name: 'Buy a gift card' })).toBeVisible();
    await page.getByRole('radio', { name: '£20.00' }).check();
    await page.getByLabel('Recipient’s name').fill('Rosie Recipient');
    await page.getByLabel('Recipient’s e-mail').fill(recipient);
    await page.getByLabel('Message (optional)').fill('Happy birthday, Rosie!');
    await page.getByRole('button', { name: 'Add gift card to basket' }).click();
    await expect(page).toHaveURL(/\/cart$/);
    await expect(page.getByText('£20.00 gift card for Rosie Recipient')).toBeVisible();
    // Sent by e-mail: nothing to deliver, so no postcode checker and no delivery line.
    await expect(page.getByText('Gift cards are sent by e-mail: no delivery to pay.')).toBeVisible();
    await expect(page.getByText('Calculated at checkout')).toHaveCount(0);
    await expect(page.getByLabel('Check delivery to your postcode')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Buy a gift card' })).toBeVisible();
    await shot(page, viewport.name, 'basket');
    await page.goto('/checkout');
    await expect(row(page, 'Total')).toContainText('£20.00');
    await expect(page.getByRole('radiogroup', { name: /day/i })).toHaveCount(0);
    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/pay\/test\//);
    await fillTestCard(page, 'Mary Giver');
    await page.getByRole('button', { name: 'Pay £20.00' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    // Who it goes to, at which address and when; no cookies being prepared.
    const today = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      weekday: 'long',
      day: 'numeric',
      month: 'long',
    }).format(new Date());
    await expect(
      page
        .getByRole('list', { name: 'Gift cards bought' })
        .getByText(`£20.00 gift card for Rosie Recipient, e-mailed to ${recipient} on ${today}.`),
    ).toBeVisible();
    await expect(page.getByText('cookies are being prepared')).toHaveCount(0);
    await shot(page, viewport.name, 'confirmed');

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
    await page.goto('/cart');
    await expect(page.getByText(': gift cards are paid for on an order of their own.')).toBeVisible();
    await expect(page.getByText('Calculated at checkout')).toBeVisible();
    await shot(page, viewport.name, 'cookie-basket');
    await page.goto('/checkout');
    await expect(row(page, 'Total')).toContainText(/£\d/);
    const first = pence(await row(page, 'Total').textContent());
    expect(first).toBeLessThan(2000);
    await page.getByRole('textbox', { name: 'Gift card' }).fill(code);
    await page.getByRole('button', { name: 'Apply gift card' }).click();
    await expect(page.getByText(`Gift card •••• ${code.slice(-4)} pays ${money(first)}`)).toBeVisible();
    // Paid in full by the card: no payment page, and the button says so; a reload keeps the card.
    await page.reload();
    await expect(page.getByText(`Gift card •••• ${code.slice(-4)} pays ${money(first)}`)).toBeVisible();
    await expect(
      page.getByText('Your gift card pays the whole order: nothing to pay by card.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Proceed to Payment' })).toHaveCount(0);
    await shot(page, viewport.name, 'covered');
    await page.getByRole('button', { name: 'Place Order' }).click();
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
    await expect(page.getByRole('button', { name: 'Place Order' })).toHaveCount(0);
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

    // Cancelled: the gift card's part goes back on it at once, the page says so with its balance.
    const { orders } = await (await page.request.get('/api/account/orders')).json();
    await page.goto(`/account/orders/${orders[0].id}`);
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(
      `The ${money(rest)} paid by gift card goes back on your gift card at once, and the ${money(second - rest)} paid by card is refunded to your card.`,
    );
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(
      page.getByText(
        `${money(rest)} went back on gift card •••• ${code.slice(-4)}, which now holds ${money(rest)}.`,
      ),
    ).toBeVisible();
    await expect(
      page.getByText(
        `${money(second - rest)} went back to your card (usually with you within 5 to 10 working days).`,
      ),
    ).toBeVisible();
    await shot(page, viewport.name, 'cancelled');
  });
}

/** Kept for looking at (the walk at both sizes), not compared. */
async function shot(page: Page, size: string, name: string) {
  await page.screenshot({ path: `test-results/gift-card-${size}-${name}.png`, fullPage: true });
}
