import {
  type ParsedPostcode,
  type PostcodeRule,
  parsePostcode,
  parseRule,
  ruleMatches,
  rulesOverlap,
} from './postcode-rules';

/** How a zone's orders travel: the bakery's own van, the post, or not at all (collection only). */
export const ZONE_METHODS = ['van', 'post', 'none'] as const;
export type ZoneMethod = (typeof ZONE_METHODS)[number];

export const ZONE_METHOD_NAMES: Record<ZoneMethod, string> = {
  van: 'Our van',
  post: 'Post',
  none: 'No delivery',
};

/** A delivery zone as the owner set it up (Settings -> Delivery). Money in pence. */
export interface DeliveryZone {
  id: string;
  name: string;
  /** The rules as normalised text: "SY", "SY3", "TF1-TF4", "SY3 7", "*". */
  postcodes: string[];
  method: ZoneMethod;
  feePennies: number;
  /** Free delivery when the cookies (after any discount) come to this much; null = never. */
  freeOverPennies: number | null;
  /** Orders to this zone must come to at least this much of cookies; null = any. */
  minimumOrderPennies: number | null;
  /** Weekdays delivered (van) or dispatched (post), 0 = Sunday ... 6 = Saturday. */
  weekdays: number[];
  /** The zone's own cut-off, or null for the bake days' own. */
  cutoffTime: string | null;
  cutoffDaysBefore: number | null;
  /** Most orders this zone takes for one day (the van's drops); null = only the oven limits it. */
  dailyOrderCap: number | null;
  /** Royal Mail Click & Drop service code for posted parcels ("TPS48" = Tracked 48). */
  serviceCode: string | null;
  /** "2-3 days": how long the post usually takes. */
  transitDays: string | null;
  /** Order on the settings page; breaks a tie between equally specific rules (first wins). */
  position: number;
}

export interface ZoneMatch {
  zone: DeliveryZone;
  rule: PostcodeRule;
  postcode: ParsedPostcode;
}

const rulesOf = (zone: DeliveryZone): PostcodeRule[] =>
  zone.postcodes.flatMap((text) => parseRule(text) ?? []);

/**
 * The zone a postcode belongs to: of every zone's rules covering it, the most specific wins (a
 * sector over a district over a range over an area over `*`); between equals, the zone listed
 * first. Null when the postcode is not a UK postcode or no zone covers it.
 */
export function findZone(zones: readonly DeliveryZone[], rawPostcode: string): ZoneMatch | null {
  const postcode = parsePostcode(rawPostcode);
  if (!postcode) return null;
  let best: ZoneMatch | null = null;
  for (const zone of [...zones].sort((a, b) => a.position - b.position)) {
    for (const rule of rulesOf(zone)) {
      if (!ruleMatches(rule, postcode)) continue;
      if (!best || rule.specificity > best.rule.specificity) best = { zone, rule, postcode };
    }
  }
  return best;
}

/** The zone that delivers there, or null when nobody does (no zone, or a "No delivery" one). */
export function servingZone(zones: readonly DeliveryZone[], rawPostcode: string): ZoneMatch | null {
  const match = findZone(zones, rawPostcode);
  return match && match.zone.method !== 'none' ? match : null;
}

/**
 * Where two zones claim the same postcodes, in the owner's words, saying which zone wins there.
 * Shown when saving; the owner may mean it (a sector carved out of an area).
 */
export function zoneOverlaps(zones: readonly DeliveryZone[]): string[] {
  const sorted = [...zones].sort((a, b) => a.position - b.position);
  const found: string[] = [];
  sorted.forEach((a, i) => {
    for (const b of sorted.slice(i + 1)) {
      for (const ra of rulesOf(a)) {
        for (const rb of rulesOf(b)) {
          if (!rulesOverlap(ra, rb) || ra.everywhere) continue;
          const [winner, inner] =
            rb.specificity > ra.specificity
              ? [b, rb.text]
              : [a, ra.specificity > rb.specificity ? ra.text : rb.text];
          found.push(
            ra.text === rb.text
              ? `${ra.text} is in both ${a.name} and ${b.name}: ${winner.name} wins (listed first)`
              : rb.specificity === ra.specificity
                ? `${ra.text} (${a.name}) and ${rb.text} (${b.name}) overlap: ${a.name} wins (listed first)`
                : `${ra.text} (${a.name}) and ${rb.text} (${b.name}) overlap: ${inner} goes to ${winner.name}`,
          );
        }
      }
    }
  });
  return found;
}
