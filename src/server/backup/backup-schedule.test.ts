import { describe, expect, it } from 'vitest';
import { londonDate } from '~/shared/time/london-time';
import { nextBackupAt } from './backup-schedule';

const london = (d: Date) => d.toLocaleString('en-GB', { timeZone: 'Europe/London', hour12: false });

describe('the daily backup schedule', () => {
  it('runs today at the set London time while it is still to come, else tomorrow', () => {
    expect(nextBackupAt(new Date('2027-02-10T01:00:00Z'), '03:00').toISOString()).toBe(
      '2027-02-10T03:00:00.000Z',
    );
    expect(nextBackupAt(new Date('2027-02-10T03:00:00Z'), '03:00').toISOString()).toBe(
      '2027-02-11T03:00:00.000Z',
    );
    expect(nextBackupAt(new Date('2028-02-28T23:30:00Z'), '03:00').toISOString()).toBe(
      '2028-02-29T03:00:00.000Z',
    );
    expect(nextBackupAt(new Date('2026-12-31T12:00:00Z'), '03:00').toISOString()).toBe(
      '2027-01-01T03:00:00.000Z',
    );
  });

  it('keeps the London time across both clock changes', () => {
    // The night the clocks go forward (01:00 UTC, 28 March 2027): 03:00 BST is 02:00 UTC.
    expect(nextBackupAt(new Date('2027-03-28T00:30:00Z'), '03:00').toISOString()).toBe(
      '2027-03-28T02:00:00.000Z',
    );
    // The night they go back (01:00 UTC, 31 October 2027): 03:00 GMT is 03:00 UTC, 25 hours after the last.
    const last = new Date('2027-10-30T02:00:00Z');
    const next = nextBackupAt(last, '03:00');
    expect(next.toISOString()).toBe('2027-10-31T03:00:00.000Z');
    expect((next.getTime() - last.getTime()) / 3_600_000).toBe(25);
  });

  it("from the shop's clock now (the date sweep sets it), the next run is within a day, at the set time", () => {
    const now = new Date();
    const next = nextBackupAt(now, '03:00');
    expect(next.getTime()).toBeGreaterThan(now.getTime());
    expect(next.getTime() - now.getTime()).toBeLessThanOrEqual(25 * 3_600_000);
    expect(london(next)).toMatch(/, 03:00:00$/);
    expect([londonDate(now), londonDate(new Date(now.getTime() + 86_400_000))]).toContain(londonDate(next));
  });
});
