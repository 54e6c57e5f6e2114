import { DEFAULT_SERVICE_CODE, kilograms } from '~/shared/dispatch/parcel';
import { csvRow } from '../csv/csv';
import type { DayOrder } from '../orders/day-orders';

/**
 * Royal Mail Click & Drop's spreadsheet import (docs/rules/dispatch.md): one row per
 * parcel, headed with Click & Drop's own field names so its import mapping matches them as they
 * are. Weight in kilograms (its only unit, up to 3 decimals), cookies plus packaging.
 */
export const CLICK_AND_DROP_HEADER = [
  'Order reference',
  'Full name',
  'Address line 1',
  'Address line 2',
  'Address line 3',
  'City',
  'Postcode',
  'Country',
  'Phone',
  'Weight',
  'Package size',
  'Service code',
];

/**
 * A day's order as the dispatch list and Click & Drop read it: with its zone's Royal Mail service
 * code as the zone is now (the order keeps the zone's name, method and transit), null when the
 * zone was removed.
 */
export type PostedOrder = DayOrder & { serviceCode: string | null };

/** The parcels to label: the day's posted orders not yet shipped (paid or baking). */
export const toLabel = (orders: PostedOrder[]) =>
  orders.filter((o) => o.method === 'post' && (o.status === 'paid' || o.status === 'baking'));

/**
 * The address as typed, in Click & Drop's three lines: split at line breaks and commas; what does
 * not fit in three stays together on the third.
 */
export function addressLines(address: string): [string, string, string] {
  const parts = address
    .split(/[\n,]/)
    .map((p) => p.trim())
    .filter(Boolean);
  return [parts[0] ?? '', parts[1] ?? '', parts.slice(2).join(', ')];
}

/**
 * One parcel's row. The reference is the order number without its "#" (Click & Drop's reference
 * is alphanumeric); the phone keeps its digits only (its phone field is numeric). Every text cell
 * is guarded against formula injection by `csvRow`.
 */
export function clickAndDropRow(o: PostedOrder): string {
  const phone = o.ship.phone.replace(/\D/g, '');
  return csvRow([
    o.number.replace(/^#/, ''),
    o.ship.name,
    ...addressLines(o.ship.address),
    o.ship.city,
    o.ship.postcode,
    'United Kingdom',
    phone,
    { number: kilograms(o.parcel.grams) },
    'Parcel',
    o.serviceCode ?? DEFAULT_SERVICE_CODE,
  ]);
}
