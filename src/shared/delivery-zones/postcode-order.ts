/**
 * The order a driver plans a round in (the run sheet): by the normalised postcode's parts,
 * area, district number as a number (SY2 before SY10), sub-district letter, sector, then unit.
 * Plain text order would put SY10 before SY2. No postcode library here: admin sheets only need
 * the parts, and a postcode that is not one goes last, in text order.
 */
const PARTS = /^([A-Z]{1,2})(\d{1,2})([A-Z]?)(\d)([A-Z]{2})$/;

export function comparePostcodes(a: string, b: string): number {
  const [ka, kb] = [a, b].map((p) => p.replace(/\s+/g, '').toUpperCase());
  const [pa, pb] = [PARTS.exec(ka!), PARTS.exec(kb!)];
  if (!pa || !pb) return pa ? -1 : pb ? 1 : ka!.localeCompare(kb!);
  return (
    pa[1]!.localeCompare(pb[1]!) ||
    Number(pa[2]) - Number(pb[2]) ||
    pa[3]!.localeCompare(pb[3]!) ||
    Number(pa[4]) - Number(pb[4]) ||
    pa[5]!.localeCompare(pb[5]!)
  );
}
