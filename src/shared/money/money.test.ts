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
    [-250, '-£2.50'],
  ])('shows %i pence as %s', (pence, shown) => {
    expect(formatPence(pence)).toBe(shown);
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
