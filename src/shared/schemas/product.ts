import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE as bad, isOneLine, isPlainLines } from './plain-text';

/** Limits of the admin product form (the server refuses anything beyond them with a 400). */
export const PRODUCT_LIMITS = {
  name: 100,
  description: 1000,
  allergen: 50,
  allergens: 20,
  nutritionEntries: 30,
  nutritionText: 50,
  /** £1,000.00: a cookie priced above this is surely a typo (and keeps totals far from overflow). */
  maxPricePennies: 100_000,
} as const;

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PRODUCT_LIMITS.name, `Name must be less than ${PRODUCT_LIMITS.name} characters`)
  .refine(isOneLine, bad('Name'));

const description = z
  .string({ error: 'Description is required' })
  .trim()
  .min(1, 'Description is required')
  .max(PRODUCT_LIMITS.description, `Description must be less than ${PRODUCT_LIMITS.description} characters`)
  .refine(isPlainLines, bad('Description'));

const PRICE_WHOLE = 'Price must be a whole number of pence';
const pricePennies = z
  .number({ error: PRICE_WHOLE })
  .int(PRICE_WHOLE)
  .min(1, 'Price must be at least 1p')
  .max(PRODUCT_LIMITS.maxPricePennies, 'Price must be at most 100000p (£1,000.00)');

/** "Milk, Eggs ,, Soya" or ["Milk", " Eggs", ""] -> ["Milk", "Eggs", "Soya"]: trimmed, empties and repeats dropped. */
export const splitAllergens = (value: string | readonly string[]) =>
  [...new Set((typeof value === 'string' ? value.split(',') : value).map((a) => a.trim()))].filter(Boolean);

const allergenList = z
  .array(
    z
      .string()
      .max(PRODUCT_LIMITS.allergen, `Each allergen must be less than ${PRODUCT_LIMITS.allergen} characters`)
      .refine(isOneLine, bad('Allergens')),
  )
  .max(PRODUCT_LIMITS.allergens, `A product can list at most ${PRODUCT_LIMITS.allergens} allergens`);

const allergens = z
  .union([z.string(), z.array(z.string())], { error: 'Allergens must be a comma-separated list' })
  .transform(splitAllergens)
  .pipe(allergenList);

const NUTRITION_TEXT = `Nutrition names and values must be less than ${PRODUCT_LIMITS.nutritionText} characters`;
const nutritionText = z
  .string()
  .trim()
  .min(1, 'Nutrition names and values cannot be empty')
  .max(PRODUCT_LIMITS.nutritionText, NUTRITION_TEXT)
  .refine(isOneLine, bad('Nutrition'));
const nutrition = z
  .record(nutritionText, nutritionText, { error: 'Nutrition must map names to values' })
  .refine((n) => Object.keys(n).length <= PRODUCT_LIMITS.nutritionEntries, {
    message: `Nutrition can have at most ${PRODUCT_LIMITS.nutritionEntries} lines`,
  });

const isActive = z.boolean({ error: 'Active must be true or false' });

/** A product as the admin API takes it (JSON). New products are active unless told otherwise. */
export const ProductInputSchema = z.object({
  name,
  description,
  price_pennies: pricePennies,
  allergens: allergens.default([]),
  nutrition: nutrition.optional(),
  is_active: isActive.default(true),
});

/** An edit: any subset of the fields; nutrition left out keeps what the product has. */
export const ProductPatchSchema = z
  .object({
    name,
    description,
    price_pennies: pricePennies,
    allergens,
    nutrition,
    is_active: isActive,
  })
  .partial()
  .refine((p) => Object.values(p).some((v) => v !== undefined), { message: 'Nothing to update' });

export type ProductInput = z.input<typeof ProductInputSchema>;
export type ProductData = z.output<typeof ProductInputSchema>;
export type ProductPatch = z.output<typeof ProductPatchSchema>;

/** "Energy: 210 kcal" per line <-> { Energy: "210 kcal" }. */
export function parseNutritionLines(text: string): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    out[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return out;
}

export const nutritionToLines = (n: Record<string, string>) =>
  Object.entries(n)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\n');

/**
 * The admin form's fields as typed (all text, plus the Active checkbox), turned into the API's
 * shape with the same rules, so the form and the server give the same messages.
 */
export const ProductFormSchema = z
  .object({
    name,
    description,
    price: z
      .string()
      .trim()
      .min(1, 'Price is required')
      .regex(/^\d+$/, PRICE_WHOLE)
      .transform(Number)
      .pipe(pricePennies),
    allergens: z.string().max(2000, 'Allergens are too long').transform(splitAllergens).pipe(allergenList),
    is_active: isActive,
    nutrition: z
      .string()
      .max(3000, 'Nutrition is too long')
      .transform((text, ctx) => {
        const parsed = parseNutritionLines(text);
        if (!parsed) {
          ctx.addIssue({ code: 'custom', message: 'Write nutrition as one "Name: value" per line' });
          return z.NEVER;
        }
        return parsed;
      })
      .pipe(nutrition),
  })
  .transform(
    (f): ProductData => ({
      name: f.name,
      description: f.description,
      price_pennies: f.price,
      allergens: f.allergens,
      nutrition: f.nutrition,
      is_active: f.is_active,
    }),
  );

export type ProductFormValues = z.input<typeof ProductFormSchema>;
