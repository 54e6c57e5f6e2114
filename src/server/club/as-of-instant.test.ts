import { describe, expect, it } from 'vitest';
import { asOfInstant } from './club-service';

describe('the scheduler run as of a date (--as-of)', () => {
  it('keeps London wall-clock time on the date asked for, across the clock changes', () => {
    // 00:30 on the Sunday the clocks go back (BST), as of a date in GMT: still 00:30 there.
    expect(asOfInstant('2027-11-13', new Date('2027-10-30T23:30:00Z')).toISOString()).toBe(
      '2027-11-13T00:30:00.000Z',
    );
    // 00:30 GMT before the clocks go forward, as of a date in BST.
    expect(asOfInstant('2027-04-01', new Date('2027-03-28T00:30:00Z')).toISOString()).toBe(
      '2027-03-31T23:30:00.000Z',
    );
    expect(asOfInstant('2026-12-05', new Date('2026-12-02T10:00:00Z')).toISOString()).toBe(
      '2026-12-05T10:00:00.000Z',
    );
    expect(asOfInstant(undefined, new Date('2026-12-02T10:00:00Z')).toISOString()).toBe(
      '2026-12-02T10:00:00.000Z',
    );
  });
});
