import { z } from 'zod';
import {
  ALLERGEN_KEYS,
  ALLERGEN_STATUSES,
  type AllergenInfo,
  type AllergenKey,
  DEFAULT_SHELF_LIFE_DAYS,
  UNASSESSED_MESSAGE,
  unassessedAllergens,
  VAT_RATES,
  type VatRate,
  vatRateForChocolate,
} from '../food-information';
import { poundsField } from '../money/pounds';
import { isIsoDate } from '../time/london-time';
import { type BoxRulesInput, BoxRulesInputSchema } from './box-rules';
import { CONTROL_CHARACTERS_MESSAGE as bad, isOneLine, isPlainLines } from './plain-text';

/** Limits of the admin product form (the server refuses anything beyond them with a 400). */
export const PRODUCT_LIMITS = {
  name: 100,
  description: 1000,
  nutritionEntries: 30,
  nutritionText: 50,
  ingredients: 2000,
  storageAdvice: 300,
  maxNetWeightGrams: 10_000,
  maxShelfLifeDays: 365,
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

const ingredients = z
  .string({ error: 'Ingredients must be text' })
  .trim()
  .max(PRODUCT_LIMITS.ingredients, `Ingredients must be less than ${PRODUCT_LIMITS.ingredients} characters`)
  .refine(isPlainLines, bad('Ingredients'));

const ALLERGEN_SHAPE = 'Allergens must map each of the 14 allergens to contains, may_contain or free_from';
const allergenInfo = z
  .partialRecord(
    z.enum(ALLERGEN_KEYS as [AllergenKey, ...AllergenKey[]], { error: ALLERGEN_SHAPE }),
    z.enum(ALLERGEN_STATUSES, { error: ALLERGEN_SHAPE }),
    { error: ALLERGEN_SHAPE },
  )
  .transform((info): AllergenInfo => info);

const NET_WEIGHT = 'Net weight must be a whole number of grams';
const netWeightNumber = z
  .number({ error: NET_WEIGHT })
  .int(NET_WEIGHT)
  .min(1, 'Net weight must be at least 1 g')
  .max(PRODUCT_LIMITS.maxNetWeightGrams, `Net weight must be at most ${PRODUCT_LIMITS.maxNetWeightGrams} g`);
const netWeight = netWeightNumber.nullable();

const SHELF_LIFE = 'Shelf life must be a whole number of days';
const shelfLife = z
  .number({ error: SHELF_LIFE })
  .int(SHELF_LIFE)
  .min(1, 'Shelf life must be at least 1 day')
  .max(PRODUCT_LIMITS.maxShelfLifeDays, `Shelf life must be at most ${PRODUCT_LIMITS.maxShelfLifeDays} days`);

const storageAdvice = z
  .string({ error: 'Storage advice must be text' })
  .trim()
  .max(
    PRODUCT_LIMITS.storageAdvice,
    `Storage advice must be less than ${PRODUCT_LIMITS.storageAdvice} characters`,
  )
  .refine(isOneLine, bad('Storage advice'));

const vatRate = z.union(
  VAT_RATES.map((r) => z.literal(r)),
  { error: 'VAT rate must be 0, 5 or 20 (%)' },
);

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
const soldOut = z.boolean({ error: 'Sold out must be true or false' });
const chocolateCovered = z.boolean({ error: '"Covered in chocolate" must be true or false' });

/** Limited and seasonal (decision 043): dates as YYYY-MM-DD or null, a lead time, a limit per day. */
const limitDate = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .refine(isIsoDate, `${label}: enter a date as YYYY-MM-DD`)
    .nullable();
const LEAD = 'Lead time must be a whole number of days from 0 to 365';
const leadDays = z.number({ error: LEAD }).int(LEAD).min(0, LEAD).max(365, LEAD);
const DAILY = 'Limit per day must be a whole number of at least 1';
const dailyLimitNumber = z.number({ error: DAILY }).int(DAILY).min(1, DAILY).max(100_000, DAILY);
const limitFields = {
  on_sale_from: limitDate('On sale from'),
  on_sale_until: limitDate('On sale until'),
  deliver_from: limitDate('Delivered from'),
  deliver_until: limitDate('Delivered until'),
  lead_days: leadDays,
  daily_limit: dailyLimitNumber.nullable(),
};
const inOrder = (from?: string | null, until?: string | null) => !from || !until || from <= until;

type LimitDates = Partial<
  Record<'on_sale_from' | 'on_sale_until' | 'deliver_from' | 'deliver_until', string | null>
>;

/** Each "until" date not before its "from" (decision 043), said on the "until" field. */
function limitDatesInOrder(p: LimitDates, ctx: z.RefinementCtx) {
  if (!inOrder(p.on_sale_from, p.on_sale_until))
    ctx.addIssue({
      code: 'custom',
      message: '"On sale until" must not be before "On sale from"',
      path: ['on_sale_until'],
    });
  if (!inOrder(p.deliver_from, p.deliver_until))
    ctx.addIssue({
      code: 'custom',
      message: '"Delivered until" must not be before "Delivered from"',
      path: ['deliver_until'],
    });
}

/**
 * An active product must have every allergen assessed; an inactive draft need not, nor a box,
 * whose allergens the server computes from the cookies it may hold (decision 042).
 */
export const activeNeedsAllergens = (p: {
  is_active?: boolean;
  allergen_info?: AllergenInfo;
  box_rules?: unknown;
}) => !p.is_active || !!p.box_rules || unassessedAllergens(p.allergen_info ?? {}).length === 0;

/**
 * A product as the admin API takes it (JSON). New products are active unless told otherwise; a
 * VAT rate left out follows the chocolate answer.
 */
export const ProductInputSchema = z
  .object({
    name,
    description,
    price_pennies: pricePennies,
    ingredients: ingredients.default(''),
    allergen_info: allergenInfo.default({}),
    nutrition: nutrition.optional(),
    net_weight_grams: netWeight.default(null),
    shelf_life_days: shelfLife.default(DEFAULT_SHELF_LIFE_DAYS),
    storage_advice: storageAdvice.default(''),
    chocolate_covered: chocolateCovered.default(false),
    vat_rate: vatRate.optional(),
    is_active: isActive.default(true),
    sold_out: soldOut.default(false),
    on_sale_from: limitFields.on_sale_from.default(null),
    on_sale_until: limitFields.on_sale_until.default(null),
    deliver_from: limitFields.deliver_from.default(null),
    deliver_until: limitFields.deliver_until.default(null),
    lead_days: leadDays.default(0),
    daily_limit: limitFields.daily_limit.default(null),
    /** A box of cookies (decision 042); null for a loose cookie. */
    box_rules: BoxRulesInputSchema.nullable().default(null),
  })
  .refine(activeNeedsAllergens, { message: UNASSESSED_MESSAGE, path: ['allergen_info'] })
  .superRefine(limitDatesInOrder)
  .transform((p) => ({ ...p, vat_rate: p.vat_rate ?? vatRateForChocolate(p.chocolate_covered) }));

/** An edit: any subset of the fields; nutrition left out keeps what the product has. */
export const ProductPatchSchema = z
  .object({
    name,
    description,
    price_pennies: pricePennies,
    ingredients,
    allergen_info: allergenInfo,
    nutrition,
    net_weight_grams: netWeight,
    shelf_life_days: shelfLife,
    storage_advice: storageAdvice,
    chocolate_covered: chocolateCovered,
    vat_rate: vatRate,
    is_active: isActive,
    sold_out: soldOut,
    ...limitFields,
    /** null: no longer a box; left out: as it is. */
    box_rules: BoxRulesInputSchema.nullable(),
  })
  .partial()
  .superRefine(limitDatesInOrder)
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

/** A form field left blank is null; anything typed goes on to `then`. */
const blankIsNull = <T>(then: z.ZodType<T, string | null>) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? null : v))
    .pipe(then);

