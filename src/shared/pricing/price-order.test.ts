import { describe, expect, it } from 'vitest';
import { deliveryTerms, type PricingInput, priceOrder, shareInProportion, vatIncluded } from './price-order';

const base: PricingInput = {
  lines: [{ unitPricePennies: 450, quantity: 2, vatRate: 0 }],
  fulfilment: 'delivery',
  deliveryFeePennies: 499,
  freeDeliveryOverPennies: null,
  discount: null,
};

describe('priceOrder', () => {
  it('adds the delivery fee to the cookies (£4.99, docs/rules/pricing.md)', () => {
    const p = priceOrder(base);
    expect(p).toMatchObject({
      subtotalPennies: 900,
      discountPennies: 0,
      deliveryPennies: 499,
      totalPennies: 1399,
    });
    expect(p.vat).toEqual([{ rate: 0, gross_pennies: 1399, vat_pennies: 0 }]);
  });

  it('rounds a percent discount to the nearest penny', () => {
    // 10% of £4.45 is 44.5p: rounds to 45p.
    const p = priceOrder({
      ...base,
      lines: [{ unitPricePennies: 445, quantity: 1, vatRate: 0 }],
      discount: { code: 'SPRING10', kind: 'percent', value: 10 },
    });
    expect(p.discountPennies).toBe(45);
    expect(p.totalPennies).toBe(445 - 45 + 499);
  });

  it('never takes the cookies below £0 and never touches delivery', () => {
    const p = priceOrder({ ...base, discount: { code: 'BIG', kind: 'fixed', value: 5000 } });
    expect(p).toMatchObject({ discountPennies: 900, deliveryPennies: 499, totalPennies: 499 });
    const all = priceOrder({ ...base, discount: { code: 'ALL', kind: 'percent', value: 100 } });
    expect(all.totalPennies).toBe(499);
  });

  it('a free-delivery code waives the fee and says what it gave', () => {
    const p = priceOrder({ ...base, discount: { code: 'FREEDEL', kind: 'free_delivery', value: 0 } });
    expect(p).toMatchObject({
      deliveryPennies: 0,
      deliveryWaivedPennies: 499,
      discountPennies: 0,
      totalPennies: 900,
    });
  });

  it('gives free delivery at the threshold, judged on cookies after the discount', () => {
    const at = priceOrder({ ...base, freeDeliveryOverPennies: 900 });
    expect(at).toMatchObject({ deliveryPennies: 0, freeDeliveryShortfallPennies: null, totalPennies: 900 });
    const below = priceOrder({ ...base, freeDeliveryOverPennies: 901 });
    expect(below).toMatchObject({ deliveryPennies: 499, freeDeliveryShortfallPennies: 1 });
    const discounted = priceOrder({
      ...base,
      freeDeliveryOverPennies: 900,
      discount: { code: 'X', kind: 'fixed', value: 100 },
    });
    expect(discounted).toMatchObject({ deliveryPennies: 499, freeDeliveryShortfallPennies: 100 });
  });

  it('collection is free and has nothing to earn', () => {
    const p = priceOrder({ ...base, fulfilment: 'collection', freeDeliveryOverPennies: 5000 });
    expect(p).toMatchObject({ deliveryPennies: 0, totalPennies: 900, freeDeliveryShortfallPennies: null });
  });

  it('shares the discount and delivery across VAT rates in proportion', () => {
    // £6.00 zero-rated cookies and £4.00 chocolate-covered (20%): 10% off = £1.00, split 60p / 40p.
    const p = priceOrder({
      ...base,
      lines: [
        { unitPricePennies: 300, quantity: 2, vatRate: 0 },
        { unitPricePennies: 400, quantity: 1, vatRate: 20 },
      ],
      discount: { code: 'SPRING10', kind: 'percent', value: 10 },
      deliveryFeePennies: 500,
    });
    expect(p.discountPennies).toBe(100);
    // Paid goods: 540 at 0%, 360 at 20%; delivery 500 split 300 / 200.
    expect(p.vat).toEqual([
      { rate: 0, gross_pennies: 840, vat_pennies: 0 },
      { rate: 20, gross_pennies: 560, vat_pennies: 93 },
    ]);
    expect(p.vat.reduce((s, v) => s + v.gross_pennies, 0)).toBe(p.totalPennies);
  });
});

describe('shareInProportion', () => {
  it('adds up exactly, whatever the weights', () => {
    for (const [amount, weights] of [
      [100, [1, 1, 1]],
      [7, [3, 5]],
      [499, [1000, 1]],
      [0, [5, 5]],
    ] as const) {
      const shares = shareInProportion(amount, weights);
      expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
    }
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });
});

describe('vatIncluded', () => {
  it('is a sixth of a standard-rated price', () => {
    expect(vatIncluded(600, 20)).toBe(100);
    expect(vatIncluded(105, 5)).toBe(5);
    expect(vatIncluded(999, 0)).toBe(0);
  });
});

describe('pricing per delivery zone', () => {
  const settings = { deliveryFeePennies: 499, freeDeliveryOverPennies: null };
  const zone = (feePennies: number, freeOverPennies: number | null, minimumOrderPennies: number | null) =>
    deliveryTerms(settings, { feePennies, freeOverPennies, minimumOrderPennies });
  const priced = (pennies: number, terms: ReturnType<typeof zone>, extra: Partial<PricingInput> = {}) =>
    priceOrder({
      ...base,
      lines: [{ unitPricePennies: pennies, quantity: 1, vatRate: 0 }],
      ...terms,
      ...extra,
    });

  it.each([
    // [zone, cookies, delivery, shortfall for free delivery]
    ['Local van under £25', zone(250, 2500, null), 2499, 250, 1],
    ['Local van at £25', zone(250, 2500, null), 2500, 0, null],
    ['UK post', zone(499, null, null), 5000, 499, null],
    ['Highlands', zone(899, null, null), 900, 899, null],
    ['no zones: the Settings fee', deliveryTerms(settings, null), 900, 499, null],
  ])('%s', (_, terms, cookies, delivery, shortfall) => {
    const p = priced(cookies, terms);
    expect(p.deliveryPennies).toBe(delivery);
    expect(p.totalPennies).toBe(cookies + delivery);
    expect(p.freeDeliveryShortfallPennies).toBe(shortfall);
    expect(p.minimumShortfallPennies).toBeNull();
  });

  it('a minimum order counts the cookies after a discount, and never applies to collection', () => {
    const terms = zone(250, null, 1500);
    expect(priced(1499, terms).minimumShortfallPennies).toBe(1);
    expect(priced(1500, terms).minimumShortfallPennies).toBeNull();
    const discounted = priced(1600, terms, { discount: { code: 'TEN', kind: 'percent', value: 10 } });
    expect(discounted.minimumShortfallPennies).toBe(1500 - 1440);
    expect(priced(100, terms, { fulfilment: 'collection' })).toMatchObject({
      deliveryPennies: 0,
      minimumShortfallPennies: null,
    });
  });
});
