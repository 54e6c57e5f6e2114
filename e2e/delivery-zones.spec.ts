import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInWithApi, signUpWithApi, waitUntilInteractive } from './fixtures';

// Issue 30 on the demo shop's zones: Local van (SY1-SY5, TF1-TF13), UK post, Highlands/islands/NI,
// and no delivery to IM, GY, JE or BFPO.
const COOKIE = 'Pecan & Maple Syrup';

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`the postcode checker answers without signing in (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto('/shop');
    await page
      .getByRole('link', { name: new RegExp(COOKIE) })
      .first()
      .click();
    // The checker answers through the page's script: wait until it runs (a click before did nothing).
    await expect(page.getByRole('heading', { level: 1, name: COOKIE })).toBeVisible();
    await waitUntilInteractive(page);
    const postcode = page.getByLabel('Check delivery to your postcode');
    await postcode.fill('sy3 8ab');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'SY3 8AB' })).toHaveText(
      /^SY3 8AB: Local van, £2\.50 \(free over £25\), next delivery (Tuesday|Friday) \d+ \w+$/,
    );
    await postcode.fill('JE2 3AB');
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await expect(page.getByText("We don't deliver to JE2; you can collect from the bakery")).toBeVisible();
  });
}

test('checkout prices by the zone: the van, a posted gift with its dispatch day, and a refused island', async ({
  page,
}) => {
  await page.goto('/');
  await signUpWithApi(page, 'Vera Van'); // SY1 1BY: the Local van
  await page.goto('/shop');
  await page
    .getByRole('link', { name: new RegExp(COOKIE) })
    .first()
    .click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.goto('/checkout');
  // The summary's row (the first): "Before you pay" names the delivery again (decision 080).
  const delivery = page.getByText('Delivery', { exact: true }).first().locator('..');
  await expect(delivery).toContainText('£2.50');

  await page.getByRole('radio', { name: /Send to someone else/ }).check();
  const gift = page.getByRole('group', { name: 'Who are the cookies for?' });
  await gift.getByLabel('Postcode').fill('IV1 1AA');
  await expect(delivery).toContainText('£8.99');
  await expect(
    page.getByText(/^Dispatched (Monday|Tuesday) \d+ \w+, usually with you in 2-3 days$/).first(),
  ).toBeVisible();

  await gift.getByLabel('Postcode').fill('JE2 3AB');
  await expect(page.getByText("We don't deliver to JE2; you can collect from the bakery")).toBeVisible();
});

test('the owner sees the demo zones and where they overlap in Settings', async ({ page }) => {
  await page.goto('/');
  await signInWithApi(page, DEMO_ADMIN);
  await page.goto('/admin/settings');
  const zones = page.getByRole('region', { name: 'Delivery zones' });
  await expect(zones.getByText('Local van', { exact: false }).first()).toBeVisible();
  await zones.getByText('Add a zone').click();
  await zones.getByRole('button', { name: 'Add zone' }).click();
  await expect(zones.getByText('Give the zone a name').first()).toBeVisible();
});
