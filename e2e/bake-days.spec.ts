import {
  DEMO_ADMIN,
  DEMO_CUSTOMER,
  fillTestCard,
  longDay,
  offeredDays,
  paidOrderFrom,
  productId,
  signInWithApi,
} from './fixtures';
import { expect, test } from './test';

const COOKIE = 'Pecan & Maple Syrup';

test('the owner closes a date and lowers a capacity; a customer picks an open day; the owner bakes, packs and delivers', async ({
  browser,
}) => {
  // The days the shop offers the demo customer (Ludlow: posted, so dispatch days) for two cookies.
  const customer = await browser.newPage();
  await signInWithApi(customer, DEMO_CUSTOMER);
  const items = [{ product_id: await productId(customer, COOKIE), quantity: 2 }];
  const [first, closed, ...later] = (await offeredDays(customer, items)).filter((d) => d.state === 'open');

  // The owner, on Bake Days.
  const owner = await browser.newPage();
  await signInWithApi(owner, DEMO_ADMIN);
  // The smaller day is one the bake calendar delivers on anyway: a capacity given to any other day
  // would open it for every zone, and change the days the journeys beside this one are offered.
  const res = await owner.request.get('/api/admin/bake-days');
  const baked = new Set(
    ((await res.json()) as { days: { date: string; state: string }[] }).days
      .filter((d) => d.state === 'open')
      .map((d) => d.date),
  );
  const small = later.find((d) => baked.has(d.date));
  expect(small, 'the shop offers three open days').toBeDefined();
  const smallCapacity = small!.booked + 1;
  await owner.goto('/admin/bake-days');
  await expect(owner.getByRole('heading', { level: 1, name: 'Bake Days' })).toBeVisible();
  const overrides = owner.getByRole('region', { name: 'Date overrides' });

  await overrides.getByLabel('Date', { exact: true }).fill(closed!.date);
  await overrides.getByRole('radio', { name: 'Closed' }).check();
  await overrides.getByLabel('Note').fill('Christmas');
  await overrides.getByRole('button', { name: 'Add' }).click();
  await expect(owner.getByText('Date saved')).toBeVisible();
  await expect(overrides.getByRole('listitem').filter({ hasText: longDay(closed!.date) })).toContainText(
    'Christmas',
  );

  // "Closed" is chosen as the form opens: typing a capacity opens the date instead of saving it
  // closed, and choosing "Closed" again empties the capacity.
  await overrides.getByLabel('Date', { exact: true }).fill(small!.date);
  const closedMode = overrides.getByRole('radio', { name: 'Closed' });
  const openMode = overrides.getByRole('radio', { name: 'Open with capacity' });
  const capacity = overrides.getByLabel('Cookies (when open)');
  await expect(closedMode).toBeChecked();
  await capacity.fill('5');
  await expect(openMode).toBeChecked();
  await closedMode.check();
  await expect(capacity).toHaveValue('');
  await capacity.fill(String(smallCapacity));
  await expect(openMode).toBeChecked();
  await overrides.getByRole('button', { name: 'Add' }).click();
  await expect(overrides.getByRole('listitem').filter({ hasText: longDay(small!.date) })).toContainText(
    `${smallCapacity} cookies`,
  );

  // The customer sees Closed and the room left on the small day, and gets the first open day preselected.
  await customer.goto('/shop');
  await customer.getByRole('link', { name: new RegExp(COOKIE) }).click();
  await customer.getByRole('button', { name: `Increase quantity of ${COOKIE}` }).click();
  await customer.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(customer.getByText(`Added 2 ${COOKIE} to cart`)).toBeVisible();
  await customer.goto('/checkout');
  const days = customer.getByRole('group', { name: 'Dispatch day' });
  // Every day offered: the smaller day may be past the first few the picker lists.
  await customer.getByRole('button', { name: 'More days' }).click();
  const closedDay = days.getByRole('radio', { name: longDay(closed!.date) });
  const fullDay = days.getByRole('radio', { name: longDay(small!.date) });
  await expect(closedDay).toBeDisabled();
  await expect(closedDay).toHaveAccessibleDescription('Closed');
  await expect(fullDay).toBeDisabled();
  await expect(fullDay).toHaveAccessibleDescription('Room for 1 more cookie on this day');
  const firstDay = days.getByRole('radio', { name: longDay(first!.date) });
  await expect(firstDay).toBeChecked();
  await expect(firstDay).toHaveAccessibleDescription(
    /^Order by \d{1,2}(:\d\d)?[ap]m \w+day( \(we are closed on \w+day\))?$/,
  );

  await customer.getByRole('button', { name: 'Proceed to Payment' }).click();
  await expect(customer).toHaveURL(/\/pay\/test\//);
  await expect(customer.getByText(`Dispatched ${longDay(first!.date)}`).first()).toBeVisible();
  await fillTestCard(customer);
  await customer.getByRole('button', { name: /^Pay £/ }).click();
  await expect(customer.getByRole('heading', { level: 1, name: 'Order Confirmed!' })).toBeVisible();
  // The demo customer lives in Ludlow (SY8): posted, so the day chosen is the dispatch day.
  const dispatched = `Dispatched ${longDay(first!.date)}, usually with you in`;
  await expect(customer.getByText(dispatched)).toBeVisible();
  await customer.goto('/account?tab=orders');
  await expect(
    customer.getByRole('tabpanel', { name: 'Orders' }).getByText(dispatched).first(),
  ).toBeVisible();

  // The owner's day: bake list, Start baking, packing slips and run sheet.
  await owner.goto('/admin/bake-days');
  await owner
    .getByRole('link', { name: longDay(first!.date), exact: true })
    .first()
    .click();
  await expect(owner.getByRole('heading', { level: 1, name: /Bake list/ })).toBeVisible();
  await expect(owner.getByRole('row', { name: new RegExp(COOKIE) })).toBeVisible();
  await owner.getByRole('button', { name: /Start baking/ }).click();
  await expect(owner.getByText('Baking started')).toBeVisible();

  await owner.getByRole('link', { name: 'Packing slips' }).click();
  await expect(owner.getByRole('heading', { name: /Packing slip · Order #/ }).first()).toBeVisible();
  await expect(owner.getByText('Best before').first()).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Allergen information' }).first()).toBeVisible();

  // Posted, it is on the day's dispatch list (the run sheet is the van's).
  await owner.getByRole('link', { name: 'Dispatch list' }).click();
  await owner.setViewportSize({ width: 390, height: 844 });
  await expect(owner.getByRole('heading', { level: 1, name: /Dispatch list/ })).toBeVisible();
  await expect(owner.getByRole('row').filter({ hasText: 'Demo Customer' }).first()).toContainText('SY8 1AS');

  // Leave the calendar as it was for other journeys.
  for (const d of [closed!, small!]) {
    await owner.request.delete(`/api/admin/bake-days/overrides/${d.date}`, {
      headers: { origin: new URL(owner.url()).origin },
    });
  }
});

// Issue 43: a day with paid posted orders shows them, on the calendar and on the day's page, even
// when the van and collection do not run that day (the post dispatches on its own weekdays).
test('a day with a paid posted order shows its parcels to dispatch; its tracking number pastes with a space', async ({
  page,
}) => {
  const posted = await paidOrderFrom('EH4 1AA');
  const number = posted.id.slice(0, 8);
  await page.goto('/');
  await signInWithApi(page, DEMO_ADMIN);
  await page.goto('/admin/bake-days');
  const tile = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: longDay(posted.deliveryDate), exact: true }) });
  await expect(tile).not.toContainText('No deliveries or collections');
  await page.screenshot({ path: 'test-results/bake-days-parcels-desktop.png', fullPage: true });
  await tile.getByRole('link', { name: /^\d+ parcels? to dispatch/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Dispatch list/ })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `#${number}` })).toContainText('EH4 1AA');

  await page.getByRole('link', { name: 'Bake list' }).click();
  await expect(page.getByText(/^\d+ posted orders? to bake and dispatch this day:/)).toBeVisible();
  await expect(page.getByText('Day closed after ordering')).toHaveCount(0);

  await page.getByRole('link', { name: 'Dispatch list' }).click();
  await page.getByLabel('Paste lines').fill(`#${number} RM123456789GB`);
  await page.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(page.getByText('1 order marked shipped.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `#${number}` })).toContainText('RM123456789GB');
});
