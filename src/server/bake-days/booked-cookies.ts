import type { IsoDate } from '~/shared/bake-days/london-time';
import type { Db, Tx } from '../db/client';

/**
 * Cookies already reserved for each date from `from` to `to` (inclusive): the lines of every
 * pending, paid, baking, shipped or completed order for that delivery day, never cancelled ones.
 * The one place bake days read orders, so it can move into the orders module unchanged.
 *
 * Orders do not carry a delivery day yet (the orders domain adds it), so nothing is booked.
 */
export async function bookedCookiesByDate(
  _exec: Db | Tx,
  _from: IsoDate,
  _to: IsoDate,
): Promise<Record<IsoDate, number>> {
  return {};
}
