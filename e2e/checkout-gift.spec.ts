import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, fillTestCard, signInWithApi, signUpWithApi } from './fixtures';

const COOKIE = 'Pecan & Maple Syrup';

test('a customer sends cookies to a friend with a message; the packing slip has it and no prices', async ({
  page,
  browser,
}) => {
  await page.goto('/');
  const customer = await signUpWithApi(page, 'Gwen Giver');
  await page.goto('/shop');
  await page.getByRole('link', { name: new RegExp(COOKIE) }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added 1 ${COOKIE} to cart`)).toBeVisible();

  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Deliver to me/ })).toBeChecked();
  await page.getByRole('radio', { name: /Send to someone else/ }).check();
  const gift = page.getByRole('group', { name: 'Who are the cookies for?' });
  await gift.getByLabel('Their full name').fill('Rhys Receiver');
  await gift.getByLabel('Their phone').fill('07700 900444');
  await gift.getByLabel('Address').fill('5 Broad Street');
  await gift.getByLabel('City').fill('Ludlow');
  await gift.getByLabel('Postcode').fill('SY8');
  await gift.getByLabel('Gift message (optional)').fill('Happy birthday, Rhys! Love, Gwen');
  await expect(gift.getByText('168 characters left')).toBeVisible();

  // Checked as at sign-up, before anything is sent.
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page.getByText('Invalid UK postcode format').first()).toBeVisible();
  await expect(gift.getByLabel('Postcode')).toBeFocused();
  await expect(page).toHaveURL('/checkout');

  await gift.getByLabel('Postcode').fill('sy8 1nd');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test\//);
  await fillTestCard(page, 'Gwen Giver');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();

  // The customer's order page says where it goes, with the message.
  const { orders } = await (await page.request.get('/api/account/orders')).json();
  const orderId: string = orders[0].id;
  await page.goto(`/account/orders/${orderId}`);
  await expect(page.getByText('A gift, delivered to')).toBeVisible();
  await expect(page.getByText('Rhys Receiver')).toBeVisible();
  await expect(page.getByText('Happy birthday, Rhys! Love, Gwen')).toBeVisible();

  // The owner's packing slip: the recipient, the message, the sender, and no prices.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto('/');
  await signInWithApi(owner, DEMO_ADMIN);
  await owner.goto(`/admin/orders/${orderId}/packing-slip`);
  await expect(owner.getByRole('heading', { name: 'Packing slip' })).toBeVisible();
  const slip = owner.getByRole('main');
  await expect(slip.getByText('Rhys Receiver')).toBeVisible();
  await expect(slip.getByText('5 Broad Street')).toBeVisible();
  await expect(slip.getByText('Happy birthday, Rhys! Love, Gwen')).toBeVisible();
  await expect(slip.getByText(`A gift from ${customer.fullName}`)).toBeVisible();
  await expect(slip.getByRole('cell', { name: COOKIE })).toBeVisible();
  await expect(slip).not.toContainText('£');

  // The day's packing slips print the same: the message, and no prices on a gift.
  await owner.goto(`/admin/bake-days/${orders[0].delivery_date}/slips`);
  const daySlip = owner.getByRole('article', { name: `Packing slip · Order #${orderId.slice(0, 8)}` });
  await expect(daySlip.getByText('A gift, deliver to')).toBeVisible();
  await expect(daySlip.getByText('Happy birthday, Rhys! Love, Gwen')).toBeVisible();
  await expect(daySlip.getByText(COOKIE)).toBeVisible();
  await expect(daySlip).not.toContainText('£');
  await ownerContext.close();
});
