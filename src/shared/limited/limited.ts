import { addDays, formatBakeDay, type IsoDate, weekdayOf } from '../time/london-time';

/**
 * A limited or seasonal product's rules (decision 043). Every date is a London date, inclusive;
 * null means no such rule.
 */
export interface ProductLimits {
  onSaleFrom: IsoDate | null;
  onSaleUntil: IsoDate | null;
  deliverFrom: IsoDate | null;
  deliverUntil: IsoDate | null;
  leadDays: number;
  dailyLimit: number | null;
}

/** A product in a basket, with its rules and what one checkout line asks of it. */
export interface LimitedLine extends ProductLimits {
  productId: string;
  name: string;
  /** Units of it in the basket. */
  units: number;
}

/** What is left is shown as low at or below this ("Only 3 left for Friday 18 December"). */
export const LOW_LEFT = 5;

const dayMonth = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long' });
/** "1 December". */
export const formatDayMonth = (date: IsoDate) => dayMonth.format(new Date(`${date}T12:00:00Z`));

export const hasLimits = (l: ProductLimits) =>
  l.onSaleFrom !== null ||
  l.onSaleUntil !== null ||
  l.deliverFrom !== null ||
  l.deliverUntil !== null ||
  l.leadDays > 0 ||
  l.dailyLimit !== null;

/** Whether it is on sale today, and if not the words the shop says instead. */
export function saleState(l: ProductLimits, today: IsoDate): 'on_sale' | 'not_yet' | 'ended' {
  if (l.onSaleFrom && today < l.onSaleFrom) return 'not_yet';
  if (l.onSaleUntil && today > l.onSaleUntil) return 'ended';
  return 'on_sale';
}

/** "On sale from 1 December": shown on the product while it is not on sale yet. */
export const onSaleFromText = (l: ProductLimits) => `On sale from ${formatDayMonth(l.onSaleFrom!)}`;

/** Why the product cannot be bought today (checkout's refusal), or null. */
export function saleRefusal(l: LimitedLine, today: IsoDate): string | null {
  const state = saleState(l, today);
  if (state === 'not_yet') return `Sorry, ${l.name} is on sale from ${formatDayMonth(l.onSaleFrom!)}.`;
  if (state === 'ended') return `Sorry, ${l.name} is no longer on sale. Please remove it from your basket.`;
  return null;
}

/** The delivery days it can be had on, in words: "14 to 23 December", "from 14 December", ... */
export function windowText(l: ProductLimits): string | null {
  if (l.deliverFrom && l.deliverUntil)
    return l.deliverFrom === l.deliverUntil
      ? `on ${formatDayMonth(l.deliverFrom)}`
      : `from ${formatDayMonth(l.deliverFrom)} to ${formatDayMonth(l.deliverUntil)}`;
  if (l.deliverFrom) return `from ${formatDayMonth(l.deliverFrom)}`;
  if (l.deliverUntil) return `until ${formatDayMonth(l.deliverUntil)}`;
  return null;
}

/**
 * How many days a parcel takes from its dispatch day to its delivery, at least and at most: 0 for
 * the van and a collection (the day is the delivery day).
 */
export interface Transit {
  min: number;
  max: number;
}

export const SAME_DAY: Transit = { min: 0, max: 0 };

/** Royal Mail Tracked 48, the shop's default service: what a posted zone that says nothing takes. */
const TRACKED_48: Transit = { min: 2, max: 3 };

/**
 * A posted zone's "Post usually takes" read as days (docs/rules/dispatch.md): "2-3 days" is 2 to
 * 3, "3 days" is 3, "next day" is 1; words with no number, or nothing, are Tracked 48's 2 to 3.
 */
export function transitOf(text: string | null): Transit {
  const numbers = (text?.match(/\d+/g) ?? []).map(Number);
  if (numbers.length > 0) return { min: Math.min(...numbers), max: Math.max(...numbers) };
  if (text && /next[\s-]*day|tomorrow/i.test(text)) return { min: 1, max: 1 };
  return TRACKED_48;
}

/** How long after its day an order of this zone arrives: a posted zone's transit, or none. */
export const transitFor = (
  zone: { method?: string; transitDays?: string | null } | null | undefined,
): Transit => (zone?.method === 'post' ? transitOf(zone.transitDays ?? null) : SAME_DAY);