/** A date input's value: empty is no date. */
const formDate = (date: z.ZodType<string | null, string | null>) => blankIsNull(date);

const wholeNumber = (message: string) => z.string().trim().regex(/^\d+$/, message).transform(Number);

/** A whole number typed in a field that may be left blank (null). */
const optionalWholeNumber = (message: string, number: z.ZodType<number, number>) =>
  blankIsNull(wholeNumber(message).pipe(number).nullable());

/**
 * The box fields as the form holds them: whether it is a box, its size, a fixed assortment or a
 * choice from every active cookie or some (checkboxes and counts keyed by cookie id).
 */
const boxForm = z
  .object({
    on: z.boolean(),
    size: z.string().trim(),
    mode: z.enum(['choice', 'fixed']),
    every: z.boolean(),
    allowed_product_ids: z.record(z.string(), z.boolean()),
    fixed: z.record(z.string(), z.string()),
  })
  .transform((b): BoxRulesInput | null =>
    b.on
      ? {
          size: b.size === '' ? 0 : Number(b.size),
          allowed_product_ids:
            b.mode === 'choice' && !b.every
              ? Object.keys(b.allowed_product_ids).filter((id) => b.allowed_product_ids[id])
              : null,
          fixed:
            b.mode === 'fixed'
              ? Object.entries(b.fixed).map(([product_id, n]) => ({
                  product_id,
                  quantity: n.trim() === '' ? 0 : Number(n),
                }))
              : null,
        }
      : null,
  )
  .pipe(BoxRulesInputSchema.nullable());

