import { expect, type Page, test } from '@playwright/test';
import { waitUntilInteractive } from './fixtures';

/** The cookie names on the shop's cards, in order. */
const cardNames = (page: Page) =>
  page.getByRole('main').getByRole('listitem').getByRole('heading', { level: 2 });

test('a customer with allergies filters "free from" peanuts and milk, and searches', async ({ page }) => {
  await page.goto('/shop');
  await waitUntilInteractive(page);
  await page.getByText('Free from', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Peanuts' }).check();
  await page.getByRole('checkbox', { name: 'Milk' }).check();
  await page.getByRole('button', { name: 'Apply filters' }).click();

  await expect(page).toHaveURL(/free=peanuts/);
  await expect(page).toHaveURL(/free=milk/);
  await expect(cardNames(page)).toHaveText(['Double Ginger Crunch', 'Oat & Golden Syrup']);

  // Sorting keeps the filters, and the back button goes back to the previous list.
  await page.getByLabel('Sort by').selectOption('Price: low to high');
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(cardNames(page)).toHaveText(['Oat & Golden Syrup', 'Double Ginger Crunch']);
  await page.goBack();
  await expect(cardNames(page)).toHaveText(['Double Ginger Crunch', 'Oat & Golden Syrup']);

  await page.goto('/shop');
  await page.getByRole('searchbox', { name: 'Search cookies' }).fill('ginger');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/q=ginger/);
  await expect(cardNames(page)).toHaveText(['Double Ginger Crunch']);

  await page.getByRole('searchbox', { name: 'Search cookies' }).fill('haggis');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No cookies match')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(cardNames(page)).not.toHaveCount(0);
});

test('the filters work without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/shop');
  await page.getByText('Free from', { exact: true }).click();
  await page.getByRole('checkbox', { name: 'Peanuts' }).check();
  await page.getByRole('checkbox', { name: 'Milk' }).check();
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(cardNames(page)).toHaveText(['Double Ginger Crunch', 'Oat & Golden Syrup']);
  await context.close();
});

test('a customer reads the food information before buying, and types a quantity', async ({ page }) => {
  await page.goto('/shop?q=peanut');
  await page.getByRole('link', { name: /Peanut Butter & Honey/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Peanut Butter & Honey' })).toBeVisible();

  const allergens = page.getByRole('region', { name: 'Allergens' });
  await expect(allergens.getByRole('listitem')).toHaveText([
    'Cereals containing gluten',
    'Eggs',
    'Peanuts',
    'Milk',
  ]);
  await expect(allergens).toContainText('May contain: Nuts.');
  const ingredients = page.getByRole('region', { name: 'Ingredients' });
  await expect(ingredients.locator('strong').filter({ hasText: /^peanuts$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Weight and keeping' })).toContainText('Net weight: 85 g');
  await expect(page.getByRole('region', { name: 'Weight and keeping' })).toContainText(
    'Best enjoyed within 7 days',
  );
  await expect(page.getByRole('region', { name: 'Nutrition (per cookie)' })).toContainText('241 kcal');

  await waitUntilInteractive(page);
  const quantity = page.getByRole('spinbutton', { name: 'Quantity of Peanut Butter & Honey' });
  await quantity.fill('12');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Added 12 Peanut Butter & Honey to cart')).toBeVisible();
});

test('on a phone, Add to Cart is on the first screen of a product page', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/shop?q=oat');
  await page.getByRole('link', { name: /Oat & Golden Syrup/ }).click();
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await expect(add).toBeVisible();
  const box = (await add.boundingBox())!;
  const nutrition = (await page.getByRole('heading', { name: 'Nutrition (per cookie)' }).boundingBox())!;
  expect(box.y).toBeLessThan(nutrition.y);
  expect(box.y + box.height).toBeLessThanOrEqual(844 * 1.5);
  await context.close();
});
