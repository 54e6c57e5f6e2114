import { describe, expect, it } from 'vitest';
import { addDays, atLondonTimeOf, londonDate } from './london-time';

describe('the same London time on another date', () => {
  it('keeps the wall clock across both clock changes, so "in 1 day" is the next date at that time', () => {
    // A card declined at 00:30 GMT on the Sunday the clocks go forward is retried at 00:30 BST
    // the next day, which a scheduler running at 00:30 that day finds due (23 hours later).
    const declined = new Date('2027-03-28T00:30:00Z');
    const retry = atLondonTimeOf(addDays(londonDate(declined), 1), declined);
    expect(retry.toISOString()).toBe('2027-03-28T23:30:00.000Z');
    expect(londonDate(retry)).toBe('2027-03-29');
    // 00:30 BST on the Sunday the clocks go back, a day later: 00:30 GMT, 25 hours on.
    expect(atLondonTimeOf('2027-11-01', new Date('2027-10-30T23:30:00Z')).toISOString()).toBe(
      '2027-11-01T00:30:00.000Z',
    );
    // Seconds and milliseconds are kept.
    expect(atLondonTimeOf('2026-12-05', new Date('2026-12-02T10:00:07.250Z')).toISOString()).toBe(
      '2026-12-05T10:00:07.250Z',
    );
  });
});
