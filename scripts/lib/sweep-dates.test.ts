import { describe, expect, it } from 'vitest';
import { londonDate, weekdayOf } from '../../src/shared/time/london-time';
import { sweepDates } from './sweep-dates';

describe('the date sweep', () => {
  const dates = sweepDates(new Date('2026-12-02T05:00:00Z'));
  const days = dates.map((d) => londonDate(d.at));

  it('covers every weekday of one normal week, and the hard days (clock changes, year ends, leap days), each after today', () => {
    expect(new Set(days.map(weekdayOf))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
    expect(days).toEqual(
      expect.arrayContaining([
        '2026-12-15',
        '2026-12-31',
        '2027-01-01',
        '2027-03-28',
        '2027-10-31',
        '2028-02-29',
      ]),
    );
    expect(days.filter((d) => d >= '2027-02-08' && d <= '2027-02-14')).toHaveLength(7);
    expect(dates.every((d) => d.at.getTime() > Date.parse('2026-12-02T05:00:00Z'))).toBe(true);
    expect(dates).toHaveLength(13);
  });

  it('sets London wall-clock times on either side of a clock change', () => {
    const at = (day: string) => dates.find((d) => londonDate(d.at) === day)!.at.toISOString();
    // 00:30 in London, before each change: still GMT in March, still BST (UTC+1) in October.
    expect(at('2027-03-28')).toBe('2027-03-28T00:30:00.000Z');
    expect(at('2027-10-31')).toBe('2027-10-30T23:30:00.000Z');
  });

  it('is in time order, so the clock only moves forward', () => {
    const times = dates.map((d) => d.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});
