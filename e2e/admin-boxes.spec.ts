import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, signInWithApi, waitUntilInteractive } from './fixtures';

// The owner makes a box in the back office (decision 042) and the shop sells it at once: the
// customer fills it from the cookies the owner allowed, and sees its allergens before adding it.
test('the owner makes a box of choice, and the shop sells it fillable', async ({ page }) => {
  const name = `Pair Box ${Date.now().toString(36)}`;
  await signInWithApi(page, DEMO_ADMIN);
  await page.goto('/admin/products');
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Four cookies from two of our favourites.');
  await dialog.getByLabel('Price (£)').fill('12');
  await dialog.getByLabel('This is a box of cookies').check();
  await expect(dialog.getByText('£12.00 per box')).toBeVisible();
  // A box's allergens come from its cookies: no allergen to assess.
  await expect(dialog.getByLabel('Peanuts')).toBeHidden();
  await dialog.getByLabel('Cookies in the box').fill('4');
  await dialog.getByRole('radio', { name: 'A fixed assortment' }).check();
  await dialog.getByLabel('Oat & Golden Syrup').fill('3');
  await expect(dialog.getByText('3 of 4 in the assortment')).toBeVisible();
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(
    dialog.getByText('The fixed assortment holds 3 cookies: the box holds 4. Make the counts add up to 4.'),
  ).toBeVisible();
  // A choice instead, from two cookies only.
  await dialog.getByRole('radio', { name: 'The customer chooses' }).check();
  await dialog.getByLabel('Every active cookie').uncheck();
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(
    dialog.getByText('Choose at least one cookie the box may hold, or allow every active cookie'),
  ).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Oat & Golden Syrup' }).check();
  // Not two cookies free from milk and peanuts: the shop's "free from" journey runs beside this one.
  await dialog.getByRole('checkbox', { name: 'Pecan & Maple Syrup' }).check();
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product created')).toBeVisible();
  await expect(page.getByRole('article', { name })).toContainText('£12.00');

  // The shop shows it, fillable from those two cookies only.
  await page.goto('/shop');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await waitUntilInteractive(page);
  const fill = page.getByRole('region', { name: 'Fill your box of 4' });
  await expect(fill.getByText(/ of 4 chosen$/)).toHaveText('0 of 4 chosen');
  await expect(fill.getByRole('button', { name: /^Increase quantity of / })).toHaveCount(2);
  await expect(fill.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await fill.getByRole('button', { name: 'Increase quantity of Oat & Golden Syrup' }).click();
  await fill.getByRole('button', { name: 'Fill it for me' }).click();
  await expect(fill.getByText(/ of 4 chosen$/)).toHaveText('4 of 4 chosen');
  await expect(fill.getByText(/^Contains/)).toBeVisible();
  await fill.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added 1 ${name} to cart`)).toBeVisible();

  await page.goto('/cart');
  const inBox = page.getByRole('list', { name: 'In each box' });
  await expect(inBox.getByRole('listitem')).toHaveText(['2 × Oat & Golden Syrup', '2 × Pecan & Maple Syrup']);
  await expect(page.getByRole('main')).toContainText('£12.00');
});
