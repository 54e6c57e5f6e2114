import { parse } from 'postcode';

/**
 * UK postcodes as delivery zones read them, and the rules a zone lists: areas (`SY`), districts
 * (`SY3`, `EC1A`), ranges of districts (`TF1-TF4`), sectors (`SY3 7`) and `*` (every other UK
 * postcode). Matching compares whole parts of the normalised postcode, never text prefixes, so
 * `SY1` never matches SY10, `S` never SY and `EH3` never EH31 (the mistake prefix matching makes).
 */

/** A postcode taken apart: "sy3 8ab" -> area SY, district number 3, sector 8. */
export interface ParsedPostcode {
  /** "SY3 8AB": upper case, one space. */
  postcode: string;
  /** "SY3", "EC1A". */
  outcode: string;
  area: string;
  districtNumber: number;
  /** The sub-district's letter ("A" of EC1A), or '' when the district has none. */
  subDistrict: string;
  /** "SY3 8". */
  sector: string;
}

const OUTCODE = /^([A-Z]{1,2})(\d{1,2})([A-Z]?)$/;

/** Parses a full UK postcode (any case, any spacing); null when it is not one. */
export function parsePostcode(raw: string): ParsedPostcode | null {
  const parsed = parse(raw.replace(/\s+/g, ''));
  if (!parsed.valid) return null;
  const parts = OUTCODE.exec(parsed.outcode);
  // GIR 0AA (Girobank) and the like have no district number: no zone can name them.
  if (!parts) return null;
  return {
    postcode: parsed.postcode,
    outcode: parsed.outcode,
    area: parts[1]!,
    districtNumber: Number(parts[2]),
    subDistrict: parts[3] ?? '',
    sector: parsed.sector,
  };
}

/** What a rule covers: one area, a run of its district numbers, maybe one sub-district or sector. */
export interface PostcodeRule {
  /** As the owner wrote it, normalised ("TF1-TF4", "SY3 7", "*"). */
  text: string;
  /** `*` covers every UK postcode no other rule covers. */
  everywhere: boolean;
  area: string;
  from: number;
  to: number;
  /** null = any sub-district; '' = a district with no letter; 'A' = that one. */
  subDistrict: string | null;
  /** The sector's digit, or null for any. */
  sectorDigit: number | null;
  /** Higher wins: `*` 0, area 1, range 2, district 3, sub-district 4, sector 5. */
  specificity: number;
}

export const RULE_HELP =
  'Write areas (SY), districts (SY3), ranges (TF1-TF4), sectors (SY3 7), or * for every other UK postcode';

const ANY_DISTRICT = { from: 0, to: 99 };

/**
 * Reads one rule as the owner typed it (any case and spacing); null when it is none of the forms.
 * BFPO stands for its postcode area, BF.
 */
export function parseRule(raw: string): PostcodeRule | null {
  const text = raw.trim().toUpperCase().replace(/\s+/g, ' ');
  const base = { everywhere: false, subDistrict: null, sectorDigit: null } as const;
  if (text === '*') return { ...base, text, everywhere: true, area: '', ...ANY_DISTRICT, specificity: 0 };
  if (text === 'BFPO') return { ...base, text, area: 'BF', ...ANY_DISTRICT, specificity: 1 };
  if (/^[A-Z]{1,2}$/.test(text)) return { ...base, text, area: text, ...ANY_DISTRICT, specificity: 1 };

  const range = /^([A-Z]{1,2})(\d{1,2}) ?- ?([A-Z]{1,2})?(\d{1,2})$/.exec(text);
  if (range) {
    const [, area, from, area2, to] = range;
    if (area2 && area2 !== area) return null;
    const [lo, hi] = [Number(from), Number(to)];
    if (lo > hi) return null;
    return { ...base, text: `${area}${lo}-${area}${hi}`, area: area!, from: lo, to: hi, specificity: 2 };
  }

  // A sector needs its space: "SY10" is a district, never the sector "SY1 0".
  const sector = /^([A-Z]{1,2})(\d{1,2})([A-Z]?) (\d)$/.exec(text);
  if (sector) {
    const [, area, n, sub, digit] = sector;
    return {
      text: `${area}${n}${sub} ${digit}`,
      everywhere: false,
      area: area!,
      from: Number(n),
      to: Number(n),
      subDistrict: sub ?? '',
      sectorDigit: Number(digit),
      specificity: 5,
    };
  }

  const district = OUTCODE.exec(text);
  if (district) {
    const [, area, n, sub] = district;
    return {
      ...base,
      text,
      area: area!,
      from: Number(n),
      to: Number(n),
      // "EC1" covers EC1A, EC1M...; "EC1A" only itself.
      subDistrict: sub ? sub : null,
      specificity: sub ? 4 : 3,
    };
  }
  return null;
}

/** Whether a rule covers a postcode (a `*` rule covers every postcode). */
export function ruleMatches(rule: PostcodeRule, p: ParsedPostcode): boolean {
  if (rule.everywhere) return true;
  return (
    rule.area === p.area &&
    rule.from <= p.districtNumber &&
    p.districtNumber <= rule.to &&
    (rule.subDistrict === null || rule.subDistrict === p.subDistrict) &&
    (rule.sectorDigit === null || `${p.outcode} ${rule.sectorDigit}` === p.sector)
  );
}

/** Whether some postcode is covered by both rules (`*` overlaps nothing: it is what is left). */
export function rulesOverlap(a: PostcodeRule, b: PostcodeRule): boolean {
  if (a.everywhere || b.everywhere) return a.everywhere && b.everywhere;
  return (
    a.area === b.area &&
    a.from <= b.to &&
    b.from <= a.to &&
    (a.subDistrict === null || b.subDistrict === null || a.subDistrict === b.subDistrict) &&
    (a.sectorDigit === null || b.sectorDigit === null || a.sectorDigit === b.sectorDigit)
  );
}
