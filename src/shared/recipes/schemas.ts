import { z } from 'zod';
import { ALLERGEN_KEYS, type AllergenKey } from '../food-information';
import { parsePounds } from '../money/pounds';
import { CONTROL_CHARACTERS_MESSAGE as bad, isOneLine } from '../schemas/plain-text';
import { BATCH_SPLITS } from './batches';
import { RECIPE_REFUSALS } from './recipe';
import { INGREDIENT_UNITS, LINE_UNITS } from './units';

/**
 * The back office's ingredient and recipe forms, as the admin API takes them (JSON) and
 * the pages send them (form fields as text): a number may come as a number or as its text.
 */
const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be less than 100 characters`)
    .refine(isOneLine, bad(label));

/** A number typed in a form or sent as JSON; '' and null are "not given". */
const numberIn = (message: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).finite(message),
  );
const optionalWhole = (message: string, min: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(10_000_000, message).nullable(),
  );
const wholeAtLeast = (message: string, min: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: message }).int(message).min(min, message).max(100_000, message),
  );

const allergenList = z
  .array(
    z.enum(ALLERGEN_KEYS as [AllergenKey, ...AllergenKey[]], {
      error: 'Choose allergens from the 14 listed',
    }),
  )
  .max(14)
  .default([]);

const PRICE = 'Price must be an amount in pounds, like 4.50';
/** Pounds as typed ("4.50") or pence as JSON (450); '' is no price. */
const price = z.preprocess(
  (v) => (v === '' || v === undefined ? null : typeof v === 'string' ? (parsePounds(v) ?? Number.NaN) : v),
  z.number({ error: PRICE }).int(PRICE).min(0, PRICE).max(10_000_00, PRICE).nullable(),
);

export const IngredientInputSchema = z
  .object({
    name: name('Name'),
    unit: z.enum(INGREDIENT_UNITS, { error: 'Choose g, ml or each' }),
    contains: allergenList,
    may_contain: allergenList,
    grams_each: optionalWhole('Weight of one must be a whole number of grams, at least 1', 1),
    price_pennies: price,
    pack_size: optionalWhole('Pack size must be a whole number, at least 1', 1),
  })
  .transform((i) => ({ ...i, may_contain: i.may_contain.filter((k) => !i.contains.includes(k)) }));
export type IngredientInput = z.output<typeof IngredientInputSchema>;

const RecipeLineInputSchema = z
  .object({
    ingredient_id: z.string().nullish(),
    sub_recipe_id: z.string().nullish(),
    quantity: numberIn('Quantity must be a number'),
    unit: z.enum(LINE_UNITS, { error: 'Choose g, kg, ml, l or each' }),
  })
  .refine(
    (l) => !!l.ingredient_id !== !!l.sub_recipe_id,
    'Choose an ingredient or a sub-recipe for each line',
  );

const lines = z.array(RecipeLineInputSchema, { error: RECIPE_REFUSALS.noLines }).max(60);
const waste = z.preprocess(
  (v) => (v === '' || v === undefined ? 0 : typeof v === 'string' ? Number(v) : v),
  z
    .number({ error: RECIPE_REFUSALS.waste })
    .int(RECIPE_REFUSALS.waste)
    .min(0, RECIPE_REFUSALS.waste)
    .max(100, RECIPE_REFUSALS.waste),
);

export const ProductRecipeInputSchema = z.object({
  cookies_per_batch: wholeAtLeast(RECIPE_REFUSALS.cookiesPerBatch, 1),
  mixer_max_cookies: wholeAtLeast(RECIPE_REFUSALS.mixerMax, 1),
  waste_percent: waste,
  lines,
});
export type ProductRecipeInput = z.output<typeof ProductRecipeInputSchema>;

export const SubRecipeInputSchema = z.object({
  name: name('Name'),
  yield_grams: wholeAtLeast(RECIPE_REFUSALS.yieldGrams, 1),
  lines,
});
export type SubRecipeInput = z.output<typeof SubRecipeInputSchema>;

/** The production sheet's options: how mixes are split, and extra cookies per product for the counter. */
export const ProductionExtraSchema = z.object({
  product_id: z.string(),
  cookies: z.preprocess(
    (v) => (v === '' ? 0 : typeof v === 'string' ? Number(v) : v),
    z
      .number({ error: 'Extra cookies must be a whole number' })
      .int('Extra cookies must be a whole number')
      .min(0, 'Extra cookies cannot be negative')
      .max(10_000, 'Extra cookies must be at most 10000'),
  ),
});
export const BatchSplitSchema = z.enum(BATCH_SPLITS).catch('equal');
