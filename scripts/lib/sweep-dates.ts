/**
 * The dates the date sweep sets the shop's clock to: each day of a normal week, a day in
 * the Christmas Box's window, New Year's Eve and Day, both London clock changes and a 29 February.
 * Each is the next such date after `today`, so the sweep never goes back in time: a browser keeps
 * cookies by the real clock, and a cookie set "in the past" would be dropped at once.
 */
import {
  addDays,
  type IsoDate,
  londonDate,
  londonInstant,
  weekdayOf,
} from '../../src/shared/time/london-time';

export interface SweepDate {
  /** What the date stands for, in the sweep's report. */
  label: string;
  /** The instant the shop's clock is set to. */
  at: Date;
}

/** The first date after `today` that `fits`, within eight years (a 29 February comes within four). */
function nextDate(today: IsoDate, fits: (date: IsoDate) => boolean): IsoDate {
  for (let d = addDays(today, 1), i = 0; i < 8 * 366; d = addDays(d, 1), i++) if (fits(d)) return d;
  throw new Error(`no date after ${today} fits`);
}

const lastSundayOf = (month: string) => (date: IsoDate) =>
  date.slice(5, 7) === month && weekdayOf(date) === 0 && addDays(date, 7).slice(5, 7) !== month;

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/**
 * The sweep's dates after `now`, in time order. Mornings are before the 2pm cut-off; every other
 * day of the normal week is an afternoon after it, so both sides of a cut-off are swept.
 */
export function sweepDates(now: Date): SweepDate[] {
  const today = londonDate(now);
  // A normal week: the one starting the second Monday of the next February (no holiday, no clock change).
  const february = nextDate(today, (d) => d.slice(5, 7) === '02' && d.slice(8) >= '08' && weekdayOf(d) === 1);
  const week = Array.from({ length: 7 }, (_, i) => {
    const date = addDays(february, i);
    return { label: `${WEEKDAYS[weekdayOf(date)]} of a normal week`, date, time: i % 2 ? '15:30' : '10:00' };
  });
  const special = [
    { label: 'the Christmas Box window (15 December)', date: nextDate(today, (d) => d.slice(5) === '12-15') },
    { label: 'New Year’s Eve', date: nextDate(today, (d) => d.slice(5) === '12-31') },
    { label: 'New Year’s Day', date: nextDate(today, (d) => d.slice(5) === '01-01') },
    { label: '29 February', date: nextDate(today, (d) => d.slice(5) === '02-29') },
  ].map((s) => ({ ...s, time: '10:00' }));
  // Half an hour before the clocks change, so the day's cut-offs and days ahead span the change.
  const changes = [
    { label: 'the clocks go forward (last Sunday of March)', date: nextDate(today, lastSundayOf('03')) },
    { label: 'the clocks go back (last Sunday of October)', date: nextDate(today, lastSundayOf('10')) },
  ].map((s) => ({ ...s, time: '00:30' }));
  return [...week, ...special, ...changes]
    .map(({ label, date, time }) => ({ label: `${label}, ${date} ${time}`, at: londonInstant(date, time) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
}
