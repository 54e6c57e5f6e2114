import { describe, expect, it } from 'vitest';
import {
  type BakeTemplate,
  closedDatesOf,
  cutoffDay,
  cutoffFor,
  DEFAULT_BAKE_TEMPLATE,
  describeDay,
  orderByWording,
  refusalFor,
} from './calendar';

// Deliveries every day; the bakery works Monday to Saturday (the default), cut-off 2pm the day before.
const t: BakeTemplate = {
  ...DEFAULT_BAKE_TEMPLATE,
  deliveryWeekdays: [0, 1, 2, 3, 4, 5, 6],
  horizonDays: 90,
};

describe('a cut-off falls on the last working day before', () => {
  it('moves a Monday’s cut-off from Sunday to Saturday, and says why', () => {
    expect(cutoffDay('2026-11-30', t)).toEqual({ day: '2026-11-28', movedFrom: '2026-11-29' });
    expect(orderByWording('2026-11-30', t)).toBe('Order by 2pm Saturday (we are closed on Sunday)');
  });

  it('leaves a cut-off on a working day where it was, with nothing more said', () => {
    expect(cutoffDay('2026-12-01', t)).toEqual({ day: '2026-11-30', movedFrom: null });
    expect(orderByWording('2026-12-01', t)).toBe('Order by 2pm Monday');
  });

  it('follows the owner’s working days: a bakery that works Sundays keeps Sunday', () => {
    const sundays = { ...t, workingWeekdays: [0, 1, 2, 3, 4, 5, 6] };
    expect(orderByWording('2026-11-30', sundays)).toBe('Order by 2pm Sunday');
    const weekdaysOnly = { ...t, workingWeekdays: [1, 2, 3, 4, 5] };
    expect(orderByWording('2026-11-30', weekdaysOnly)).toBe('Order by 2pm Friday (we are closed on Sunday)');
  });

  it('steps over a date closed by an override (a bank holiday Monday) as over a day off', () => {
    const closed = closedDatesOf([
      { date: '2026-12-28', closed: true, capacityCookies: null, note: 'Holiday' },
    ]);
    expect(cutoffDay('2026-12-29', t, closed)).toEqual({ day: '2026-12-26', movedFrom: '2026-12-28' });
    expect(orderByWording('2026-12-29', t, closed)).toBe('Order by 2pm Saturday (we are closed on Monday)');
  });

  it('names the date when a long closure puts the cut-off a week or more before the day', () => {
    const closed = new Set([
      '2026-12-21',
      '2026-12-22',
      '2026-12-23',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
      '2026-12-28',
    ]);
    expect(cutoffDay('2026-12-29', t, closed).day).toBe('2026-12-19');
    expect(orderByWording('2026-12-29', t, closed)).toBe(
      'Order by 2pm Saturday 19 December (we are closed on Monday)',
    );
  });

  it('counts days before in calendar days, then moves back: two days before a Tuesday is Sunday, so Saturday', () => {
    expect(cutoffDay('2026-12-01', { ...t, cutoffDaysBefore: 2 }).day).toBe('2026-11-28');
  });
});

describe('cut-off instants are London wall-clock times across the clock changes', () => {
  it('a Saturday cut-off before the spring change is 2pm GMT (14:00 UTC)', () => {
    // Monday 30 March 2026: the clocks went forward on Sunday 29 March.
    expect(cutoffFor('2026-03-30', t).toISOString()).toBe('2026-03-28T14:00:00.000Z');
  });

  it('a Monday cut-off after the spring change is 2pm BST (13:00 UTC)', () => {
    expect(cutoffFor('2026-03-31', t).toISOString()).toBe('2026-03-30T13:00:00.000Z');
  });

  it('a Saturday cut-off before the autumn change is 2pm BST; the Monday after is 2pm GMT', () => {
    // Monday 26 October 2026: the clocks went back on Sunday 25 October.
    expect(cutoffFor('2026-10-26', t).toISOString()).toBe('2026-10-24T13:00:00.000Z');
    expect(cutoffFor('2026-10-27', t).toISOString()).toBe('2026-10-26T14:00:00.000Z');
  });
});

describe('the server judges a day by its moved cut-off', () => {
  const monday = '2026-11-30';

  it('still takes Monday’s orders on Saturday at 1:59pm', () => {
    const now = new Date('2026-11-28T13:59:00Z');
    expect(describeDay(monday, { template: t, now }).state).toBe('open');
  });

  it('refuses Monday from Saturday 2pm, saying when orders closed, though Sunday has not come', () => {
    const now = new Date('2026-11-28T14:00:00Z');
    const day = describeDay(monday, { template: t, now });
    expect(day.state).toBe('past_cutoff');
    expect(refusalFor(day, t)).toBe('Orders for that day closed at 2pm on Saturday');
  });
});
