import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_ADMIN, signInWithApi } from './fixtures';

const shopNames = async (page: Page) => {
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Our Cookies' })).toBeVisible();
  return (await page.getByRole('main').textContent()) ?? '';
};

test('the admin adds, edits and deletes a product, and the shop follows at once', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Lemon Drizzle ${Date.now().toString(36)}`;
  const renamed = `${name} Deluxe`;
  await signInWithApi(page, DEMO_ADMIN);
  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();

  // Add: the form checks with the server's rules before sending.
  await page.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Description').fill('Zesty lemon sponge cookie with a sharp drizzle.');
  await dialog.getByLabel('Price (£)').fill('450p');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog.getByText('Price must be an amount in pounds, like 20.00')).toBeVisible();
  await dialog.getByLabel('Price (£)').fill('£4.5');
  await expect(dialog.getByText('£4.50 per cookie')).toBeVisible();
  await dialog.getByLabel('Ingredients').fill('*Wheat* flour, *butter* (*milk*), free-range *eggs*, lemon.');
  await dialog.getByLabel('Net weight (g)').fill('80');
  await expect(dialog.getByLabel('Shelf life (days)')).toHaveValue('7');
  await dialog.getByLabel('Storage advice').fill('Keep in a tin.');
  await dialog.getByLabel('Nutrition (optional)').fill('Energy: 210 kcal\nSugars: 14 g');
  await dialog.getByLabel('Photo (optional)').setInputFiles({
    name: 'lemon.png',
    mimeType: 'image/png',
    buffer: await sharp({ create: { width: 600, height: 600, channels: 3, background: '#f2d35b' } })
      .png()
      .toBuffer(),
  });
  // The chocolate answer sets the VAT rate; the owner can still change it.
  await expect(dialog.getByLabel('VAT rate')).toHaveValue('0');
  await dialog.getByLabel('Is it wholly or partly covered in chocolate?').check();
  await expect(dialog.getByLabel('VAT rate')).toHaveValue('20');

  // An active product needs all 14 allergens assessed.
  await dialog.getByLabel('Milk').selectOption('Contains');
  await dialog.getByLabel('Eggs').selectOption('Contains');
  await dialog.getByLabel('Cereals containing gluten').selectOption('Contains');
  await expect(dialog.getByLabel('Active (shown in the shop)')).toBeChecked();
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(
    dialog.getByText(/^Mark all 14 allergens as contains, may contain or free from/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark the rest "Free from"' }).click();
  await expect(dialog.getByLabel('Peanuts')).toHaveValue('free_from');
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product created')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name });
  await expect(card).toContainText('£4.50');
  await expect(card).toContainText('Active');
  await expect(card.getByRole('list', { name: `Allergens in ${name}` }).getByRole('listitem')).toHaveText([
    'Cereals containing gluten',
    'Eggs',
    'Milk',
  ]);
  expect(await shopNames(page)).toContain(name);
  // The shop shows the uploaded photo, not the drawn default.
  const shopCard = page.getByRole('link', { name: new RegExp(name) });
  await expect(shopCard.locator('img')).toHaveAttribute('src', /^\/api\/photos\/[0-9a-f]{24}-800\.webp$/);
  await expect(shopCard.locator('source')).toHaveAttribute('srcset', /-400\.avif 400w, .*-800\.avif 800w$/);
  const photo = await page.request.get((await shopCard.locator('img').getAttribute('src'))!);
  expect(photo.headers()['content-type']).toBe('image/webp');

  // Edit: the form opens with the product's values, nutrition included.
  await page.goto('/admin/products');
  await page.getByRole('article', { name }).getByRole('button', { name: /^Edit/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByLabel('Nutrition (optional)')).toHaveValue('Energy: 210 kcal\nSugars: 14 g');
  await edit.getByLabel('Name').fill(renamed);
  await expect(edit.getByLabel('Price (£)')).toHaveValue('4.50');
  await edit.getByLabel('Price (£)').fill('4.75');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated')).toBeVisible();
  await expect(page.getByRole('article', { name: renamed })).toContainText('£4.75');
  expect(await shopNames(page)).toContain(renamed);

  // Delete, after confirming; cancelling first keeps it.
  await page.goto('/admin/products');
  const target = page.getByRole('article', { name: renamed });
  await target.getByRole('button', { name: /^Delete/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this product?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(target).toBeVisible();

  // On a slow phone (CPU 20 times slower) the list's reload lands while the page is still drawing
  // the answer, and the deleted card is gone before it could say so: the route says it instead.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await target.getByRole('button', { name: /^Delete/ }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Product deleted')).toBeVisible({ timeout: 30_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(page.getByRole('article', { name: renamed })).toHaveCount(0);
  expect(await shopNames(page)).not.toContain(renamed);
});
