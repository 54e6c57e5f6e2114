import type { ShipTo } from '~/shared/orders/ship-to';
import { orders } from '../db/schema';

/** The order's columns that say where it goes: select these to build a `ShipTo` with `shipToOf`. */
export const shipToColumns = {
  shipName: orders.shipName,
  shipPhone: orders.shipPhone,
  shipAddress: orders.shipAddress,
  shipCity: orders.shipCity,
  shipPostcode: orders.shipPostcode,
  isGift: orders.isGift,
  giftMessage: orders.giftMessage,
};

type ShipToRow = { [K in keyof typeof shipToColumns]: (typeof orders.$inferSelect)[K] };

/** Where an order goes, from its row (the whole order, or `shipToColumns` selected). */
export const shipToOf = (r: ShipToRow): ShipTo => ({
  name: r.shipName,
  phone: r.shipPhone,
  address: r.shipAddress,
  city: r.shipCity,
  postcode: r.shipPostcode,
  gift: r.isGift ? { message: r.giftMessage } : null,
});

/** The order's columns for where it goes, to insert or update. */
export const shipToValues = (s: ShipTo): ShipToRow => ({
  shipName: s.name,
  shipPhone: s.phone,
  shipAddress: s.address,
  shipCity: s.city,
  shipPostcode: s.postcode,
  isGift: !!s.gift,
  giftMessage: s.gift?.message ?? null,
});

/** Whether an order's row goes where `want` says, gift and message included. */
export function goesTo(r: ShipToRow, want: ShipTo): boolean {
  const have = shipToValues(want);
  return (Object.keys(have) as (keyof ShipToRow)[]).every((k) => (r[k] ?? null) === have[k]);
}
