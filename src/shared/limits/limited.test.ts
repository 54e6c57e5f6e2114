import { describe, expect, it } from 'vitest';
import { LOW_LEFT, leftText } from './limited';

// What the product page and the checkout say of a day's stock (issue 31): one home for the words.
describe('leftText', () => {
  it('says how many are left when it is low, naming the day', () => {
    expect(leftText(3, '2026-12-18', null)).toBe('Only 3 left for Friday 18 December');
    expect(leftText(LOW_LEFT, '2026-12-18', null)).toBe(`Only ${LOW_LEFT} left for Friday 18 December`);
  });

  it('says sold out, with the next day that has some when there is one', () => {
    expect(leftText(0, '2026-12-18', '2026-12-19')).toBe(
      'Sold out for this day. Next available: Saturday 19 December',
    );
    expect(leftText(0, '2026-12-18', null)).toBe('Sold out for this day');
  });

  it('says nothing when plenty are left', () => {
    expect(leftText(LOW_LEFT + 1, '2026-12-18', null)).toBeNull();
  });
});
