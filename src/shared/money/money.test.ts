import { describe, expect, it } from 'vitest';
import { formatPence, linesTotalPence } from './money';

describe('formatPence', () => {
  it.each([
    [450, '£4.50'],
    [499, '£4.99'],
    [0, '£0.00'],
    [5, '£0.05'],
    [100, '£1.00'],
    [123456, '£1,234.56'],
    [99999, '£999.99'],
    [100000000, '£1,000,000.00'],
    [-123456789, '-£1,234,567.89'],
    [-250, '-£2.50'],
  ])('shows %i pence as %s', (pence, shown) => {
    expect(formatPence(pence)).toBe(shown);
  });

  it("groups the pounds as en-GB's own number format does", () => {
    const en = new Intl.NumberFormat('en-GB');
    for (const pounds of [0, 7, 42, 999, 1000, 12345, 999999, 1000000, 76543210]) {
      expect(formatPence(pounds * 100)).toBe(`£${en.format(pounds)}.00`);
    }
  });
});

describe('linesTotalPence', () => {
  it('sums price times quantity', () => {
    expect(
      linesTotalPence([
        { price_pennies: 450, quantity: 2 },
        { price_pennies: 425, quantity: 3 },
      ]),
    ).toBe(2175);
  });

  it('is zero for no lines', () => {
    expect(linesTotalPence([])).toBe(0);
  });
});
