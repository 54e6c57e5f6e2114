import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, plainCookie, signInWithApi, signUpWithApi } from './fixtures';

test('a café applies for a trade account, the owner approves it and prices a cookie, and the shop still shows retail', async ({
  page,
  browser,
}) => {
  const business = `Larder Café ${Date.now().toString(36)}`;
  await page.goto('/trade/apply');
  await expect(page.getByRole('link', { name: 'Sign in or create an account' })).toBeVisible();
  await signUpWithApi(page, 'Ann Baker');
  await page.goto('/trade/apply');
  await page.getByLabel('Business name').fill(business);
  await page.getByLabel('Address').fill('12 Broad Street');
  await page.getByLabel('Town').fill('Ludlow');
  await page.getByLabel('Postcode').fill('SY8 1NL');
  await page.getByLabel('Contact name').fill('Ann Baker');
  await page.getByLabel('Contact phone').fill('01584 123456');
  await page.getByLabel('VAT number (optional)').fill('GB12345678');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert')).toContainText('A UK VAT number is GB and 9 digits');
  await page.getByLabel('VAT number (optional)').fill('');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText(`${business}: Waiting`)).toBeVisible();

  const { products } = await (await page.request.get('/api/products')).json();
  const cookie = plainCookie(products);

  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto('/');
  await signInWithApi(owner, DEMO_ADMIN);
  await owner.goto('/admin/trade');
  await owner.getByRole('link', { name: business }).click();
  await owner.getByRole('button', { name: 'Approve' }).click();
  await expect(owner.getByText('Trade account approved')).toBeVisible();
  await owner.getByLabel('Payment terms (days)').fill('14');
  await owner.getByLabel('Credit limit (£)').fill('250');
  await owner.getByRole('button', { name: 'Save terms' }).click();
  await expect(owner.getByText('Terms saved')).toBeVisible();
  const row = owner.getByRole('form', { name: `Price of ${cookie.name}` });
  await row.getByLabel(`Trade price of ${cookie.name}`).fill('1.13');
  await row.getByLabel(`Case size of ${cookie.name}`).fill('12');
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(owner.getByText('Price saved')).toBeVisible();
  await expect(owner.getByRole('row', { name: new RegExp(cookie.name) })).toContainText('£1.13 ex VAT');
  await ownerContext.close();

  await page.goto('/trade/apply');
  await expect(page.getByText(`${business}: Approved`)).toBeVisible();
  await page.getByRole('link', { name: 'See your trade prices' }).click();
  await expect(page.getByRole('row', { name: new RegExp(cookie.name) })).toContainText('£1.13');
  await expect(page.getByText('14 days to pay, credit limit £250.00')).toBeVisible();
  // The café's own view of the shop is the shop's: retail prices, never its trade price.
  await page.goto(`/product/${cookie.id}`);
  await expect(page.getByRole('heading', { name: cookie.name, level: 1 })).toBeVisible();
  await expect(page.getByText('£1.13')).toHaveCount(0);
});
