import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, paidOrderFrom, plainCookie, signInWithApi, uniqueEmail } from './fixtures';
import { expect, test } from './test';

// Issue 30's owner side (decision 048): posted orders on the day's dispatch list, the Click & Drop
// file, tracking numbers; the van's orders on the run sheet. Demo zones: EH3 is "UK post".

/** Signs up a customer at `postcode` (an Edinburgh address: posted) and signs them in. */
async function signUpPosted(page: Page, fullName: string, postcode: string) {
  const headers = { origin: E2E_BASE_URL };
  const email = uniqueEmail('posted');
  const password = 'gingernut1';
  const signUp = await page.request.post('/api/account/sign-up', {
    headers,
    data: {
      fullName,
      email,
      phone: '07700900333',
      address: '4 Royal Mile',
      city: 'Edinburgh',
      postcode,
      password,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  expect(
    (await page.request.post('/api/auth/sign-in/email', { headers, data: { email, password } })).ok(),
  ).toBe(true);
}

/** Signs up a customer at `postcode` and starts a checkout of two cookies; answers its session. */
async function postedCheckout(page: Page, fullName: string, postcode: string) {
  const headers = { origin: E2E_BASE_URL };
  await signUpPosted(page, fullName, postcode);
  const { products } = await (await page.request.get('/api/products')).json();
  const res = await page.request.post('/api/checkout/create-checkout-session', {
    headers,
    data: { items: [{ product_id: plainCookie(products).id, quantity: 2 }] },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { url: string; sessionId: string; orderId: string };
}

const DISPATCHED = /^Dispatched (Monday|Tuesday|Wednesday) \d+ \w+, usually with you in 2-3 days$/;

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
]) {
  test(`a posted order: its dispatch day, the dispatch list, the Click & Drop file and its tracking number (${viewport.name})`, async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    // Names take letters only: a unique one from the clock, its digits as letters.
    const tag = Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
    const name = `Posy Parcel ${viewport.name} ${tag}`;
    const checkout = await postedCheckout(page, name, 'EH3 9AA');
    const number = checkout.orderId.slice(0, 8);

    // Paid on the test payment page: the success page and the order page say when it is posted.
    await page.goto(checkout.url);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel(/Expiry/).fill('12 / 40');
    await page.getByLabel(/CVC/).fill('123');
    await page.getByLabel(/Name on card/).fill(name);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(page.getByText(DISPATCHED)).toBeVisible();
    await page.goto(`/account/orders/${checkout.orderId}`);
    await expect(page.getByText(DISPATCHED)).toBeVisible();
    const { orders } = await (await page.request.get('/api/account/orders')).json();
    const day = orders.find((o: { id: string }) => o.id === checkout.orderId).delivery_date as string;

    // The owner's dispatch list for that day.
    const ownerContext = await browser.newContext({ viewport, acceptDownloads: true });
    const owner = await ownerContext.newPage();
    await owner.goto('/');
    await signInWithApi(owner, DEMO_ADMIN);
    await owner.goto(`/admin/bake-days/${day}`);
    await owner.getByRole('link', { name: 'Dispatch list' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: /Dispatch list/ })).toBeVisible();
    const row = owner.getByRole('row').filter({ hasText: `#${number}` });
    await expect(row).toContainText(name);
    await expect(row).toContainText('EH3 9AA');
    await expect(row).toContainText('Royal Mail Tracked 48');
    await expect(row).toContainText(/\d\.\d\d kg/);

    // The Click & Drop file downloads with the parcel's row.
    const [download] = await Promise.all([
      owner.waitForEvent('download'),
      owner.getByRole('link', { name: 'Click & Drop file' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`click-and-drop-${day}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain('Order reference,Full name,Address line 1');
    expect(csv).toMatch(
      new RegExp(
        `\\r\\n${number},${name},4 Royal Mile,,,Edinburgh,EH3 9AA,United Kingdom,07700900333,\\d\\.\\d{3},Parcel,TPS48\\r\\n`,
      ),
    );

    // A wrong line changes nothing; the right one ships it.
    await owner.getByLabel('Paste lines').fill(`${number}, AB123456789GB\nffffffff, AB000000000GB`);
    await owner.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(owner.getByText('Nothing was changed: 1 line needs putting right.')).toBeVisible();
    await expect(
      owner.getByText("#ffffffff is not a posted order on this day's dispatch list"),
    ).toBeVisible();
    await owner.getByLabel('Paste lines').fill(`${number}, AB123456789GB`);
    await owner.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(owner.getByText('1 order marked shipped.')).toBeVisible();
    await expect(owner.getByRole('row').filter({ hasText: `#${number}` })).toContainText('AB123456789GB');
    await owner.screenshot({ path: `test-results/dispatch-list-${viewport.name}.png`, fullPage: true });
    await ownerContext.close();

    // The customer's order page: shipped, with its Royal Mail tracking.
    await page.goto(`/account/orders/${checkout.orderId}`);
    await expect(page.getByText('AB123456789GB').first()).toBeVisible();
  });
}

test('a van order is on its day’s run sheet, a posted one is not', async ({ page }) => {
  const van = await paidOrderFrom('SY3 8AB');
  const posted = await paidOrderFrom('EH4 1AA');
  await page.goto('/');
  await signInWithApi(page, DEMO_ADMIN);
  await page.goto(`/admin/bake-days/${van.deliveryDate}/run-sheet`);
  await expect(page.getByRole('heading', { level: 2, name: /SY3 8AB/ }).first()).toBeVisible();
  await expect(page.getByText(`#${van.id.slice(0, 8)}`)).toBeVisible();
  if (posted.deliveryDate === van.deliveryDate)
    await expect(page.getByText(`#${posted.id.slice(0, 8)}`)).toHaveCount(0);
  await page.goto(`/admin/bake-days/${posted.deliveryDate}/run-sheet`);
  await expect(page.getByText(`#${posted.id.slice(0, 8)}`)).toHaveCount(0);
  await page.screenshot({ path: 'test-results/run-sheet-desktop.png', fullPage: true });
});

// Issue 43: a posted order's day is its dispatch day on every page the customer walks through,
// and a cancelled one no longer promises a dispatch.
/** Any weekday: a date override with a capacity opens a day for every zone (docs/rules/bake-days-and-capacity.md). */
const DISPATCHED_ANY_DAY = /^Dispatched \w+day \d+ \w+, usually with you in 2-3 days$/;

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1366, height: 900 },
]) {
  test(`a posted order reads as a dispatch day from checkout to the account, until it is cancelled (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/');
    await signUpPosted(page, 'Dora Dispatch', 'EH6 8NU');

    await page.goto('/shop');
    await page
      .getByRole('link', { name: /Pecan & Maple Syrup/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await page.goto('/checkout');
    const days = page.getByRole('group', { name: 'Dispatch day' });
    await expect(days).toBeVisible();
    await expect(days).toContainText('Baked fresh and posted on the day you choose.');
    // Under the day picker (the first) and again in Before you pay.
    await expect(page.getByText(DISPATCHED_ANY_DAY).first()).toBeVisible();
    await page.screenshot({ path: `test-results/posted-checkout-${viewport.name}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Proceed to Payment' }).click();
    await expect(
      page.getByText(/^Order #[0-9a-f]{8} · Dispatched \w+ \d+ \w+, usually with you in 2-3 days$/),
    ).toBeVisible();
    await expect(page.getByText(/Delivery (Monday|Tuesday|Wednesday)/)).toHaveCount(0);
    await page.screenshot({ path: `test-results/posted-payment-${viewport.name}.png`, fullPage: true });
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel(/Expiry/).fill('12 / 40');
    await page.getByLabel(/CVC/).fill('123');
    await page.getByLabel(/Name on card/).fill('Dora Dispatch');
    await page.getByRole('button', { name: /^Pay / }).click();

    await expect(page.getByRole('heading', { name: 'Order Confirmed!' })).toBeVisible();
    await expect(page.getByText(DISPATCHED_ANY_DAY)).toBeVisible();
    await page.screenshot({ path: `test-results/posted-confirmed-${viewport.name}.png`, fullPage: true });

    await page.goto('/account');
    await page.getByRole('tab', { name: 'Orders' }).click();
    await expect(page.getByText(DISPATCHED_ANY_DAY)).toBeVisible();
    await page.screenshot({ path: `test-results/posted-account-${viewport.name}.png`, fullPage: true });

    // Cancelled before baking: the order says when it was to go, and promises nothing.
    const { orders } = await (await page.request.get('/api/account/orders')).json();
    await page.goto(`/account/orders/${orders[0].id}`);
    await expect(page.getByText(DISPATCHED_ANY_DAY)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.getByText(/^Was to be dispatched \w+day \d+ \w+$/)).toBeVisible();
    await expect(page.getByText(/usually with you/)).toHaveCount(0);
    await page.screenshot({ path: `test-results/posted-cancelled-${viewport.name}.png`, fullPage: true });
  });
}
