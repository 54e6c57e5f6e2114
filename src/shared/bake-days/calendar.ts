import type { Fulfilment } from '../orders/fulfilment';
import {
  addDays,
  daysBetween,
  formatBakeDay,
  formatClockTime,
  type IsoDate,
  isIsoDate,
  londonDate,
  londonInstant,
  WEEKDAY_NAMES,
  weekdayOf,
} from '../time/london-time';

/** The owner's week: which days deliver, the order cut-off, how far ahead, how many cookies a day. */
export interface BakeTemplate {
  /** Delivery weekdays, 0 = Sunday ... 6 = Saturday. */
  deliveryWeekdays: number[];
  /** Weekdays customers may collect from the bakery (by default the delivery weekdays). */
  collectionWeekdays: number[];
  /**
   * Weekdays the bakery works (takes in the day's orders): a cut-off that would fall on another
   * day moves back to the last working day before it (decision 034).
   */
  workingWeekdays: number[];
  /** London wall-clock time of the cut-off, 'HH:MM'. */
  cutoffTime: string;
  /** The cut-off falls this many days before the delivery day (1 = the day before). */
  cutoffDaysBefore: number;
  /** Customers may choose a day up to this many days after today. */
  horizonDays: number;
  /** Cookies the bakery can bake for one day. */
  capacityCookies: number;
  /**
   * Whether a capacity override opens a weekday the days above leave out (the owner's extra bake
   * day); unset = yes. A delivery zone's reading says no: its own weekdays decide, so giving a day
   * another capacity never opens it for a van or a post that does not go out that day.
   */
  capacityOpensDays?: boolean;
}

export const DEFAULT_BAKE_TEMPLATE: BakeTemplate = {
  deliveryWeekdays: [2, 3, 4, 5, 6],
  collectionWeekdays: [2, 3, 4, 5, 6],
  workingWeekdays: [1, 2, 3, 4, 5, 6],
  cutoffTime: '14:00',
  cutoffDaysBefore: 1,
  horizonDays: 21,
  capacityCookies: 300,
};

/** One date the owner changed: closed (with a note), or another capacity. */
export interface BakeOverride {
  date: IsoDate;
  closed: boolean;
  /** Cookies for that day instead of the template's; also opens a weekday that normally has no deliveries or collections. */
  capacityCookies: number | null;
  note: string | null;
}

export type DayState = 'open' | 'full' | 'closed' | 'no_delivery' | 'past_cutoff' | 'beyond_horizon';

export interface BakeDay {
  date: IsoDate;
  state: DayState;
  capacity: number;
  booked: number;
  /** ISO instant of the cut-off. */
  cutoffAt: string;
  /** "Order by 2pm Thursday". */
  orderBy: string;
  note: string | null;
  /** What the day's weekday offers (an override with a capacity opens both). */
  fulfilments: Fulfilment[];
}

/** Dates closed by an override: no deliveries, and no cut-off falls on them. */
export type ClosedDates = ReadonlySet<IsoDate>;
const NONE_CLOSED: ClosedDates = new Set();

/** The closed dates among some overrides. */
export const closedDatesOf = (overrides: readonly BakeOverride[]): ClosedDates =>
  new Set(overrides.filter((o) => o.closed).map((o) => o.date));

/** How far back a cut-off may move before the rule gives up (a template always has a working day). */
const LONGEST_CLOSURE_DAYS = 60;

/**
 * The London date on which orders for `date` stop: `cutoffDaysBefore` days earlier, moved back to
 * the last working day (a working weekday not closed by an override). `movedFrom` is the day it
 * would have been, when it moved.
 */
export function cutoffDay(
  date: IsoDate,
  template: BakeTemplate,
  closed: ClosedDates = NONE_CLOSED,
): { day: IsoDate; movedFrom: IsoDate | null } {
  const nominal = addDays(date, -template.cutoffDaysBefore);
  const works = (d: IsoDate) => template.workingWeekdays.includes(weekdayOf(d)) && !closed.has(d);
  for (let back = 0; back <= LONGEST_CLOSURE_DAYS; back++) {
    const day = addDays(nominal, -back);
    if (works(day)) return { day, movedFrom: back === 0 ? null : nominal };
  }
  return { day: nominal, movedFrom: null };
}

/** The instant orders for `date` stop: the template's time on its cut-off day, London time. */
export function cutoffFor(date: IsoDate, template: BakeTemplate, closed: ClosedDates = NONE_CLOSED): Date {
  return londonInstant(cutoffDay(date, template, closed).day, template.cutoffTime);
}

/** "Saturday", or "Saturday 19 December" when a cut-off is a week or more before its day. */
function dayName(day: IsoDate, before: IsoDate): string {
  return daysBetween(day, before) >= 7 ? formatBakeDay(day) : WEEKDAY_NAMES[weekdayOf(day)]!;
}

/**
 * "Order by 2pm Thursday" for a delivery on `date`; when the cut-off moved off a day the bakery
 * does not work, it says so: "Order by 2pm Saturday (we are closed on Sunday)".
 */
