import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { DayOrder } from '~/server/orders/day-orders';
import { PackingSlip } from './packing-slip';
import { SlipAllergens } from './slip-allergens';

const order = (
  lines: Pick<DayOrder['lines'][number], 'productName' | 'allergens' | 'mayContain'>[],
): DayOrder => ({
  id: '1a2b3c4d-0000-4000-8000-000000000001',
  number: '#1a2b3c4d',
  status: 'paid',
  onAccount: false,
  customer: { full_name: 'Mary Smith' },
  delivery_date: '2026-11-28',
  collectionSlot: null,
  overCapacity: false,
  dayClosed: false,
  created_at: '2026-11-20T10:00:00.000Z',
  fulfilment: 'delivery',
  figures: {
    subtotal_pennies: 900,
    discount: null,
    delivery_fee_pennies: 499,
    total_pennies: 1399,
    fulfilment: 'delivery',
  },
  ship: {
    name: 'Mary Smith',
    phone: '07123 456789',
    address: '3 Mardol',
    city: 'Shrewsbury',
    postcode: 'SY1 1PU',
    gift: null,
  },
  delivery: null,
  lines: lines.map((l, i) => ({
    productId: null,
    quantity: 1,
    unitPricePennies: 450 + i,
    shelfLifeDays: 7,
    netWeightGrams: null,
    box: null,
    ...l,
  })),
  cookies: lines.length,
  method: null,
  zoneId: null,
  trackingCode: null,
  parcel: { grams: 250, estimated: true },
});

/** The slip as the printed page reads, tags stripped. */
const slipText = (o: DayOrder) =>
  renderToStaticMarkup(<PackingSlip order={o} shop={{ name: 'Shop', address: null }} />)
    .replace(/<\/?strong>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replace(/\s+/g, ' ');

describe('a bake day’s packing slip', () => {
  it('prints May contain beside Contains, for each cookie and for the order', () => {
    const text = slipText(
      order([
        { productName: 'Pecan & Maple', allergens: ['Milk', 'Nuts'], mayContain: ['Peanuts'] },
        {
          productName: 'Oat Crunch',
          allergens: ['Cereals containing gluten'],
          mayContain: ['Nuts', 'Sesame'],
        },
      ]),
    );
    expect(text).toContain('Pecan & Maple Contains: Milk, Nuts. May contain: Peanuts.');
    expect(text).toContain('Oat Crunch Contains: Cereals containing gluten. May contain: Nuts, Sesame.');
    // Nuts is in the order for certain: the order's "may contain" leaves it out.
    expect(text).toContain(
      'This order contains: Cereals containing gluten, Milk, Nuts. It may contain: Peanuts, Sesame.',
    );
  });

  it('prints a cookie that only may contain an allergen', () => {
    const text = slipText(order([{ productName: 'Plain Oat', allergens: [], mayContain: ['Milk'] }]));
    expect(text).toContain('Plain Oat May contain: Milk.');
    expect(text).toContain('It may contain: Milk.');
    expect(text).not.toContain('None of the 14 major allergens');
  });
});

describe('a box on the packing slip', () => {
  it('prints what is in it, each cookie’s ingredients and allergens, and the box’s weight', () => {
    const o = order([{ productName: 'Box of 6', allergens: ['Milk', 'Nuts'], mayContain: ['Peanuts'] }]);
    o.lines[0]!.box = [
      {
        productId: 'p1',
        productName: 'Pecan & Maple',
        quantity: 2,
        allergens: ['Nuts'],
        mayContain: ['Peanuts'],
        shelfLifeDays: 7,
        ingredients: 'Flour, *pecans*',
        netWeightGrams: 85,
      },
      {
        productId: 'p2',
        productName: 'Lemon',
        quantity: 4,
        allergens: ['Milk'],
        mayContain: [],
        shelfLifeDays: 5,
        ingredients: 'Flour, *butter* (*milk*)',
        netWeightGrams: 80,
      },
    ];
    const text = slipText(o);
    expect(text).toContain('Box of 6 Contains: Milk, Nuts. May contain: Peanuts.');
    expect(text).toContain(
      '2 × Pecan & Maple Contains: Nuts. May contain: Peanuts. Ingredients: Flour, pecans',
    );
    expect(text).toContain('4 × Lemon Contains: Milk. Ingredients: Flour, butter ( milk )');
    expect(text).toContain('Net weight of each box: 490 g');
    expect(text).toContain('This order contains: Milk, Nuts. It may contain: Peanuts.');
  });
});

describe('one order’s packing slip (its own page)', () => {
  it('is the same slip: best before, the allergen statement, and a gift from its buyer without prices', () => {
    const o = order([{ productName: 'Pecan & Maple', allergens: ['Nuts'], mayContain: [] }]);
    o.delivery_date = null; // ordered before bake days: dated from the day it was ordered
    o.ship = { ...o.ship, name: 'Rhys Receiver', gift: { message: 'Happy birthday' } };
    o.customer = { full_name: 'Gwen Giver' };
    const html = renderToStaticMarkup(
      <PackingSlip order={o} shop={{ name: 'Shop', address: null }} level={1} />,
    );
    expect(html).toContain('<h1');
    const text = slipText(o);
    expect(text).toContain('Packing slip · Order #1a2b3c4d');
    expect(text).toContain('A gift, deliver to Rhys Receiver');
    expect(text).toContain('A gift from Gwen Giver');
    expect(text).toContain('Happy birthday');
    // Ordered Friday 20 November, 7 days' shelf life.
    expect(text).toContain('Pecan & Maple Contains: Nuts. Friday 27 November');
    expect(text).toContain('This order contains: Nuts.');
    expect(text).not.toContain('£');
  });
});

describe('an order’s packing slip allergen line', () => {
  it('carries both, in bold', () => {
    expect(renderToStaticMarkup(<SlipAllergens contains={['Eggs']} mayContain={['Nuts']} />)).toBe(
      'Contains: <strong>Eggs</strong>. May contain: <strong>Nuts</strong>.',
    );
    expect(renderToStaticMarkup(<SlipAllergens contains={[]} mayContain={[]} />)).toBe('');
  });
});

describe('a collection’s packing slip', () => {
  it('prints the time slot the customer chose beside the day (decision 084)', () => {
    const o = order([{ productName: 'Pecan & Maple', allergens: ['Nuts'], mayContain: [] }]);
    o.fulfilment = 'collection';
    o.collectionSlot = { from: '10:30', to: '11:00' };
    expect(slipText(o)).toContain('Collection Saturday 28 November, 10:30-11:00');
    o.collectionSlot = null;
    expect(slipText(o)).toContain('Collection Saturday 28 November ');
    expect(slipText(o)).not.toContain('10:30');
  });
});
