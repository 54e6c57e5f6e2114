import { asc, isNotNull, or } from 'drizzle-orm';
import { type IsoDate, londonDate } from '~/shared/time/london-time';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { unitsHeldByDate } from '../orders/booked-cookies';

/** The owner's forward view (decision 043): units sold per date for each limited product. */
export interface ForwardView {
  products: { id: string; name: string; daily_limit: number | null }[];
  /** Each date from today with any units held (paid, or pending until paid or expired), by product id. */
  days: { date: IsoDate; units: Record<string, number> }[];
}

/** How far ahead the forward view looks: pre-orders are taken weeks ahead. */
const FORWARD_DAYS = 400;

export async function forwardView(db: Db, now = new Date()): Promise<ForwardView> {
  const limited = await db
    .select({ id: products.id, name: products.name, dailyLimit: products.dailyLimit })
    .from(products)
    .where(
      or(isNotNull(products.dailyLimit), isNotNull(products.deliverFrom), isNotNull(products.deliverUntil)),
    )
    .orderBy(asc(products.name));
  const today = londonDate(now);
  const last = londonDate(new Date(now.getTime() + FORWARD_DAYS * 86_400_000));
  const held = await unitsHeldByDate(
    db,
    today,
    last,
    limited.map((p) => p.id),
  );
  return {
    products: limited.map((p) => ({ id: p.id, name: p.name, daily_limit: p.dailyLimit })),
    days: Object.keys(held)
      .sort()
      .map((date) => ({ date, units: held[date]! })),
  };
}
