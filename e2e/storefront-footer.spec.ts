import { expect, test } from '@playwright/test';

// The e2e shop runs without SHOP_INSTAGRAM_URL, SHOP_FACEBOOK_URL, SHOP_PHONE or SHOP_ADDRESS;
// src/server/shop-details-pages.test.ts renders the footer with them set. Its phone is the demo
// trader's (Settings -> Who we are, seeded with the demo catalogue, decision 080).
test('an unconfigured shop shows no social links or dead links in its footer', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Shop', exact: true })).toBeVisible();
  await expect(footer.getByRole('link', { name: /^hello@/ })).toBeVisible();
  await expect(footer.getByRole('link', { name: /Instagram|Facebook/ })).toHaveCount(0);
  await expect(footer.locator('a[href="#"]')).toHaveCount(0);
  await expect(footer.locator('a[href^="tel:"]')).toHaveAttribute('href', /^tel:\+?[\d]+$/);

  await page.goto('/contact');
  await expect(page.getByRole('heading', { name: 'Email' })).toBeVisible();
  // The demo trader's phone (decision 080), as the footer's.
  await expect(page.getByRole('heading', { name: 'Phone' })).toBeVisible();
  await expect(page.getByText(/Wyle Cop/).first()).toBeVisible();
});

test('the footer’s e-mail address is the Contact page’s, and the other address there says what it is for', async ({
  page,
}) => {
  await page.goto('/');
  const footerMail = await page.getByRole('contentinfo').getByRole('link', { name: /@/ }).textContent();
  await page.goto('/contact');
  const email = page.getByRole('heading', { name: 'Email' }).locator('..');
  const addresses = await email.getByRole('link').allTextContents();
  expect(addresses[0]).toBe(footerMail);
  await expect(email).toContainText(`${footerMail}About an order, a delivery or a gift card`);
  // The demo shop also has an info address: it is said to be for everything else.
  await expect(email).toContainText(`${addresses[1]}General enquiries: anything else`);
});
