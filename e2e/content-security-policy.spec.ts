import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, fillTestCard, signInWithApi, signUpWithApi, waitUntilInteractive } from './fixtures';

const COOKIE = 'Dark Chocolate & Sea Salt';

/** Everything the browser refused under the page's Content-Security-Policy, page by page. */
function watchRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/.test(msg.text())) refused.push(`${page.url()}: ${msg.text()}`);
  });
  return refused;
}

test('the shop runs under its Content-Security-Policy with nothing refused, from browsing to the back office', async ({
  page,
}) => {
  const refused = watchRefusals(page);
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`${page.url()}: ${err.message}`));

  // Storefront: the browsing pages start their JavaScript after painting (an inline starter).
  const home = await page.goto('/');
  expect(home?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  await page.goto('/our-story');
  await page.goto('/shop');
  await waitUntilInteractive(page);
  await page.getByRole('link', { name: new RegExp(COOKIE) }).click();
  await expect(page.getByRole('heading', { level: 1, name: COOKIE })).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added 1 ${COOKIE} to cart`)).toBeVisible();
  // The same page again, now from the page cache: its policy still fits its scripts.
  await page.reload();
  await waitUntilInteractive(page);

  // Cart, checkout and the test payment page, signed in as a new customer.
  await signUpWithApi(page, 'Clover Baxter');
  await page.goto('/cart');
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test\//);
  await fillTestCard(page, 'Clover Baxter');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();

  // Account: the orders tab and the order's own page.
  await page.getByRole('link', { name: 'View Orders' }).click();
  await expect(page.getByRole('tab', { name: 'Orders' })).toHaveAttribute('aria-selected', 'true');
  await page
    .getByRole('tabpanel', { name: 'Orders' })
    .getByRole('link', { name: /Order #/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Order #/ })).toBeVisible();

  // Back office: dashboard, orders, the new order, products, bake days, e-mails.
  await page.context().clearCookies();
  await signInWithApi(page, DEMO_ADMIN);
  for (const path of ['/admin', '/admin/orders', '/admin/products', '/admin/bake-days', '/admin/emails']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // An e-mail as its recipient sees it: its HTML in a sandboxed frame, under the page's policy.
  await page.getByRole('article').first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/emails\/[0-9a-f-]{36}$/);
  await expect(page.frameLocator('iframe[title^="The e-mail"]').locator('body')).not.toBeEmpty();
  await page.goto('/admin/orders');
  await page
    .getByRole('link', { name: /Clover Baxter|#/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /Order #/ })).toBeVisible();

  expect(refused).toEqual([]);
  expect(errors).toEqual([]);
});

test('an inline script that is not the shop’s own is refused, while the shop’s own still run', async ({
  page,
}) => {
  const refused = watchRefusals(page);
  // As if a stored piece of content had smuggled a script into the page: the answer, with its
  // own headers, gains one. (React then reports the page differs from what it rendered.)
  await page.route('**/shop', async (route) => {
    const res = await route.fetch();
    const html = (await res.text()).replace(
      '</main>',
      '<script>document.title = "taken over"</script></main>',
    );
    await route.fulfill({ response: res, body: html });
  });
  await page.goto('/shop');
  await waitUntilInteractive(page);
  await expect(page).not.toHaveTitle('taken over');
  expect(refused).toEqual([expect.stringMatching(/Executing inline script violates/)]);
});
