import { describe, expect, it } from 'vitest';
import { addDays, formatClockTime, isIsoDate, londonDate, londonInstant } from '../time/london-time';
import {
  type BakeTemplate,
  choosableDays,
  cutoffFor,
  DEFAULT_BAKE_TEMPLATE,
  describeDay,
  listBakeDays,
  orderByWording,
  refusalFor,
} from './calendar';

const template: BakeTemplate = DEFAULT_BAKE_TEMPLATE;
// Delivers and works every day, so each cut-off stays the day before (cutoff.test.ts moves them).
const everyDay: BakeTemplate = {
  ...template,
  deliveryWeekdays: [0, 1, 2, 3, 4, 5, 6],
  workingWeekdays: [0, 1, 2, 3, 4, 5, 6],
};

describe('London time', () => {
  it('reads the London date of an instant on both sides of midnight and of the clock changes', () => {
    expect(londonDate(new Date('2026-07-01T23:30:00Z'))).toBe('2026-07-02'); // 00:30 BST
    expect(londonDate(new Date('2026-12-01T23:30:00Z'))).toBe('2026-12-01'); // 23:30 GMT
  });

  it("agrees with Intl's own London date every 10 minutes through both clock changes", () => {
    // The offset is remembered per UTC hour: the hours either side of each change must differ.
    const intlDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' });
    for (const day of ['2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25']) {
      for (
        let t = Date.parse(`${day}T00:00:00Z`) - 3_600_000;
        t < Date.parse(`${day}T23:59:59Z`);
        t += 600_000
      ) {
        expect(londonDate(new Date(t))).toBe(intlDate.format(new Date(t)));
      }
    }
    expect(londonInstant('2026-03-29', '00:30').toISOString()).toBe('2026-03-29T00:30:00.000Z');
    expect(londonInstant('2026-03-29', '02:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(londonInstant('2026-10-25', '00:30').toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(londonInstant('2026-10-25', '02:30').toISOString()).toBe('2026-10-25T02:30:00.000Z');
  });

  it('turns a London wall-clock time into the right instant in winter and summer', () => {
    expect(londonInstant('2026-01-15', '14:00').toISOString()).toBe('2026-01-15T14:00:00.000Z');
    expect(londonInstant('2026-07-15', '14:00').toISOString()).toBe('2026-07-15T13:00:00.000Z');
  });

  it('knows real dates from malformed ones', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    for (const bad of ['2026-02-30', '2026-2-3', '26-02-03', 'tomorrow', '', null, 20260203]) {
      expect(isIsoDate(bad)).toBe(false);
    }
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('says cut-off times as people do', () => {
    expect(['14:00', '14:30', '12:00', '00:00', '09:05'].map(formatClockTime)).toEqual([
      '2pm',
      '2:30pm',
      '12pm',
      '12am',
      '9:05am',
    ]);
  });
});

describe('cut-off across the clock changes', () => {
  // 2026: clocks go forward on Sunday 29 March, back on Sunday 25 October.
  it('March: 2pm GMT before the change, 2pm BST on the day and after it', () => {
    expect(cutoffFor('2026-03-29', everyDay).toISOString()).toBe('2026-03-28T14:00:00.000Z');
    expect(cutoffFor('2026-03-30', everyDay).toISOString()).toBe('2026-03-29T13:00:00.000Z');
    expect(cutoffFor('2026-03-31', everyDay).toISOString()).toBe('2026-03-30T13:00:00.000Z');
  });

  it('October: 2pm BST before the change, 2pm GMT on the day and after it', () => {
    expect(cutoffFor('2026-10-25', everyDay).toISOString()).toBe('2026-10-24T13:00:00.000Z');
    expect(cutoffFor('2026-10-26', everyDay).toISOString()).toBe('2026-10-25T14:00:00.000Z');
    expect(cutoffFor('2026-10-27', everyDay).toISOString()).toBe('2026-10-26T14:00:00.000Z');
  });

  it('a day is orderable until the cut-off instant and not a moment after', () => {
    const before = new Date('2026-03-29T12:59:59Z');
    const at = new Date('2026-03-29T13:00:00Z');
    expect(describeDay('2026-03-30', { template: everyDay, now: before }).state).toBe('open');
    const late = describeDay('2026-03-30', { template: everyDay, now: at });
    expect(late.state).toBe('past_cutoff');
    expect(refusalFor(late, everyDay)).toBe('Orders for that day closed at 2pm on Sunday');
  });

  it('words the cut-off "Order by 2pm Thursday" for a Friday delivery', () => {
    expect(orderByWording('2026-11-27', template)).toBe('Order by 2pm Thursday');
    expect(orderByWording('2026-11-27', { ...template, cutoffTime: '10:30', cutoffDaysBefore: 2 })).toBe(
      'Order by 10:30am Wednesday',
    );
  });
});

describe('a day’s state', () => {
  const now = new Date('2026-11-23T09:00:00Z'); // Monday morning

  it('closed dates are closed with their note, and refused with it', () => {
    const day = describeDay('2026-11-25', {
      template,
      now,
      override: { date: '2026-11-25', closed: true, capacityCookies: null, note: 'Christmas' },
    });
    expect(day).toMatchObject({ state: 'closed', note: 'Christmas' });
    expect(refusalFor(day, template)).toBe('We are closed on that day (Christmas)');
  });

  it('collection has weekdays of its own: each refuses the other’s days', () => {
    // Deliveries Tuesday to Friday, collection Friday and Saturday only.
    const split = { ...template, deliveryWeekdays: [2, 3, 4, 5], collectionWeekdays: [5, 6] };
    const tuesday = '2026-12-01';
    const friday = '2026-12-04';
    const saturday = '2026-12-05';
    const state = (date: string, fulfilment?: 'delivery' | 'collection') =>
      describeDay(date, { template: split, now, fulfilment }).state;
    expect([state(tuesday, 'delivery'), state(tuesday, 'collection')]).toEqual(['open', 'no_delivery']);
    expect([state(saturday, 'delivery'), state(saturday, 'collection')]).toEqual(['no_delivery', 'open']);
    expect([state(friday, 'delivery'), state(friday, 'collection')]).toEqual(['open', 'open']);
    // Not asked for one (the owner's calendar), a day is open when it offers either.
    expect(describeDay(saturday, { template: split, now })).toMatchObject({
      state: 'open',
      fulfilments: ['collection'],
    });
    const collectTuesday = describeDay(tuesday, { template: split, now, fulfilment: 'collection' });
    expect(refusalFor(collectTuesday, split, 'collection')).toBe(
      'We are not open for collection on that day',
    );
    const deliverSaturday = describeDay(saturday, { template: split, now, fulfilment: 'delivery' });
    expect(refusalFor(deliverSaturday, split, 'delivery')).toBe('We do not deliver on that day');
  });

  it('weekdays outside the template have no deliveries unless an override gives them a capacity', () => {
    expect(describeDay('2026-11-30', { template, now }).state).toBe('no_delivery'); // Monday
    const opened = describeDay('2026-11-30', {
      template,
      now,
      override: { date: '2026-11-30', closed: false, capacityCookies: 50, note: null },
    });
    expect(opened).toMatchObject({ state: 'open', capacity: 50 });
  });

  it('a capacity opens no weekday for a delivery zone that does not go out on it', () => {
    // A van on Tuesdays and Fridays; the owner lowers Wednesday's capacity, a bake day for others.
    const van = { ...template, deliveryWeekdays: [2, 5], capacityOpensDays: false };
    const override = { date: '2026-12-02', closed: false, capacityCookies: 5, note: null };
    expect(describeDay('2026-12-02', { template: van, now, override, fulfilment: 'delivery' }).state).toBe(
      'no_delivery',
    );
    // Its own Friday still takes the lower capacity.
    const friday = { ...override, date: '2026-12-04' };
    expect(
      describeDay('2026-12-04', { template: van, now, override: friday, fulfilment: 'delivery' }),
    ).toMatchObject({ state: 'open', capacity: 5 });
  });

  it('the horizon ends exactly `horizonDays` after today', () => {
    // 23 Nov + 21 = 14 Dec (a Monday, so try 12 Dec Sat and 15 Dec Tue).
    expect(describeDay('2026-12-12', { template, now }).state).toBe('open');
    const far = describeDay('2026-12-15', { template, now });
    expect(far.state).toBe('beyond_horizon');
    expect(refusalFor(far, template)).toBe('Delivery days can be chosen up to 21 days ahead');
    expect(describeDay('2026-12-14', { template: everyDay, now }).state).toBe('open');
    expect(describeDay('2026-12-15', { template: everyDay, now }).state).toBe('beyond_horizon');
  });

  it('is full when the booked cookies leave no room for this order', () => {
    const at = (booked: number, cookies: number) =>
      describeDay('2026-11-25', { template, now, booked, cookies }).state;
    expect(at(288, 12)).toBe('open');
    expect(at(289, 12)).toBe('full');
    expect(at(299, 1)).toBe('open');
    expect(at(300, 1)).toBe('full');
    expect(refusalFor(describeDay('2026-11-25', { template, now, booked: 300 }), template)).toBe(
      'That day is fully booked',
    );
    expect(refusalFor(describeDay('2026-11-25', { template, now, booked: 298, cookies: 12 }), template)).toBe(
      'That day only has room for 2 more cookies',
    );
    expect(refusalFor(describeDay('2026-11-25', { template, now, booked: 299, cookies: 2 }), template)).toBe(
      'That day only has room for 1 more cookie',
    );
  });
});

describe('the days a customer may choose', () => {
  it('lists open, full and closed days from the first one whose cut-off has not passed', () => {
    const now = new Date('2026-11-24T15:00:00Z'); // Tuesday 3pm: Wednesday's cut-off has passed
    const days = listBakeDays({
      template,
      now,
      booked: { '2026-11-27': 300 },
      overrides: [{ date: '2026-11-28', closed: true, capacityCookies: null, note: 'Shop fair' }],
    });
    expect(days).toHaveLength(22);
    const shown = choosableDays(days);
    expect(shown.slice(0, 4).map((d) => [d.date, d.state, d.orderBy])).toEqual([
      ['2026-11-26', 'open', 'Order by 2pm Wednesday'],
      ['2026-11-27', 'full', 'Order by 2pm Thursday'],
      ['2026-11-28', 'closed', 'Order by 2pm Friday'],
      ['2026-12-01', 'open', 'Order by 2pm Monday'],
    ]);
    expect(shown.at(-1)!.date).toBe('2026-12-15');
  });
});
