import { describe, expect, it } from 'vitest';
import { priceOrder } from '../pricing/price-order';
import {
  type BoxCandidate,
  balancedFill,
  checkFilling,
  chosenLabel,
  cookiesItMayHold,
  filledCount,
  fillingKey,
} from './box';

const cookie = (id: string, extra: Partial<BoxCandidate> = {}): BoxCandidate => ({
  id,
  name: id.toUpperCase(),
  active: true,
  soldOut: false,
  isBox: false,
  ...extra,
});
const catalogue = [
  cookie('a'),
  cookie('b'),
  cookie('c'),
  cookie('old', { active: false }),
  cookie('box', { isBox: true }),
];
const byId = new Map(catalogue.map((c) => [c.id, c]));

describe('what a box may hold', () => {
  it('every active cookie by default, the allowed ones when the owner chose, or its fixed assortment', () => {
    const ids = (rules: Parameters<typeof cookiesItMayHold>[0]) =>
      cookiesItMayHold(rules, catalogue).map((c) => c.id);
    expect(ids({ size: 6, allowedIds: null, fixed: null })).toEqual(['a', 'b', 'c']);
    expect(ids({ size: 6, allowedIds: ['b', 'old'], fixed: null })).toEqual(['b']);
    expect(ids({ size: 4, allowedIds: null, fixed: [{ product_id: 'c', quantity: 4 }] })).toEqual(['c']);
  });
});

describe('checking a filling', () => {
  const box = { name: 'Box of 6', rules: { size: 6, allowedIds: ['a', 'b', 'old'], fixed: null } };
  it('takes a full box of allowed cookies and names them', () => {
    const checked = checkFilling(
      box,
      [
        { product_id: 'B', quantity: 2 },
        { product_id: 'a', quantity: 3 },
        { product_id: 'b', quantity: 1 },
      ],
      byId,
    );
    expect(checked).toEqual({
      ok: true,
      contents: [
        { product_id: 'a', name: 'A', quantity: 3 },
        { product_id: 'b', name: 'B', quantity: 3 },
      ],
    });
  });
  it('refuses short, over-full, disallowed and inactive fillings', () => {
    const refusal = (filling: { product_id: string; quantity: number }[]) => {
      const c = checkFilling(box, filling, byId);
      return c.ok ? null : c.message;
    };
    expect(refusal([{ product_id: 'a', quantity: 5 }])).toBe(
      'Your Box of 6 is not full: 5 of 6 chosen. Choose 1 more.',
    );
    expect(refusal([{ product_id: 'a', quantity: 8 }])).toBe(
      'Your Box of 6 holds 6 cookies: 8 chosen. Take 2 out.',
    );
    expect(
      refusal([
        { product_id: 'a', quantity: 5 },
        { product_id: 'c', quantity: 1 },
      ]),
    ).toBe('C cannot go in the Box of 6. Please choose again.');
    expect(
      refusal([
        { product_id: 'a', quantity: 5 },
        { product_id: 'old', quantity: 1 },
      ]),
    ).toBe('Sorry, OLD is no longer available for the Box of 6. Please choose again.');
  });
});

describe('"Fill it for me"', () => {
  it('spreads the box as evenly as its size allows', () => {
    expect(balancedFill(6, ['a', 'b', 'c'])).toEqual([
      { product_id: 'a', quantity: 2 },
      { product_id: 'b', quantity: 2 },
      { product_id: 'c', quantity: 2 },
    ]);
    const twelve = balancedFill(12, ['a', 'b', 'c', 'd', 'e']);
    expect(filledCount(twelve)).toBe(12);
    expect(twelve.map((e) => e.quantity).sort()).toEqual([2, 2, 2, 3, 3]);
  });
  it('fills a varied box from across the cookies, not the first ones by name', () => {
    const twelve = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
    expect(balancedFill(4, twelve).map((e) => e.product_id)).toEqual(['a', 'd', 'g', 'j']);
    expect(balancedFill(6, twelve).map((e) => e.product_id)).toEqual(['a', 'c', 'e', 'g', 'i', 'k']);
    expect(filledCount(balancedFill(6, twelve))).toBe(6);
  });
  it('keeps what the customer chose and completes the rest', () => {
    const filled = balancedFill(6, ['a', 'b', 'c'], [{ product_id: 'a', quantity: 3 }]);
    expect(filled).toEqual([
      { product_id: 'a', quantity: 3 },
      { product_id: 'b', quantity: 2 },
      { product_id: 'c', quantity: 1 },
    ]);
    expect(chosenLabel(filledCount(filled), 6)).toBe('6 of 6 chosen');
  });
});

describe('pricing a box', () => {
  it('costs its product price per box, whatever is in it', () => {
    const key = fillingKey([
      { product_id: 'b', quantity: 1 },
      { product_id: 'a', quantity: 5 },
    ]);
    expect(key).toBe(
      fillingKey([
        { product_id: 'a', quantity: 5 },
        { product_id: 'b', quantity: 1 },
      ]),
    );
    expect(key).not.toBe(
      fillingKey([
        { product_id: 'a', quantity: 4 },
        { product_id: 'b', quantity: 2 },
      ]),
    );
    const priced = priceOrder({
      lines: [
        { unitPricePennies: 2100, quantity: 2, vatRate: 0 },
        { unitPricePennies: 350, quantity: 1, vatRate: 0 },
      ],
      fulfilment: 'delivery',
      deliveryFeePennies: 499,
      freeDeliveryOverPennies: null,
      discount: null,
    });
    expect(priced).toMatchObject({ subtotalPennies: 4550, totalPennies: 5049 });
  });
});
