import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './axe';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, fillTestCard, signInWithApi, signUpWithApi } from './fixtures';

const COOKIE = 'Pecan & Maple Syrup';
const ADDRESS = 'The Bakehouse, 12 Wyle Cop, Shrewsbury SY1 1XB';
const HOURS = 'Tue-Sat 9am-4pm';

/** The order summary's row (the first): "Before you pay" below it names some of them again. */
const row = (page: Page, label: string) => page.getByText(label, { exact: true }).first().locator('..');

async function setCollection(admin: Page, on: boolean) {
  await admin.goto('/admin/settings');
  await admin.waitForLoadState('networkidle');
  const box = admin.getByRole('checkbox', { name: 'Offer collection from the bakery' });
  if (on) {
    await box.check();
    await admin.getByRole('textbox', { name: 'Collection address' }).fill(ADDRESS);
    await admin.getByRole('textbox', { name: 'Collection hours' }).fill(HOURS);
  } else {
    await box.uncheck();
  }
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved')).toBeVisible();
}

test('a customer chooses collection and the owner sees it on the day’s collection list', async ({
  page,
  browser,
}) => {
  const owner = await browser.newContext({ baseURL: E2E_BASE_URL });
  const admin = await owner.newPage();
  await signInWithApi(admin, DEMO_ADMIN);
  await setCollection(admin, true);
  await expect(admin.getByRole('combobox', { name: 'Time slots' })).toHaveValue('30');
  expect(await seriousViolations(admin), 'the collection times in Settings').toEqual([]);

  try {
    // The customer chooses collection: free, no address asked, a collection day.
    await signUpWithApi(page, 'Clementine Collects');
    await page.goto('/shop');
    await page.getByRole('link', { name: new RegExp(COOKIE) }).click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText(`Added 1 ${COOKIE} to cart`)).toBeVisible();
    await page.goto('/checkout');
    // SY1: the Local van's £2.50.
    await expect(row(page, 'Delivery')).toContainText('£2.50');
    const collect = page.getByRole('radio', { name: /Collect from the bakery/ });
    await expect(collect).toHaveAccessibleDescription(new RegExp(`${ADDRESS}.*${HOURS}`));
    await collect.check();
    await expect(row(page, 'Collection')).toContainText('Free');
    await expect(row(page, 'Total')).toContainText('£4.75');
    await expect(page.getByRole('radio', { name: 'Send to someone else' })).toHaveCount(0);
    const days = page.getByRole('group', { name: 'Collection day' });
    const chosen = days.getByRole('radio', { checked: true });
    const day = (await chosen.getAttribute('value'))!;
    // The demo's half-hour collection times (decision 084): the first is chosen; they pick another.
    const times = page.getByRole('group', { name: 'Collection time' });
    await expect(times.getByRole('radio', { name: '10:00-10:30' })).toBeChecked();
    await times.getByRole('radio', { name: '10:30-11:00' }).check();
    await expect(times.getByRole('radio', { name: '10:00-10:30' })).not.toBeChecked();
    await expect(page.getByText(/on \w+ \d+ \w+ between 10:30 and 11:00;/)).toBeVisible();
    expect(await seriousViolations(page), 'the collection times').toEqual([]);

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(page).toHaveURL(/\/pay\/test\//);
    await fillTestCard(page, 'Clementine Collects');
    await expect(page.getByRole('listitem').filter({ hasText: 'Collection' })).toContainText('Free');
    await page.getByRole('button', { name: 'Pay £4.75' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
    await expect(page.getByText(/^Collection day: .*, 10:30-11:00$/)).toBeVisible();
    await expect(page.getByText(`Collect from the bakery: ${ADDRESS} (${HOURS})`)).toBeVisible();
    const number = (await page.getByText(/^#[0-9a-f]{8}$/).textContent())!;

    // The owner finds it on the day's collection list, not on the run sheet.
    await admin.goto(`/admin/bake-days/${day}/run-sheet`);
    await expect(admin.getByRole('heading', { level: 1, name: /Run sheet/ })).toBeVisible();
    await expect(admin.getByText('Clementine Collects')).toHaveCount(0);
    await admin.getByRole('link', { name: 'Collection list' }).click();
    await expect(admin).toHaveURL(`/admin/bake-days/${day}/collections`);
    const entry = admin.getByRole('row', { name: /Clementine Collects/ });
    await expect(entry).toContainText(number);
    await expect(entry.getByRole('cell', { name: '10:30-11:00' })).toBeVisible();
    await entry.getByRole('button', { name: 'Ready to collect' }).click();
    await expect(admin.getByText('Customer told it is ready')).toBeVisible();
    await expect(entry.getByText('Ready to collect')).toBeVisible();
    // The tick box is ticked once the server has it (a click, not check(): it answers first).
    await entry.getByRole('checkbox', { name: 'Collected: Clementine Collects' }).click();
    await expect(admin.getByText('Marked collected')).toBeVisible();
    await expect(entry.getByRole('checkbox', { name: 'Collected: Clementine Collects' })).toBeChecked();

    // Deliveries: a collection has nothing to track and no driver to brief.
    await admin.goto('/admin/deliveries');
    const card = admin.getByRole('article').filter({ hasText: number });
    await expect(card).toContainText('Clementine Collects');
    await expect(card.getByLabel(/^Status of delivery/)).toHaveValue('delivered');
    await expect(card.getByLabel('Tracking code')).toHaveCount(0);
    await expect(card.getByLabel('Driver notes')).toHaveCount(0);

    // The customer was told where and when.
    await admin.goto('/admin/emails');
    await admin
      .getByRole('link', { name: new RegExp(`Your order ${number} is ready to collect`) })
      .first()
      .click();
    await expect(admin.getByText(ADDRESS)).toBeVisible();
    await expect(admin.getByText(`Opening hours for collection: ${HOURS}`)).toBeVisible();

    // The customer's order page says Collect.
    await page.goto('/account?tab=orders');
    await page.getByRole('link', { name: `Order ${number}`, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Collect from the bakery' })).toBeVisible();
    await expect(page.getByText(/^Collection day: .*, 10:30-11:00$/)).toBeVisible();
    await expect(page.getByText('Collected', { exact: true })).toBeVisible();
  } finally {
    await setCollection(admin, false);
    await owner.close();
  }
});
