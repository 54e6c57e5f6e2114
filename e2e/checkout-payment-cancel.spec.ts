import { type APIRequestContext, type Page, request } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import {
  DEMO_ADMIN,
  fillTestCard,
  longDay,
  offeredDays,
  productId,
  signInRequest,
  signUpWithApi,
} from './fixtures';
import { expect, test } from './test';

// No stray orders (decision 033), on a phone: Cancel on the payment page, Back and pay again,
// the basket emptied once its order is paid, the code kept with the basket, the day picker.
test.use({ viewport: { width: 390, height: 844 } });

const COOKIE = 'Oat & Golden Syrup';

async function addToCart(page: Page, quantity: number) {
  await page.goto('/shop');
  await page.getByRole('link', { name: new RegExp(COOKIE) }).click();
  await expect(page.getByRole('heading', { level: 1, name: COOKIE })).toBeVisible();
  for (let i = 1; i < quantity; i++) {
    await page.getByRole('button', { name: `Increase quantity of ${COOKIE}` }).click();
  }
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added ${quantity} ${COOKIE} to cart`)).toBeVisible();
}

/** The owner's side, through the back office's API. */
async function asOwner<T>(work: (owner: APIRequestContext) => Promise<T>): Promise<T> {
  const owner = await request.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
  try {
    await signInRequest(owner, DEMO_ADMIN);
    return await work(owner);
  } finally {
    await owner.dispose();
  }
}

async function createCode(): Promise<string> {
  const code = `CANCEL-${Date.now().toString(36).toUpperCase()}`;
  await asOwner(async (owner) => {
    const res = await owner.post('/api/admin/discounts', {
      data: { code, kind: 'percent', percent: '10', is_active: true },
    });
    expect(res.status(), await res.text()).toBe(201);
  });
  return code;
}

/** The customer's orders as their account lists them. */
async function myOrders(page: Page): Promise<{ id: string; status: string }[]> {
  const res = await page.request.get('/api/account/orders');
  expect(res.ok()).toBe(true);
  return (await res.json()).orders;
}

const cartLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: /^Cart/ });

test('Cancel on the payment page cancels the order and returns to the checkout as it was left', async ({
  page,
}) => {
  const code = await createCode();
  await signUpWithApi(page, 'Cora Cancel');
  await addToCart(page, 3);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Send to someone else' }).check();
  await page.getByLabel('Their full name').fill('Granny Smith');
  await page.getByLabel('Their phone').fill('07700900333');
  await page.getByLabel('Address', { exact: true }).fill('4 Mill Street');
  await page.getByLabel('City', { exact: true }).fill('Ludlow');
  await page.getByLabel('Postcode', { exact: true }).fill('SY8 1BB');
  await page.getByLabel('Gift message (optional)').fill('Happy birthday, Granny!');
  await page.getByLabel('Discount code').fill(code);
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText(`Code ${code} applied`)).toBeVisible();

  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test\//);
  await page.getByRole('link', { name: 'Cancel' }).click();

  await expect(page).toHaveURL('/checkout?payment=cancelled');
  await expect(page.getByRole('status').filter({ hasText: 'Payment cancelled' })).toContainText(
    'nothing was taken',
  );
  await expect(page.getByRole('list', { name: 'Items in your order' })).toContainText('3 × ');
  await expect(page.getByRole('radio', { name: 'Send to someone else' })).toBeChecked();
  await expect(page.getByLabel('Their full name')).toHaveValue('Granny Smith');
  await expect(page.getByLabel('Postcode', { exact: true })).toHaveValue('SY8 1BB');
  await expect(page.getByLabel('Gift message (optional)')).toHaveValue('Happy birthday, Granny!');
  await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
  await expect(cartLink(page)).toHaveText('3');

  const orders = await myOrders(page);
  expect(orders.map((o) => o.status)).toEqual(['cancelled']);
  await page.screenshot({ path: 'test-results/checkout-cancelled-390.png', fullPage: true });
});

test('Back from the payment page and paying again is one order; leaving the success page at once still empties the basket', async ({
  page,
}) => {
  await signUpWithApi(page, 'Barnaby Back');
  await addToCart(page, 2);
  await page.goto('/checkout');
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test\//);
  const firstPage = page.url();

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(page).toHaveURL(/\/pay\/test\//);
  expect(page.url()).toBe(firstPage);
  expect(await myOrders(page)).toHaveLength(1);

  await fillTestCard(page, 'Barnaby Back');
  await page.getByRole('button', { name: /^Pay £/ }).click();
  // Gone from the confirmation before its script could run.
  await page.waitForURL(/\/checkout\/success/, { waitUntil: 'commit' });
  await page.goto('/our-story');
  await expect(cartLink(page)).toHaveAccessibleName('Cart');
  await page.goto('/cart');
  await expect(page.getByRole('heading', { name: 'Your Cart is Empty' })).toBeVisible();
  expect((await myOrders(page)).map((o) => o.status)).toEqual(['paid']);
});

test('the applied discount code survives a reload', async ({ page }) => {
  const code = await createCode();
  await signUpWithApi(page, 'Reggie Reload');
  await addToCart(page, 2);
  await page.goto('/checkout');
  await page.getByLabel('Discount code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply', exact: true }).click();
  await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
  await page.reload();
  await expect(page.getByText(`Code ${code} applied`)).toBeVisible();
  await expect(page.getByText(`Discount (${code})`, { exact: true }).locator('..')).toContainText('−£');
});

test('the day picker lists the next few days, More days the rest, and says how much room a day has', async ({
  page,
}) => {
  await signUpWithApi(page, 'Dora Days');
  // The days the shop offers this customer (Shrewsbury: the van's days) for a basket of 3, and
  // one of them given room for only 2 cookies.
  const items = [{ product_id: await productId(page, COOKIE), quantity: 3 }];
  const day = (await offeredDays(page, items)).filter((d) => d.state === 'open').at(1)!;
  const small = await asOwner(async (owner) => {
    const res = await owner.put(`/api/admin/bake-days/overrides/${day.date}`, {
      data: { closed: false, capacityCookies: day.booked + 2, note: null },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return day.date;
  });
  try {
    const offered = await offeredDays(page, items);
    // The van's two days a week over the three weeks customers may choose from.
    expect(offered.length).toBeGreaterThan(4);
    await addToCart(page, 3);
    await page.goto('/checkout');
    const days = page.getByRole('group', { name: 'Delivery day' });
    await expect(days.getByRole('radio')).toHaveCount(4);
    await expect(days.getByRole('radio', { name: new RegExp(longDay(small)) })).toHaveAccessibleDescription(
      'Room for 2 more cookies on this day',
    );
    const proceed = page.getByRole('button', { name: 'Proceed to Payment' });
    // The whole checkout fits a few phone screens.
    const box = (await proceed.boundingBox())!;
    expect(box.y).toBeLessThan(844 * 3);
    await page.screenshot({ path: 'test-results/checkout-days-390.png', fullPage: true });

    await page.getByRole('button', { name: 'More days' }).click();
    await expect(page.getByRole('button', { name: 'Fewer days' })).toHaveAttribute('aria-expanded', 'true');
    await expect(days.getByRole('radio')).toHaveCount(offered.length);
    // Open as the shop said when the page was drawn: the bake-days journey beside this one may close
    // or fill a day in between, so the page matches the quote before it or the one after it.
    const all = days.getByRole('radio', { disabled: false });
    const openIn = (quote: typeof offered) => quote.filter((d) => d.state === 'open').length;
    expect([openIn(offered), openIn(await offeredDays(page, items))]).toContain(await all.count());
    const later = all.last();
    const date = (await later.getAttribute('value'))!;
    await later.check();
    await proceed.click();
    await expect(page).toHaveURL(/\/pay\/test\//);
    await expect(page.getByText(longDay(date))).toBeVisible();
  } finally {
    await asOwner((owner) => owner.delete(`/api/admin/bake-days/overrides/${small}`));
  }
});
