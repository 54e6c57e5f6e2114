import { expect, type Page, type Route, test } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { addOneFromShop, fillTestCard, signUpWithApi } from './fixtures';

// Issue 43: checkout lists only the days it will accept. The days come from the shop itself (its
// quote for the customer's zone), never from today's weekday. The demo's new customer lives at
// SY1 1BY (the Local van); IV1 1AA is the Highlands' posted zone.
const COOKIE = 'Pecan & Maple Syrup';

const addCookie = (page: Page) => addOneFromShop(page, COOKIE);

/** What the shop's own quote says of one cookie for the signed-in customer (or a postcode): its days and fee. */
async function quoted(page: Page, postcode?: string) {
  const products = (await (await page.request.get('/api/products')).json()).products as {
    id: string;
    name: string;
  }[];
  const cookie = products.find((p) => p.name === COOKIE)!;
  const res = await page.request.post('/api/checkout/quote', {
    headers: { origin: E2E_BASE_URL },
    data: { items: [{ product_id: cookie.id, quantity: 1 }], postcode },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const quote = (await res.json()) as {
    days: { date: string; state: string }[];
    delivery_pennies: number;
  };
  return { days: quote.days.map((d) => d.date), fee: `£${(quote.delivery_pennies / 100).toFixed(2)}` };
}

const dayPicker = (page: Page) => page.getByRole('group', { name: /^(Delivery|Dispatch) day$/ });
const listedDays = (page: Page) =>
  dayPicker(page)
    .getByRole('radio')
    .evaluateAll((radios) => radios.map((r) => (r as HTMLInputElement).value));
const proceed = (page: Page) => page.getByRole('button', { name: 'Proceed to Payment' });

/** Holds the page's quotes until `release()`: what the page shows while it waits, without timing. */
async function holdQuotes(page: Page) {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/api/checkout/quote', (route) => (holding ? held.push(route) : route.continue()));
  return {
    waiting: () => expect.poll(() => held.length).toBeGreaterThan(0),
    async release() {
      holding = false;
      for (const r of held.splice(0)) await r.continue();
    },
  };
}

test('without JavaScript the checkout lists only the zone’s days, and offers no payment', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await signUpWithApi(page, 'Nora Noscript');
  const zone = await quoted(page);
  await page.goto('/checkout');
  const listed = await listedDays(page);
  expect(listed.length).toBeGreaterThan(0);
  // The zone's own first days, in order, the first of them chosen: no bake day the van never has.
  expect(listed).toEqual(zone.days.slice(0, listed.length));
  await expect(dayPicker(page).getByRole('radio', { checked: true })).toHaveValue(zone.days[0]!);
  await expect(proceed(page)).toBeDisabled();
  // Chromium with scripts switched off by Playwright still parses <noscript> as script-on: read the page's HTML.
  expect(await (await page.request.get('/checkout')).text()).toContain(
    'please turn on JavaScript to see it and pay',
  );
  await page.screenshot({ path: 'test-results/checkout-days-no-js.png', fullPage: true });
  await context.close();
});

for (const viewport of [
  { name: '390', width: 390, height: 844 },
  { name: '1366', width: 1366, height: 900 },
]) {
  test(`checkout waits for the zone's days before it lets the customer pay, and again after a recipient's postcode (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await signUpWithApi(page, 'Vera Van');
    const van = await quoted(page);
    const highlands = await quoted(page, 'IV1 1AA');
    await addCookie(page);

    const quotes = await holdQuotes(page);
    await page.goto('/checkout');
    await quotes.waiting();
    // Before the quote: the van's days (from the page itself), the first chosen, Proceed waiting.
    const first = await listedDays(page);
    expect(first).toEqual(van.days.slice(0, first.length));
    await expect(dayPicker(page).getByRole('radio', { checked: true })).toHaveValue(van.days[0]!);
    await expect(proceed(page)).toBeDisabled();
    await quotes.release();
    await expect(proceed(page)).toBeEnabled();
    await page.screenshot({ path: `test-results/checkout-days-${viewport.name}.png`, fullPage: true });

    // A recipient in the Highlands: while the page re-prices it keeps the days it knew and waits.
    await page.getByRole('radio', { name: /Send to someone else/ }).check();
    const gift = page.getByRole('group', { name: 'Who are the cookies for?' });
    const again = await holdQuotes(page);
    await gift.getByLabel('Postcode').fill('IV1 1AA');
    await again.waiting();
    expect(await listedDays(page)).toEqual(first);
    await expect(proceed(page)).toBeDisabled();
    await again.release();
    await expect(proceed(page)).toBeEnabled();
    const posted = await listedDays(page);
    expect(posted).toEqual(highlands.days.slice(0, posted.length));
    await expect(dayPicker(page).getByRole('radio', { checked: true })).toHaveValue(highlands.days[0]!);
    await page.screenshot({ path: `test-results/checkout-days-gift-${viewport.name}.png`, fullPage: true });
  });
}

test('after a gift to someone else is paid, the next checkout opens on "Deliver to me" at the customer’s own fee', async ({
  page,
}) => {
  await page.goto('/');
  await signUpWithApi(page, 'Gwen Again');
  const own = await quoted(page);
  const highlands = await quoted(page, 'IV1 1AA');
  expect(highlands.fee).not.toBe(own.fee);
  await addCookie(page);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Send to someone else/ }).check();
  const gift = page.getByRole('group', { name: 'Who are the cookies for?' });
  await gift.getByLabel('Their full name').fill('Iona Island');
  // A landline is enough for a recipient.
  await gift.getByLabel('Their phone').fill('01463 123456');
  await gift.getByLabel('Address').fill('1 High Street');
  await gift.getByLabel('City').fill('Inverness');
  await gift.getByLabel('Postcode').fill('IV1 1AA');
  // The summary's row (the first): "Before you pay" names the delivery again (decision 080).
  const delivery = page.getByText('Delivery', { exact: true }).first().locator('..');
  await expect(delivery).toContainText(highlands.fee);
  await proceed(page).click();
  await expect(page).toHaveURL(/\/pay\/test\//);
  await fillTestCard(page, 'Gwen Again');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();

  await addCookie(page);
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Deliver to me/ })).toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Who are the cookies for?' }).getByLabel('Postcode'),
  ).toHaveCount(0);
  await expect(delivery).toContainText(own.fee);
});
