import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiJson, createProduct, createUser, ownerTestApp, sharedDataChanged } from '~/test/factories';
import type { TestApp } from '~/test/test-app';
import { seedDemoZones } from '../delivery-zones/zones-service';

// Issue 43: a free-delivery offer the owner sets is what checkout charges. The quote, the test
// payment page and the order come from one pricing function (deliveryTerms, priceOrder): they
// agree, over the offer and under it. While the shop has zones, each zone's fee and threshold
// price delivery and Settings' shop-wide fee and offer do not (decision 075).
let t: TestApp;
let owner: string;
let customer: string;
let productId: string;

beforeAll(async () => {
  ({ t, cookie: owner } = await ownerTestApp({ env: { RATE_LIMITS: 'false' } }));
  customer = (await createUser(t, { postcode: 'SY3 8AB' })).cookie; // Local van, once zones exist
  productId = (await createProduct(t.services, { name: 'Shortbread', pricePennies: 600 })).id;
});
afterAll(() => t.close());

const items = (quantity: number) => [{ product_id: productId, quantity }];

/** The quote, then a checkout on its first open day, then what its payment page asks and the order keeps. */
async function chargedFor(quantity: number) {
  const quote = await apiJson(t, 'POST', '/api/checkout/quote', { items: items(quantity) }, customer);
  expect(quote.status).toBe(200);
  // The zone's days once there are zones, else the bake calendar's (what checkout offers).
  const days: { date: string; state: string }[] =
    quote.body.days ?? (await t.services.bakeDays.choices(1, 'delivery'));
  const day = days.find((d) => d.state === 'open')!.date;
  const placed = await apiJson(
    t,
    'POST',
    '/api/checkout/create-checkout-session',
    { items: items(quantity), delivery_date: day },
    customer,
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const page = await t.services.payments.getTestPayment(placed.body.sessionId);
  const order = await t.services.orders.getForAdmin(placed.body.orderId);
  // Leave the next checkout free to start (one order waits for payment per customer).
  await api(t, 'POST', `/api/account/orders/${order.id}/cancel`, undefined, customer);
  return {
    quoted: { delivery: quote.body.delivery_pennies, total: quote.body.total_pennies },
    payment: page.totalPennies,
    order: { delivery: order.delivery_fee_pennies, total: order.total_pennies },
  };
}

const agreeing = (delivery: number, total: number) => ({
  quoted: { delivery, total },
  payment: total,
  order: { delivery, total },
});

describe('free delivery set by the owner', () => {
  it('without zones: the Settings offer is charged by the quote, the payment page and the order alike', async () => {
    const saved = await apiJson(
      t,
      'PUT',
      '/api/admin/settings',
      { deliveryFee: '3.50', freeDelivery: true, freeDeliveryOver: '20.00' },
      owner,
    );
    expect(saved.status).toBe(200);
    expect(await chargedFor(3)).toEqual(agreeing(350, 1800 + 350)); // £18 of cookies: under £20
    expect(await chargedFor(4)).toEqual(agreeing(0, 2400)); // £24: free
  });

  it("with zones: the zone's own free-delivery amount is charged, and the Settings offer no longer is", async () => {
    await seedDemoZones(t.services.db);
    await sharedDataChanged(t.services);
    // Local van: £2.50, free over £25 (the demo zone); Settings still say free over £20.
    expect(await chargedFor(4)).toEqual(agreeing(250, 2400 + 250));
    expect(await chargedFor(5)).toEqual(agreeing(0, 3000));

    const zones = (await apiJson(t, 'GET', '/api/admin/delivery-zones', undefined, owner)).body.zones;
    const van = zones.find((z: { name: string }) => z.name === 'Local van');
    const edited = await api(
      t,
      'PUT',
      `/api/admin/delivery-zones/${van.id}`,
      {
        name: van.name,
        postcodes: van.postcodes.join(', '),
        method: 'van',
        fee: '2.50',
        freeOver: '15.00',
        weekdays: van.weekdays,
      },
      owner,
    );
    expect(edited.status).toBe(200);
    expect(await chargedFor(2)).toEqual(agreeing(250, 1200 + 250)); // £12: under the new £15
    expect(await chargedFor(3)).toEqual(agreeing(0, 1800));
  });
});
