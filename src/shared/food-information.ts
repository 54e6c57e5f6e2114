/**
 * Food information a customer reads before buying (FIC 1169/2011 Art. 14): the 14 allergens UK law
 * names (Annex II), how each applies to a product, and the VAT rates a cookie can carry.
 */
export const ALLERGENS = [
  { key: 'gluten', label: 'Cereals containing gluten' },
  { key: 'crustaceans', label: 'Crustaceans' },
  { key: 'eggs', label: 'Eggs' },
  { key: 'fish', label: 'Fish' },
  { key: 'peanuts', label: 'Peanuts' },
  { key: 'soya', label: 'Soya' },
  { key: 'milk', label: 'Milk' },
  { key: 'nuts', label: 'Nuts' },
  { key: 'celery', label: 'Celery' },
  { key: 'mustard', label: 'Mustard' },
  { key: 'sesame', label: 'Sesame' },
  { key: 'sulphites', label: 'Sulphur dioxide and sulphites' },
  { key: 'lupin', label: 'Lupin' },
  { key: 'molluscs', label: 'Molluscs' },
] as const;

export type AllergenKey = (typeof ALLERGENS)[number]['key'];
export const ALLERGEN_KEYS = ALLERGENS.map((a) => a.key) as readonly AllergenKey[];
export const allergenLabel = (key: AllergenKey) => ALLERGENS.find((a) => a.key === key)!.label;
export const isAllergenKey = (value: string): value is AllergenKey =>
  (ALLERGEN_KEYS as readonly string[]).includes(value);

export const ALLERGEN_STATUSES = ['contains', 'may_contain', 'free_from'] as const;
export type AllergenStatus = (typeof ALLERGEN_STATUSES)[number];
export const ALLERGEN_STATUS_LABELS: Record<AllergenStatus, string> = {
  contains: 'Contains',
  may_contain: 'May contain',
  free_from: 'Free from',
};

/** How each allergen applies; an allergen missing from the map has not been assessed yet. */
export type AllergenInfo = Partial<Record<AllergenKey, AllergenStatus>>;

/** The labels of the allergens with a given status, in the law's order. */
export const allergensWith = (info: AllergenInfo, status: AllergenStatus): string[] =>
  ALLERGENS.filter((a) => info[a.key] === status).map((a) => a.label);

/** Allergens not yet marked contains, may contain or free from. */
export const unassessedAllergens = (info: AllergenInfo): AllergenKey[] =>
  ALLERGEN_KEYS.filter((k) => !info[k]);

export const UNASSESSED_MESSAGE =
  'Mark all 14 allergens as contains, may contain or free from before putting this product on sale.';

/** VAT rates in percent. Zero for cookies, standard for those covered in chocolate (VAT Notice 701/14). */
export const VAT_RATES = [0, 5, 20] as const;
export type VatRate = (typeof VAT_RATES)[number];
/** "Is it wholly or partly covered in chocolate?": yes makes it a standard-rated biscuit. */
export const vatRateForChocolate = (coveredInChocolate: boolean): VatRate => (coveredInChocolate ? 20 : 0);

export const DEFAULT_SHELF_LIFE_DAYS = 7;

/**
 * Ingredients as the owner types them, allergens marked with asterisks ("*wheat* flour"), split
 * into runs of plain and bold text for display.
 */
export function ingredientRuns(text: string): { text: string; allergen: boolean }[] {
  return text
    .split(/(\*[^*\n]+\*)/)
    .filter(Boolean)
    .map((part) =>
      /^\*[^*\n]+\*$/.test(part)
        ? { text: part.slice(1, -1), allergen: true }
        : { text: part, allergen: false },
    );
}

/** One line for labels and packing slips, e.g. "Contains: Milk, Eggs. May contain: Nuts." */
export function allergenStatement(info: AllergenInfo): string {
  const contains = allergensWith(info, 'contains');
  const may = allergensWith(info, 'may_contain');
  const missing = unassessedAllergens(info);
  const parts = [
    contains.length
      ? `Contains: ${contains.join(', ')}.`
      : missing.length
        ? ''
        : 'Contains none of the 14 allergens.',
    may.length ? `May contain: ${may.join(', ')}.` : '',
    missing.length ? `Not assessed: ${missing.map(allergenLabel).join(', ')}.` : '',
  ];
  return parts.filter(Boolean).join(' ');
}
