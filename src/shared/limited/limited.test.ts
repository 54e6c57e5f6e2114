import { describe, expect, it } from 'vitest';
import { arrivalAfter, dateRefusal, LOW_LEFT, leftText, transitOf } from './limited';

// What the product page and the checkout say of a day's stock: one home for the words.
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

// A posted order's day is its dispatch day: its delivery dates hold for the days it may arrive.
describe('posted limited products', () => {
  const box = {
    productId: 'box',
    name: 'Christmas Box',
    units: 1,
    onSaleFrom: null,
    onSaleUntil: null,
    deliverFrom: '2026-12-14',
    deliverUntil: '2026-12-23',
    leadDays: 0,
    dailyLimit: null,
  };
  const post = transitOf('2-3 days');

  it('reads the post’s transit from the zone’s words', () => {
    expect(post).toEqual({ min: 2, max: 3 });
    expect(transitOf('3 days')).toEqual({ min: 3, max: 3 });
    expect(transitOf('next day')).toEqual({ min: 1, max: 1 });
    expect(transitOf(null)).toEqual({ min: 2, max: 3 });
  });

  it('counts no Sunday as a delivery day', () => {
    expect(arrivalAfter('2026-12-19', 3)).toBe('2026-12-23'); // Saturday: Monday, Tuesday, Wednesday
    expect(arrivalAfter('2026-12-21', 0)).toBe('2026-12-21');
  });

  it('refuses a dispatch day that arrives after Christmas, and allows one that arrives from the first day', () => {
    expect(dateRefusal(box, '2026-12-22', '2026-12-01', post)).toBe(
      'Christmas Box can only be delivered from 14 December to 23 December, and posted on Tuesday 22 December it could arrive outside those days. Please choose another dispatch day.',
    );
    expect(dateRefusal(box, '2026-12-22', '2026-12-01')).toBeNull(); // by van, that day is in time
    expect(dateRefusal(box, '2026-12-19', '2026-12-01', post)).toBeNull();
    expect(dateRefusal(box, '2026-12-11', '2026-12-01', post)).toBeNull(); // Friday: Monday 14 at the earliest
    expect(dateRefusal(box, '2026-12-10', '2026-12-01', post)).not.toBeNull();
  });
});
