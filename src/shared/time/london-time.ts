/**
 * Calendar dates and wall-clock times in the shop's time zone (Europe/London), with Intl only, and how
 * they are written for people.
 * A bake day is a plain 'YYYY-MM-DD' London date; instants are Dates. Date arithmetic on the
 * plain dates is done in UTC, where every day has 24 hours, so clock changes never shift a date.
 */

/**
 * The shop's time zone: dates are shown as the bakery sees them, wherever the server runs, and the
 * server's HTML and the browser's render agree (no hydration mismatch).
 */
export const SHOP_TIME_ZONE = 'Europe/London';

export type IsoDate = string;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function londonParts(instant: Date) {
  const parts: Record<string, number> = {};
  for (const p of partsFormat.formatToParts(instant)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return parts as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** True for a real calendar date written 'YYYY-MM-DD' (not 2026-02-30). */
export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** The London calendar date of an instant. */
export function londonDate(instant: Date): IsoDate {
  return new Date(instant.getTime() + londonOffsetMs(instant)).toISOString().slice(0, 10);
}

const HOUR_MS = 3_600_000;
/** Offsets already worked out, by UTC hour (a few a day at most in use; cleared if it ever grows). */
const offsetByHour = new Map<number, number>();

/**
 * London's offset from UTC at an instant, in milliseconds (0 in winter, 1 hour in summer). The
 * clocks change only on a whole UTC hour (01:00 UTC today, 02:00 GMT in the past), so the offset
 * is worked out once per hour: Intl's formatToParts costs ~5-10 µs a call, and a checkout's
 * calendar asks ~80 times (bench/RESULTS.md, decision 023).
 */
function londonOffsetMs(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const p = londonParts(new Date(hour * HOUR_MS));
    offset = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - hour * HOUR_MS;
    if (offsetByHour.size >= 10_000) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return offset;
}

/**
 * The instant when London's clocks show `time` ('HH:MM') on `date`. The offset is read at the
 * answer itself, so a date on either side of the March or October change gets its own offset.
 */
export function londonInstant(date: IsoDate, time: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let t = wall - londonOffsetMs(new Date(wall));
  const again = wall - londonOffsetMs(new Date(t));
  if (again !== t) t = again;
  return new Date(t);
}

/**
 * The instant on `date` when London's clocks show the time they showed at `instant` (to the
 * millisecond). "The same time N days later" must keep the wall clock: whole days of 24 hours
 * land an hour early or late across a clock change (the date sweep found both).
 */
export function atLondonTimeOf(date: IsoDate, instant: Date): Date {
  const wall = new Date(instant.getTime() + londonOffsetMs(instant));
  const hhmm = wall.toISOString().slice(11, 16);
  const rest = wall.getUTCSeconds() * 1000 + wall.getUTCMilliseconds();
  return new Date(londonInstant(date, hhmm).getTime() + rest);
}

/** `date` moved by `days` calendar days. */
export function addDays(date: IsoDate, days: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** 0 = Sunday ... 6 = Saturday, as Date.getDay. */
export function weekdayOf(date: IsoDate): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const bakeDayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'UTC',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

/** "Thursday 26 November", how a bake day is named to people. */
export function formatBakeDay(date: IsoDate): string {
  return bakeDayFormat.format(new Date(`${date}T12:00:00Z`));
}

/** "2pm", "2:30pm", "12pm", "12am": a wall-clock 'HH:MM' as shop copy says it. */
export function formatClockTime(time: string): string {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const suffix = hh < 12 ? 'am' : 'pm';
  const hour = hh % 12 === 0 ? 12 : hh % 12;
  return mm === 0 ? `${hour}${suffix}` : `${hour}:${pad(mm)}${suffix}`;
}

function pad(n: number) {
  return String(n).padStart(2, '0');
}

// One formatter each, made once: toLocaleString with options builds a new one on every call,
// which was a tenth of rendering a page with a list of orders.
const longDate = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const dateTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: SHOP_TIME_ZONE,
  dateStyle: 'long',
  timeStyle: 'short',
});

/** Dates in en-GB long format, e.g. "21 November 2026". */
export const formatLongDate = (date: Date | string) => longDate.format(new Date(date));

/** Date and time in en-GB, e.g. "21 November 2026 at 14:05". */
export const formatDateTime = (date: Date | string) => dateTime.format(new Date(date));