export function orderByWording(
  date: IsoDate,
  template: BakeTemplate,
  closed: ClosedDates = NONE_CLOSED,
): string {
  const { day, movedFrom } = cutoffDay(date, template, closed);
  const by = `Order by ${formatClockTime(template.cutoffTime)} ${dayName(day, date)}`;
  return movedFrom ? `${by} (we are closed on ${dayName(movedFrom, date)})` : by;
}

/**
 * What a day looks like at `now` for an order of `cookies` cookies (1 when only asking whether
 * any room is left) to be delivered or collected (either, when `fulfilment` is not given). The
 * first rule that applies wins: horizon, weekday, closed, cut-off, room. Deliveries and
 * collections share the day's baking capacity.
 */
export function describeDay(
  date: IsoDate,
  options: {
    template: BakeTemplate;
    override?: BakeOverride | null;
    booked?: number;
    now: Date;
    cookies?: number;
    fulfilment?: Fulfilment;
    /** Closed dates before this one, where its cut-off cannot fall. */
    closed?: ClosedDates;
  },
): BakeDay {
  const { template, override, now, fulfilment, closed } = options;
  const booked = options.booked ?? 0;
  const cookies = Math.max(options.cookies ?? 1, 1);
  const capacity = override?.capacityCookies ?? template.capacityCookies;
  const cutoff = cutoffFor(date, template, closed);
  const weekday = weekdayOf(date);
  const openedByOverride = override?.capacityCookies != null && template.capacityOpensDays !== false;
  const fulfilments = (['delivery', 'collection'] as const).filter(
    (f) =>
      openedByOverride ||
      (f === 'delivery' ? template.deliveryWeekdays : template.collectionWeekdays).includes(weekday),
  );
  const deliversThatWeekday = fulfilment ? fulfilments.includes(fulfilment) : fulfilments.length > 0;
  const ahead = daysBetween(londonDate(now), date);

  let state: DayState;
  if (ahead > template.horizonDays) state = 'beyond_horizon';
  else if (!deliversThatWeekday) state = 'no_delivery';
  else if (override?.closed) state = 'closed';
  else if (now.getTime() >= cutoff.getTime()) state = 'past_cutoff';
  else if (booked + cookies > capacity) state = 'full';
  else state = 'open';

  return {
    date,
    state,
    capacity,
    booked,
    cutoffAt: cutoff.toISOString(),
    orderBy: orderByWording(date, template, closed),
    note: override?.note ?? null,
    fulfilments,
  };
}

/**
 * Every date from today to the end of the horizon, described at `now`. `booked` maps a date to
 * the cookies already reserved for it.
 */
export function listBakeDays(options: {
  template: BakeTemplate;
  overrides: BakeOverride[];
  booked: Record<IsoDate, number>;
  now: Date;
  cookies?: number;
  fulfilment?: Fulfilment;
  /** Days to list from today (default: through the horizon). */
  days?: number;
}): BakeDay[] {
  const today = londonDate(options.now);
  const byDate = new Map(options.overrides.map((o) => [o.date, o]));
  const closed = closedDatesOf(options.overrides);
  const count = options.days ?? options.template.horizonDays + 1;
  const days: BakeDay[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(today, i);
    days.push(
      describeDay(date, {
        template: options.template,
        override: byDate.get(date),
        booked: options.booked[date] ?? 0,
        now: options.now,
        cookies: options.cookies,
        fulfilment: options.fulfilment,
        closed,
      }),
    );
  }
  return days;
}

/** The days a customer is shown at checkout: open, full and closed days whose cut-off has not passed. */
export function choosableDays(days: BakeDay[]): BakeDay[] {
  return days.filter((d) => d.state === 'open' || d.state === 'full' || d.state === 'closed');
}

/** Why an order cannot have this day, in the words the customer sees; null when it can. */
export function refusalFor(
  day: BakeDay,
  template: BakeTemplate,
  fulfilment: Fulfilment = 'delivery',
): string | null {
  switch (day.state) {
    case 'open':
      return null;
    case 'full': {
      // Some room, but not for this order: say how much, so the customer can make it fit.
      const room = day.capacity - day.booked;
      return room > 0
        ? `That day only has room for ${room} more ${room === 1 ? 'cookie' : 'cookies'}`
        : 'That day is fully booked';
    }
    case 'closed':
      return day.note ? `We are closed on that day (${day.note})` : 'We are closed on that day';
    case 'no_delivery':
      return fulfilment === 'collection'
        ? 'We are not open for collection on that day'
        : 'We do not deliver on that day';
    case 'past_cutoff': {
      const cutoff = londonDate(new Date(day.cutoffAt));
      return `Orders for that day closed at ${formatClockTime(template.cutoffTime)} on ${dayName(cutoff, day.date)}`;
    }
    case 'beyond_horizon':
      return `Delivery days can be chosen up to ${template.horizonDays} days ahead`;
  }
}

/** The refusal for something that is not a date at all. */
export const MALFORMED_DAY_MESSAGE = 'Please choose a delivery day';

export { isIsoDate };
