import { E2E_BASE_URL } from './base-url';
import { DEMO_ADMIN, offeredDays, signInWithApi, signUpWithApi } from './fixtures';
import { expect, test } from './test';

const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const dayName = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  }).format(new Date(`${iso}T12:00:00Z`));

// A seasonal product (decision 043): its page says when it is delivered and which of the next
// days are low or sold out; checkout offers only those days, says why, and shows a day sold out
// with the next day that has some.
test('a seasonal product: its dates at checkout, and a day sold out', async ({ page, browser }) => {
  const owner = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
  const admin = await owner.newPage();
  await signInWithApi(admin, DEMO_ADMIN);
  const name = `Winter Box ${Date.now() % 100000}`;
  const allergens = Object.fromEntries(
    [
      'gluten',
      'crustaceans',
      'eggs',
      'fish',
      'peanuts',
      'soya',
      'milk',
      'nuts',
      'celery',
      'mustard',
      'sesame',
      'sulphites',
      'lupin',
      'molluscs',
      // Contains what spiced cookies contain: a box free from everything would show in the other
      // journeys' "free from" filters while they run beside this one.
    ].map((k) => [k, ['gluten', 'milk', 'eggs'].includes(k) ? 'contains' : 'free_from']),
  );
  const created = await admin.request.post('/api/admin/products', {
    data: {
      name,
      description: 'Spiced cookies for winter.',
      price_pennies: 1500,
      allergen_info: { ...allergens, gluten: 'contains' },
      deliver_from: isoIn(2),
      deliver_until: isoIn(12),
      daily_limit: 2,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { product } = await created.json();

  // Another customer takes both boxes of the first day the shop offers them (an unpaid order
  // holds them). Other journeys change other days' room meanwhile, so the test names its day.
  const first = await browser.newContext({
    baseURL: E2E_BASE_URL,
    extraHTTPHeaders: { origin: E2E_BASE_URL },
  });
  const firstPage = await first.newPage();
  await signUpWithApi(firstPage, 'Early Bird');
  const both = [{ product_id: product.id, quantity: 2 }];
  const soldOutDay = (await offeredDays(firstPage, both)).find((d) => d.state === 'open')!.date;
  const taken = await firstPage.request.post('/api/checkout/create-checkout-session', {
    data: { items: both, delivery_date: soldOutDay },
  });
  expect(taken.status(), await taken.text()).toBe(200);

  // What the server now offers for one box: the test reads the sold-out day and the next from it.
  await signUpWithApi(page, 'Hazel Crumb');
  const quote = await (
    await page.request.post('/api/checkout/quote', {
      headers: { origin: E2E_BASE_URL },
      data: { items: [{ product_id: product.id, quantity: 1 }] },
    })
  ).json();
  const days = quote.limited_days.days as { date: string; state: string; note?: string }[];
  const soldOut = days.find((d) => d.date === soldOutDay)!;
  expect(soldOut.state).toBe('full');
  expect(soldOut.note).toMatch(/^Sold out for this day\. Next available: /);
  expect(days.every(({ date }) => date >= isoIn(2) && date <= isoIn(12))).toBe(true);

  // Its page says so too (from the bake calendar: it knows no postcode), on a phone and a desktop.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/product/${product.id}`);
  const left = page.getByRole('region', { name: 'The next bake days' });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(left.getByText(`${dayName(soldOutDay)}: Sold out for this day`)).toBeVisible();
    // Two a day is always low: the days with both left say so.
    await expect(left.getByText(/^Only 2 left for /).first()).toBeVisible();
  }
  await expect(page.getByText(/Delivered from .* only\. Limited to 2 a day\./)).toBeVisible();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText(`Added 1 ${name} to cart`)).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByText(new RegExp(`${name} can only be delivered from`))).toBeVisible();
  const picker = page.getByRole('group', { name: 'Delivery day' });
  const soldOutRadio = picker.getByRole('radio', { name: dayName(soldOutDay) });
  await expect(soldOutRadio).toBeDisabled();
  await expect(soldOutRadio).toHaveAccessibleDescription(soldOut.note!);
  // Only the days it can be delivered on are offered.
  for (const radio of await picker.getByRole('radio').all()) {
    const value = await radio.getAttribute('value');
    expect(value! >= isoIn(2) && value! <= isoIn(12)).toBe(true);
  }

  // On the product page, the sold-out day takes an e-mail for when a place comes back.
  await page.goto(`/product/${product.id}`);
  const soldOutItem = left.getByRole('listitem').filter({ hasText: `${dayName(soldOutDay)}: Sold out` });
  await soldOutItem.getByText('Tell me if a place comes back').click();
  await soldOutItem.getByLabel('Your e-mail').fill('hazel.waits@example.com');
  await soldOutItem.getByRole('button', { name: 'Tell me' }).click();
  await expect(page.getByRole('status')).toHaveText(
    `Thank you. We will e-mail hazel.waits@example.com once, if a place comes back for ${name} on ${dayName(soldOutDay)}.`,
  );
  await owner.close();
  await first.close();
});
