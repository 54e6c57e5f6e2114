import { describe, expect, it } from 'vitest';
import { formatPence, linesTotalPence, parsePounds, penceToPounds } from './money';

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

describe('parsePounds', () => {
  it.each([
    ['4.99', 499],
    ['£20', 2000],
    [' 20.5 ', 2050],
    ['0', 0],
    ['1,000.00', 100000],
    ['0.05', 5],
  ])('reads %s as %i pence', (text, pence) => {
    expect(parsePounds(text)).toBe(pence);
  });

  it.each(['', '-1', '4.999', 'abc', '4.', '.5', '1,00', '4,99', '£ -2'])('refuses %j', (text) => {
    expect(parsePounds(text)).toBeNull();
  });

  it('types pence back as pounds', () => {
    expect(penceToPounds(499)).toBe('4.99');
    expect(penceToPounds(2000)).toBe('20.00');
  });
});
