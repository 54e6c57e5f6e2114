import { describe, expect, it } from 'vitest';
import { exVat, priceTradeLines, quantityProblem, tradeUnitPrice } from './trade';

describe('a trade unit price', () => {
  it('is the fixed price as set, or the percentage off retail ex VAT, rounded to the penny', () => {
    const dark = { pricePennies: 360, vatRate: 20 };
    expect(exVat(360, 20)).toBe(300);
    expect(tradeUnitPrice(dark, { kind: 'fixed', fixedPenniesExVat: 185, percentOff: null })).toBe(185);
    expect(
      tradeUnitPrice(
        { ...dark, pricePennies: 999 },
        { kind: 'fixed', fixedPenniesExVat: 185, percentOff: null },
      ),
    ).toBe(185);
    expect(tradeUnitPrice(dark, { kind: 'percent', fixedPenniesExVat: null, percentOff: 35 })).toBe(195);
    expect(
      tradeUnitPrice(
        { pricePennies: 250, vatRate: 0 },
        { kind: 'percent', fixedPenniesExVat: null, percentOff: 33 },
      ),
    ).toBe(168);
    expect(tradeUnitPrice(dark, undefined)).toBeNull();
  });
});

describe('a trade order’s lines', () => {
  it('add up net, VAT per line and totals, with zero-rated and standard-rated apart', () => {
    const priced = priceTradeLines([
      { productId: 'a', name: 'Dark Chocolate', quantity: 48, unitPenniesExVat: 185, vatRate: 20 },
      { productId: 'b', name: 'Oat', quantity: 24, unitPenniesExVat: 150, vatRate: 0 },
      { productId: 'c', name: 'Ginger', quantity: 7, unitPenniesExVat: 113, vatRate: 20 },
    ]);
    expect(priced.lines.map((l) => [l.netPennies, l.vatPennies])).toEqual([
      [8880, 1776],
      [3600, 0],
      [791, 158],
    ]);
    expect(priced.byRate).toEqual([
      { vatRate: 0, netPennies: 3600, vatPennies: 0 },
      { vatRate: 20, netPennies: 9671, vatPennies: 1934 },
    ]);
    expect(priced).toMatchObject({ netPennies: 13271, vatPennies: 1934, totalPennies: 15205 });
  });
});

describe('a quantity', () => {
  it('must be a whole number of cases and at least the minimum, or none', () => {
    const rule = { caseSize: 12, minQuantity: 24 };
    expect(quantityProblem('Oat', 0, rule)).toBeNull();
    expect(quantityProblem('Oat', 36, rule)).toBeNull();
    expect(quantityProblem('Oat', 30, rule)).toBe('Oat comes in cases of 12: please order a multiple of 12.');
    expect(quantityProblem('Oat', 12, rule)).toBe('Oat: the least you can order is 24.');
  });
});
