/**
 * A posted order's parcel as Royal Mail is told of it (docs/rules/dispatch.md): the
 * cookies' net weights plus the packaging, and the service it goes by.
 */

/** The box, tissue and padding of one parcel of cookies: added to the cookies' own weights. */
export const PACKAGING_GRAMS = 150;

/** A cookie whose net weight the owner has not entered is counted as this (and flagged). */
export const UNKNOWN_COOKIE_GRAMS = 100;

/** Royal Mail Tracked 48, non-signature parcel: the demo zones' and a new post zone's service. */
export const DEFAULT_SERVICE_CODE = 'TPS48';

/** Click & Drop's service codes the shop names in words; any other code is shown as it is. */
export const SERVICE_NAMES: Record<string, string> = {
  TPS48: 'Royal Mail Tracked 48',
  TPN24: 'Royal Mail Tracked 24',
  CRL48: 'Royal Mail 48',
  CRL24: 'Royal Mail 24',
  SD1: 'Special Delivery Guaranteed by 1pm',
};

export const serviceName = (code: string) => SERVICE_NAMES[code] ?? code;

interface WeighedLine {
  quantity: number;
  netWeightGrams: number | null;
  /** A box's cookies, in ONE box; null for loose cookies. */
  box: { quantity: number; netWeightGrams: number | null }[] | null;
}

/**
 * The parcel's weight in grams: every cookie's net weight (a box's are its cookies'), plus the
 * packaging. `estimated` when a cookie had no net weight and counted as UNKNOWN_COOKIE_GRAMS.
 */
export function parcelWeight(lines: WeighedLine[]): { grams: number; estimated: boolean } {
  let grams = PACKAGING_GRAMS;
  let estimated = false;
  const add = (count: number, each: number | null) => {
    if (each === null) estimated = true;
    grams += count * (each ?? UNKNOWN_COOKIE_GRAMS);
  };
  for (const line of lines) {
    if (line.box) for (const c of line.box) add(line.quantity * c.quantity, c.netWeightGrams);
    else add(line.quantity, line.netWeightGrams);
  }
  return { grams, estimated };
}

/** "0.42 kg" on the dispatch list; Click & Drop's column takes kilograms with up to 3 decimals. */
export const kilograms = (grams: number) => (grams / 1000).toFixed(3);
