/**
 * The units an ingredient is kept in and the ones a recipe may be typed in: a recipe
 * line in kg or l is converted to the ingredient's g or ml; any other pairing is a mismatch.
 */
export const INGREDIENT_UNITS = ['g', 'ml', 'each'] as const;
export type IngredientUnit = (typeof INGREDIENT_UNITS)[number];

export const LINE_UNITS = ['g', 'kg', 'ml', 'l', 'each'] as const;
export type LineUnit = (typeof LINE_UNITS)[number];

const TO_BASE: Record<LineUnit, { base: IngredientUnit; factor: number }> = {
  g: { base: 'g', factor: 1 },
  kg: { base: 'g', factor: 1000 },
  ml: { base: 'ml', factor: 1 },
  l: { base: 'ml', factor: 1000 },
  each: { base: 'each', factor: 1 },
};

/** `quantity` of `unit` in `target`, or null when the two do not measure the same thing. */
export function toBaseUnit(quantity: number, unit: LineUnit, target: IngredientUnit): number | null {
  const { base, factor } = TO_BASE[unit];
  return base === target ? quantity * factor : null;
}

/**
 * An amount as a baker weighs it: whole grams (or ml) up to 1 kg (1 l), kilos to the gram
 * above, whole pieces for "each". Amounts are rounded up: a sheet that says 1 g short is short.
 */
export function formatAmount(amount: number, unit: IngredientUnit): string {
  const whole = Math.ceil(amount - 1e-9);
  if (unit === 'each') return `${whole}`;
  const big = unit === 'g' ? 'kg' : 'l';
  if (whole < 1000) return `${whole} ${unit}`;
  return `${(whole / 1000).toLocaleString('en-GB', { maximumFractionDigits: 3 })} ${big}`;
}

/** Pennies for `amount` of an ingredient priced per kg (g), per litre (ml) or per piece (each). */
export function costPennies(amount: number, unit: IngredientUnit, pricePennies: number): number {
  return unit === 'each' ? amount * pricePennies : (amount / 1000) * pricePennies;
}
