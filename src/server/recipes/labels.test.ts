import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '~/server/db/schema';
import { addDays, londonDate } from '~/shared/time/london-time';
import { createProduct } from '~/test/factories';
import { createCustomer, createOrder, type OrderLineSpec } from '~/test/order-factories';
import { createTestApp, type TestApp } from '~/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('food labels', () => {
  const day = addDays(londonDate(new Date()), 11);

  it('gives one label per pack of the paid orders, a box one with each cookie, and no customer details', async () => {
    const oat = await createProduct(t.services, {
      name: 'Label Oat',
      ingredients: '*Oats*, sugar',
      storageAdvice: 'Keep dry.',
      shelfLifeDays: 10,
      netWeightGrams: 70,
      allergens: ['Cereals containing gluten'],
    });
    const nut = await createProduct(t.services, {
      name: 'Label Nut',
      ingredients: '*Pecans*',
      shelfLifeDays: 5,
      netWeightGrams: 80,
      allergens: ['Nuts'],
    });
    const profile = await createCustomer(t.services, { fullName: 'Private Person', postcode: 'SY3 9ZZ' });
    const make = async (status: 'paid' | 'pending', items: OrderLineSpec[]) => {
      const o = await createOrder(t.services, { profile, status, items });
      await t.services.db.update(orders).set({ deliveryDate: day }).where(eq(orders.id, o.id));
      return o;
    };
    const paid = await make('paid', [
      { productId: oat.id, productName: 'Label Oat', quantity: 2 },
      {
        productName: 'Label Box',
        quantity: 1,
        boxContents: [
          { product_id: oat.id, name: 'Label Oat', quantity: 2 },
          { product_id: nut.id, name: 'Label Nut', quantity: 2 },
        ],
      },
    ]);
    await make('pending', [{ productId: oat.id, productName: 'Label Oat', quantity: 9 }]);

    const { labels } = await t.services.labels.forDay(day);
    expect(labels.map((l) => l.name)).toEqual(['Label Box', 'Label Oat', 'Label Oat']);
    const [box, loose] = [labels[0]!, labels[1]!];
    expect(loose).toMatchObject({
      ingredients: [{ name: null, text: '*Oats*, sugar' }],
      contains: ['Cereals containing gluten'],
      netWeightGrams: 70,
      bakeDate: day,
      bestBefore: addDays(day, 10),
      storage: 'Keep dry.',
    });
    expect(box).toMatchObject({
      ingredients: [
        { name: 'Label Oat (2)', text: '*Oats*, sugar' },
        { name: 'Label Nut (2)', text: '*Pecans*' },
      ],
      netWeightGrams: 2 * 70 + 2 * 80,
      // The shortest shelf life of its cookies.
      bestBefore: addDays(day, 5),
    });
    expect(JSON.stringify(labels)).not.toMatch(/Private Person|SY3 9ZZ/);
    expect((await t.services.labels.forOrder(paid.id)).labels).toHaveLength(3);
  });
});
