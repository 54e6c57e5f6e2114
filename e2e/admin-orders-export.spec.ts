import { readFile } from 'node:fs/promises';
import { expect, request, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, signInWithApi, uniqueEmail } from './fixtures';

/** A new customer with a postcode of their own buys one cookie through the real endpoints. */
async function paidOrderFrom(postcode: string) {
  const customer = await request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
  try {
    const email = uniqueEmail('export');
    const password = 'gingernut1';
    const signUp = await customer.post('/api/account/sign-up', {
      data: {
        fullName: 'Ivy Export',
        email,
        phone: '07700900222',
        address: '3 Broad St',
        city: 'Ludlow',
        postcode,
        password,
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    expect((await customer.post('/api/auth/sign-in/email', { data: { email, password } })).ok()).toBe(true);
    const { products } = await (await customer.get('/api/products')).json();
    const checkout = await customer.post('/api/checkout/create-checkout-session', {
      data: { items: [{ product_id: products[0].id, quantity: 2 }] },
    });
    expect(checkout.ok(), await checkout.text()).toBe(true);
    const { sessionId } = await checkout.json();
    const paid = await customer.post(`/api/payments/test/sessions/${sessionId}/pay`, {
      data: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 40', cvc: '123', name: 'Ivy Export' },
    });
    expect(paid.ok(), await paid.text()).toBe(true);
    const { orders } = await (await customer.get('/api/account/orders')).json();
    return { id: orders[0].id as string, email, product: products[0].name as string };
  } finally {
    await customer.dispose();
  }
}

test('the owner finds an order by postcode and exports it as a CSV for the accountant', async ({ page }) => {
  const letters = 'ABDEFGHJLNPQRSTUWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  const postcode = `SY${1 + Math.floor(Math.random() * 9)} ${Math.floor(Math.random() * 10)}${pick()}${pick()}`;
  const order = await paidOrderFrom(postcode);
  const short = order.id.slice(0, 8);
  await signInWithApi(page, DEMO_ADMIN);

  await page.goto('/admin/orders');
  await page.getByLabel('Search').fill(postcode.toLowerCase().replace(' ', ''));
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/[?&]q=sy/i);
  await expect(page.getByRole('article', { name: `Order #${short}` })).toBeVisible();
  await expect(page.getByRole('article')).not.toHaveCount(0);
  for (const card of await page.getByRole('article').all()) await expect(card).toContainText(postcode);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const [header, ...rows] = csv.trimEnd().split('\r\n');
  expect(header).toBe(
    'Order number,Order date,Delivery day,Status,Customer,E-mail,Postcode,Items,Subtotal,Delivery,Refunds,Total',
  );
  const row = rows.find((r) => r.startsWith(`${short},`));
  expect(row).toBeDefined();
  expect(row).toContain(`,Paid,Ivy Export,${order.email},${postcode},`);
  expect(row).toContain(`2 x ${order.product}`);
  expect(row).toMatch(/,\d+\.\d{2},\d+\.\d{2},0\.00,\d+\.\d{2}$/);
  for (const r of rows) expect(r).toContain(postcode);
});
