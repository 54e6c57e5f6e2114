import {
  dateRefusal,
  formatDayMonth,
  type LimitedLine,
  leftText,
  onlyLeftText,
  reduceText,
  SAME_DAY,
  soldOutText,
  type Transit,
  windowText,
} from '~/shared/limited/limited';
import type { Fulfilment } from '~/shared/orders/fulfilment';
import type { LimitedDays } from '~/shared/schemas/checkout';
import { addDays, londonDate } from '~/shared/time/london-time';
import type { BakeDaysService } from '../bake-days/bake-days-service';
import type { Db } from '../db/client';
import { unitsHeldByDate } from '../orders/booked-cookies';

/** Why only some days are offered: "Christmas Box can only be delivered from 14 December to 23 December." */
function whyText(limited: readonly LimitedLine[], transit: Transit): string | null {
  const parts = limited.flatMap((l) => {
    const out: string[] = [];
    const window = windowText(l);
    if (window)
      out.push(
        transit.max > 0
          ? `${l.name} can only be delivered ${window}: only dispatch days it arrives in time from are shown.`
          : `${l.name} can only be delivered ${window}.`,
      );
    if (l.leadDays > 0)
      out.push(
        `${l.name} must be ordered at least ${l.leadDays} ${l.leadDays === 1 ? 'day' : 'days'} ahead.`,
      );
    if (l.onSaleUntil) out.push(`${l.name} is on sale until ${formatDayMonth(l.onSaleUntil)}.`);
    return out;
  });
  return parts.length ? parts.join(' ') : null;
}

/**
 * The checkout's days for a basket holding limited products (decision 043), as the server's words:
 * only the days all of them can be had on, each with what is left when it is low ("Only 3 left for
 * Friday 18 December") or "Sold out for this day" with the next day that has some (that day shown
 * as full). Null when the basket holds none: the page shows its days as they are.
 */
export async function limitedDays(
  db: Db,
  bakeDays: BakeDaysService,
  limited: readonly LimitedLine[],
  cookies: number,
  fulfilment: Fulfilment,
  /** The days the basket could have without its limited products (a delivery zone's), when known. */
  base?: LimitedDays['days'],
  /** A posted zone's transit: its days are dispatch days, their deliveries that much later. */
  transit: Transit = SAME_DAY,
): Promise<LimitedDays | null> {
  if (limited.length === 0) return null;
  const days = base ?? (await bakeDays.calendar({ cookies, fulfilment })).days;
  const today = londonDate(new Date());
  const offered = days.filter(
    (d) =>
      (d.state === 'open' || d.state === 'full' || d.state === 'closed') &&
      limited.every((l) => dateRefusal(l, d.date, today, transit) === null),
  );
  const counted = limited.filter((l) => l.dailyLimit !== null);
  const held = offered.length
    ? await unitsHeldByDate(
        db,
        offered[0]!.date,
        addDays(offered.at(-1)!.date, 0),
        counted.map((l) => l.productId),
      )
    : {};
  // The fewest left of any limited product on each day, and whether the basket fits.
  const left = (date: string) =>
    Math.min(...counted.map((l) => l.dailyLimit! - (held[date]?.[l.productId] ?? 0)));
  const fits = (date: string) =>
    counted.every((l) => l.dailyLimit! - (held[date]?.[l.productId] ?? 0) >= l.units);
  const patch = (date: string, i: number): { state?: 'full'; note?: string } => {
    const n = left(date);
    if (fits(date)) {
      const note = counted.length ? leftText(n, date, null) : null;
      return note ? { note } : {};
    }
    // Too few for the basket: what is left, or sold out with the next day that has enough.
    const next = offered.slice(i + 1).find((o) => o.state === 'open' && fits(o.date));
    return { state: 'full', note: n > 0 ? onlyLeftText(n, date) : soldOutText(next?.date ?? null) };
  };
  // No day takes the basket because of a limit: say which product to reduce, and to how many.
  const open = offered.filter((d) => d.state === 'open');
  const stuck = open.length > 0 && !open.some((d) => fits(d.date));
  const over = stuck
    ? counted
        .map((l) => ({
          l,
          most: Math.max(...open.map((d) => l.dailyLimit! - (held[d.date]?.[l.productId] ?? 0))),
        }))
        .filter(({ l, most }) => l.units > most)
    : [];
  return {
    why: whyText(limited, transit),
    reduce: over.length ? over.map(({ l, most }) => reduceText(l, most)).join(' ') : null,
    days: offered.map(({ date, state, orderBy, capacity, booked }, i) => ({
      date,
      state,
      orderBy,
      capacity,
      booked,
      ...patch(date, i),
    })),
  };
}
