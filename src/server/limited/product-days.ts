import { type LimitedLine, soldOutText } from '~/shared/limited/limited';
import { formatBakeDay, type IsoDate } from '~/shared/time/london-time';
import type { BakeDaysService } from '../bake-days/bake-days-service';
import type { Db } from '../db/client';
import { limitedDays } from './limited-days';

/** How many of the next days it can be had on the product page speaks of. */
export const PRODUCT_PAGE_DAYS = 7;

const SOLD_OUT = soldOutText(null);

/** One day's line on the product page: "Only 3 left for Friday 18 December", or sold out. */
export interface DayLeft {
  date: IsoDate;
  text: string;
  /** Sold out for this day: the page offers "Tell me if a place comes back". */
  soldOut: boolean;
}

/** What the page knows of the product (the catalogue's ProductDto has these fields). */
export interface ProductOnPage {
  id: string;
  name: string;
  sold_out: boolean;
  /** "On sale from 1 December" while it cannot be bought yet. */
  sale_note: string | null;
  on_sale_from: IsoDate | null;
  on_sale_until: IsoDate | null;
  deliver_from: IsoDate | null;
  deliver_until: IsoDate | null;
  lead_days: number;
  daily_limit: number | null;
  /** A box counts its cookies against the day's oven. */
  box: { size: number } | null;
}

/** One unit of the product as a limited line: its window, lead time and daily limit. */
export const limitedLineOf = (product: ProductOnPage): LimitedLine => ({
  productId: product.id,
  name: product.name,
  units: 1,
  onSaleFrom: product.on_sale_from,
  onSaleUntil: product.on_sale_until,
  deliverFrom: product.deliver_from,
  deliverUntil: product.deliver_until,
  leadDays: product.lead_days,
  dailyLimit: product.daily_limit,
});

/**
 * Whether a product can be had on one coming day: 'open', 'full' (sold out for it, the oven is
 * full, or the product is sold out or not on sale yet), or 'gone' (past its cut-off, or never one
 * of its days).
 */
export async function productDayState(
  db: Db,
  bakeDays: BakeDaysService,
  product: ProductOnPage,
  date: IsoDate,
): Promise<'open' | 'full' | 'gone'> {
  if (product.sold_out || product.sale_note) return 'full';
  const offered = await limitedDays(
    db,
    bakeDays,
    [limitedLineOf(product)],
    product.box?.size ?? 1,
    'delivery',
  );
  const days = offered?.days ?? (await bakeDays.calendar({ cookies: 1, fulfilment: 'delivery' })).days;
  const state = days.find((d) => d.date === date)?.state;
  return state === 'open' ? 'open' : state === 'full' ? 'full' : 'gone';
}

/**
 * What a product with a per-day limit has left on the next days it can be had on (decision 043),
 * for its page: only the days that are low or sold out, in the checkout's own words. The page
 * knows no postcode, so the days are the bake calendar's delivery days (a zone may deliver on
 * fewer), within the product's delivery dates and lead time. Empty for any other product, and
 * while it cannot be bought (not on sale yet, or sold out).
 */
export async function productDaysLeft(
  db: Db,
  bakeDays: BakeDaysService,
  product: ProductOnPage,
): Promise<DayLeft[]> {
  if (product.daily_limit === null || product.sold_out || product.sale_note) return [];
  const cookies = product.box?.size ?? 1;
  const offered = await limitedDays(db, bakeDays, [limitedLineOf(product)], cookies, 'delivery');
  return (offered?.days ?? [])
    .filter((d) => d.state === 'open' || d.state === 'full')
    .slice(0, PRODUCT_PAGE_DAYS)
    .flatMap(({ date, state, note }): DayLeft[] => {
      if (!note) return [];
      // "Sold out for this day" names no day: on a list of days it needs its own.
      if (note.startsWith(SOLD_OUT))
        return [{ date, text: `${formatBakeDay(date)}: ${note}`, soldOut: true }];
      // A day the oven has filled is not to be had, however many of these are left.
      return state === 'open' ? [{ date, text: note, soldOut: false }] : [];
    });
}