/**
 * The admin form's fields as typed (text, checkboxes and one choice per allergen), turned into
 * the API's shape with the same rules, so the form and the server give the same messages.
 */
export const ProductFormSchema = z
  .object({
    name,
    description,
    /** Typed in pounds and pence ("4.75", "£4.75"), kept in pence. */
    price: z
      .string()
      .trim()
      .min(1, 'Price is required')
      .pipe(poundsField('Price', { min: 1, max: PRODUCT_LIMITS.maxPricePennies })),
    ingredients,
    allergen_info: z
      .record(z.string(), z.string())
      .transform((choices) =>
        Object.fromEntries(Object.entries(choices).filter(([, status]) => status !== '')),
      )
      .pipe(allergenInfo),
    net_weight: optionalWholeNumber(NET_WEIGHT, netWeightNumber),
    shelf_life: z
      .string()
      .trim()
      .min(1, 'Shelf life is required')
      .pipe(wholeNumber(SHELF_LIFE))
      .pipe(shelfLife),
    storage_advice: storageAdvice,
    chocolate_covered: chocolateCovered,
    vat_rate: z.string().transform(Number).pipe(vatRate),
    is_active: isActive,
    sold_out: soldOut,
    on_sale_from: formDate(limitFields.on_sale_from),
    on_sale_until: formDate(limitFields.on_sale_until),
    deliver_from: formDate(limitFields.deliver_from),
    deliver_until: formDate(limitFields.deliver_until),
    lead_days: z
      .string()
      .trim()
      .transform((v) => (v === '' ? '0' : v))
      .pipe(wholeNumber(LEAD))
      .pipe(leadDays),
    daily_limit: optionalWholeNumber(DAILY, dailyLimitNumber),
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
    box: boxForm,
  })
  .refine((f) => !!f.box || activeNeedsAllergens(f), {
    message: UNASSESSED_MESSAGE,
    path: ['allergen_info'],
  })
  .transform(
    (f): ProductData => ({
      name: f.name,
      description: f.description,
      price_pennies: f.price,
      ingredients: f.ingredients,
      allergen_info: f.allergen_info,
      nutrition: f.nutrition,
      net_weight_grams: f.net_weight,
      shelf_life_days: f.shelf_life,
      storage_advice: f.storage_advice,
      chocolate_covered: f.chocolate_covered,
      vat_rate: f.vat_rate as VatRate,
      is_active: f.is_active,
      sold_out: f.sold_out,
      on_sale_from: f.on_sale_from,
      on_sale_until: f.on_sale_until,
      deliver_from: f.deliver_from,
      deliver_until: f.deliver_until,
      lead_days: f.lead_days,
      daily_limit: f.daily_limit,
      box_rules: f.box,
    }),
  );

export type ProductFormValues = z.input<typeof ProductFormSchema>;
