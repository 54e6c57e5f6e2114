import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInWithApi } from './fixtures';

test('the owner creates a discount code, edits it and deactivates it', async ({ page }) => {
  // A suffix keeps this run's code apart from codes other journeys create on the same shop.
  const typed = `spring10-${Date.now().toString(36)}`;
  const code = typed.toUpperCase();
  await signInWithApi(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Discounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Discounts' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // Add: the form checks with the server's rules before sending.
  await page.getByRole('button', { name: /^Add (code|your first code)$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Discount Code' });
  // Every problem shows at once.
  await dialog.getByRole('button', { name: 'Add Code' }).click();
  await expect(dialog.getByText('Code is required')).toBeVisible();
  await expect(dialog.getByText('Percent off must be a whole number from 1 to 100')).toBeVisible();
  await dialog.getByLabel('Code').fill(typed);
  await expect(dialog.getByLabel('Percent off the cookies')).toBeChecked();
  await dialog.getByLabel('Percent off', { exact: true }).fill('110');
  await dialog.getByLabel('Minimum spend (£, optional)').fill('10');
  await dialog.getByRole('button', { name: 'Add Code' }).click();
  await expect(dialog.getByText('Percent off must be a whole number from 1 to 100')).toBeVisible();
  await dialog.getByLabel('Percent off', { exact: true }).fill('10');
  await dialog.getByLabel('Once per customer').check();
  await dialog.getByRole('button', { name: 'Add Code' }).click();
  await expect(page.getByText('Discount code created')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: code });
  await expect(card).toContainText('10% off');
  await expect(card).toContainText('Minimum spend£10.00');
  await expect(card).toContainText('Once per customerYes');
  await expect(card).toContainText('Uses0');
  await expect(card).toContainText('Active');

  // The same code in another case is refused by the server, and the form stays open to fix it.
  await page.getByRole('button', { name: 'Add code' }).click();
  const again = page.getByRole('dialog', { name: 'Add Discount Code' });
  await again.getByLabel('Code').fill(code.toLowerCase());
  await again.getByLabel('Percent off', { exact: true }).fill('5');
  await again.getByRole('button', { name: 'Add Code' }).click();
  await expect(page.getByText('Failed to save discount code')).toBeVisible();
  await expect(page.getByText(`There is already a code ${code}`)).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('article', { name: code })).toHaveCount(1);

  // Edit: the form opens with the code's terms; an amount off shows the amount field instead.
  await card.getByRole('button', { name: `Edit ${code}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Discount Code' });
  await expect(edit.getByLabel('Code')).toHaveValue(code);
  await expect(edit.getByLabel('Percent off', { exact: true })).toHaveValue('10');
  await expect(edit.getByLabel('Minimum spend (£, optional)')).toHaveValue('10.00');
  await edit.getByLabel('Amount off the cookies').check();
  await expect(edit.getByLabel('Percent off', { exact: true })).toBeHidden();
  await edit.getByLabel('Amount off (£)').fill('2.50');
  await edit.getByLabel('Starts on (optional)').fill('2026-03-01');
  await edit.getByLabel('Ends on (optional)').fill('2099-05-31');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Discount code updated')).toBeVisible();
  await expect(edit).toBeHidden();
  await expect(card).toContainText('£2.50 off');
  await expect(card).toContainText('1 March 2026 to 31 May 2099');

  // Deactivate, then Activate again.
  await card.getByRole('button', { name: `Deactivate ${code}` }).click();
  await expect(page.getByText('Discount code deactivated')).toBeVisible();
  await expect(card).toContainText('Inactive');
  await expect(card.getByRole('button', { name: `Activate ${code}` })).toBeVisible();

  // On a phone the list fits the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Delete asks first; a code no order used is gone.
  await card.getByRole('button', { name: `Delete ${code}` }).click();
  const confirm = page.getByRole('alertdialog', {
    name: 'Are you sure you want to delete this discount code?',
  });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Discount code deleted')).toBeVisible();
  await expect(page.getByRole('article', { name: code })).toHaveCount(0);
});