/** The day a parcel dispatched on `date` arrives, `days` delivery days later (Royal Mail does not deliver on Sundays). */
export function arrivalAfter(date: IsoDate, days: number): IsoDate {
  let day = date;
  for (let left = days; left > 0; ) {
    day = addDays(day, 1);
    if (weekdayOf(day) !== 0) left--;
  }
  return day;
}

/** The first day its lead time allows, ordering today. */
export const earliestDay = (l: ProductLimits, today: IsoDate) => addDays(today, l.leadDays);

/**
 * Why this date cannot be had for the product, whatever is left (its delivery dates, its lead
 * time), or null. A posted order's date is its dispatch day: its delivery dates must hold for the
 * days it may arrive (`transit` after), so a Christmas box posted too late is not offered.
 */
export function dateRefusal(
  l: LimitedLine,
  date: IsoDate,
  today: IsoDate,
  transit: Transit = SAME_DAY,
): string | null {
  const first = arrivalAfter(date, transit.min);
  const last = arrivalAfter(date, transit.max);
  if ((l.deliverFrom && first < l.deliverFrom) || (l.deliverUntil && last > l.deliverUntil))
    return transit.max > 0
      ? `${l.name} can only be delivered ${windowText(l)}, and posted on ${formatBakeDay(date)} it could arrive outside those days. Please choose another dispatch day.`
      : `${l.name} can only be delivered ${windowText(l)}. Please choose one of those days.`;
  if (date < earliestDay(l, today))
    return `${l.name} must be ordered at least ${l.leadDays} ${l.leadDays === 1 ? 'day' : 'days'} ahead.`;
  return null;
}

/** Why the day's limit refuses `l.units` more when `sold` are held already, or null. */
export function limitRefusal(l: LimitedLine, date: IsoDate, sold: number): string | null {
  if (l.dailyLimit === null) return null;
  const left = Math.max(0, l.dailyLimit - sold);
  if (l.units <= left) return null;
  if (left === 0)
    return `Sorry, ${l.name} is sold out for ${formatBakeDay(date)}. Please choose another day.`;
  return `Sorry, only ${left} ${l.name} left for ${formatBakeDay(date)}. Please take fewer or choose another day.`;
}

/**
 * What to change when no day can take `units` of the product: reduce it to the most any one day
 * has left, or remove it when every day is sold out.
 */
export function reduceText(l: Pick<LimitedLine, 'name' | 'units'>, mostLeft: number): string {
  if (mostLeft <= 0)
    return `${l.name} is sold out for every day we can offer. Please remove it to choose a day.`;
  return `To choose a day, reduce ${l.name} to ${mostLeft} (you have ${l.units}): no day has more left.`;
}

/** "Only 3 left for Friday 18 December". */
export const onlyLeftText = (left: number, date: IsoDate) => `Only ${left} left for ${formatBakeDay(date)}`;

/** "Sold out for this day", with the next day that has some when there is one. */
export const soldOutText = (nextDay: IsoDate | null) =>
  nextDay ? `Sold out for this day. Next available: ${formatBakeDay(nextDay)}` : 'Sold out for this day';

/** What the product page and checkout say of a day's stock: low, sold out (with the next day), or nothing. */
export function leftText(left: number, date: IsoDate, nextDay: IsoDate | null): string | null {
  if (left <= 0) return soldOutText(nextDay);
  if (left <= LOW_LEFT) return onlyLeftText(left, date);
  return null;
}

/** What limits when it can be had, for its page: "Delivered from 14 December to 23 December. Order at least 3 days ahead. At most 40 a day." */
export function limitsNote(l: ProductLimits): string | null {
  const parts: string[] = [];
  const window = windowText(l);
  if (window) parts.push(`Delivered ${window} only.`);
  if (l.leadDays > 0) parts.push(`Order at least ${l.leadDays} ${l.leadDays === 1 ? 'day' : 'days'} ahead.`);
  if (l.dailyLimit !== null) parts.push(`Limited to ${l.dailyLimit} a day.`);
  return parts.length ? parts.join(' ') : null;
}
