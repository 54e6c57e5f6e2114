import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, DEMO_CUSTOMER, plainCookie, signInWithApi } from './fixtures';

async function firstProductPath(page: Page) {
  const res = await page.request.get('/api/products');
  const { products } = (await res.json()) as { products: Parameters<typeof plainCookie>[0] };
  return `/product/${plainCookie(products).id}`;
}

test.describe('no serious accessibility violations', () => {
  test('storefront pages', async ({ page }) => {
    const pages = [
      '/',
      '/shop',
      await firstProductPath(page),
      '/cart',
      '/checkout',
      '/auth',
      '/our-story',
      '/contact',
      '/privacy',
      '/reset-password?token=example',
      '/no-such-page',
    ];
    for (const path of pages) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test('the cart with an item, at phone width', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(await firstProductPath(page));
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/cart');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('the customer account', async ({ page }) => {
    await signInWithApi(page, DEMO_CUSTOMER);
    await page.goto('/account');
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Edit profile' }).click();
    expect(await seriousViolations(page), 'editing the profile').toEqual([]);
  });

  test('the back office', async ({ page }) => {
    // Twelve pages, each scanned whole by axe: a long walk on a busy two-core machine.
    test.slow();
    await signInWithApi(page, DEMO_ADMIN);
    for (const path of [
      '/admin',
      '/admin/orders',
      '/admin/products',
      '/admin/customers',
      '/admin/deliveries',
      '/admin/discounts',
      '/admin/messages',
      '/admin/emails',
      '/admin/settings',
      '/admin/bake-days/2099-01-05/collections',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), path).toEqual([]);
    }
    // The discount code form, with its errors showing.
    await page.goto('/admin/discounts');
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: /^Add (code|your first code)$/ }).click();
    await page
      .getByRole('dialog', { name: 'Add Discount Code' })
      .getByRole('button', { name: 'Add Code' })
      .click();
    await expect(page.getByText('Code is required')).toBeVisible();
    expect(await seriousViolations(page), 'the discount code form').toEqual([]);
    // One e-mail to read: a contact message is e-mailed to the shop.
    const sent = await page.request.post('/api/contact', {
      data: { name: 'Axe Tester', email: 'axe@example.com', message: 'Is this readable?' },
      headers: { origin: E2E_BASE_URL },
    });
    expect(sent.status()).toBe(201);
    await page.goto('/admin/emails');
    await page
      .getByRole('link', { name: /^Read e-mail/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/emails\/[0-9a-f-]{36}$/);
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page), 'an e-mail').toEqual([]);
  });

  test('an order, as its customer and the owner see it', async ({ page, browser }) => {
    await signInWithApi(page, DEMO_CUSTOMER);
    const { products } = await (await page.request.get('/api/products')).json();
    const checkout = await page.request.post('/api/checkout/create-checkout-session', {
      data: { items: [{ product_id: plainCookie(products).id, quantity: 1 }] },
      headers: { origin: E2E_BASE_URL },
    });
    const { orderId } = await checkout.json();
    for (const path of ['/account?tab=orders', `/account/orders/${orderId}`]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), path).toEqual([]);
    }
    const owner = await (await browser.newContext()).newPage();
    await signInWithApi(owner, DEMO_ADMIN);
    for (const path of [`/admin/orders/${orderId}`, `/admin/orders/${orderId}/packing-slip`]) {
      await owner.goto(path);
      await owner.waitForLoadState('networkidle');
      expect(await seriousViolations(owner), path).toEqual([]);
    }
    await owner.context().close();
  });
});
