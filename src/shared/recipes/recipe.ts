import { ALLERGENS, type AllergenInfo, type AllergenKey, allergenLabel } from '../food-information';
import { formatPence } from '../money/money';
import { costPennies, type IngredientUnit, toBaseUnit } from './units';

/**
 * Recipes: what goes into a batch of a product's cookies, one level of sub-recipes (a
 * dough or glaze several cookies share, made in grams), and what follows from them: the amount of
 * each ingredient per cookie, the ingredients list by weight and the allergens.
 */
export interface Ingredient {
  id: string;
  name: string;
  unit: IngredientUnit;
  contains: AllergenKey[];
  mayContain: AllergenKey[];
  /** What one piece weighs, for an ingredient counted "each" (its place in the list by weight). */
  gramsEach: number | null;
  /** Per kg (g), per litre (ml) or per piece (each). */
  pricePennies: number | null;
  /** The size of the pack it is bought in, in its unit. */
  packSize: number | null;
}

/** One line of a recipe, in the ingredient's own unit (grams for a sub-recipe). */
export type RecipeLine =
  | { ingredientId: string; quantity: number }
  | { subRecipeId: string; quantity: number };

export interface Recipe {
  id: string;
  /** The product it makes; null for a sub-recipe. */
  productId: string | null;
  name: string;
  /** A product's recipe: cookies one batch makes, and the most cookies the mixer takes at once. */
  cookiesPerBatch: number | null;
  mixerMaxCookies: number | null;
  /** Extra made for breakage and tasting, in percent of the day's ingredients. */
  wastePercent: number;
  /** A sub-recipe: grams one batch makes. */
  yieldGrams: number | null;
  lines: RecipeLine[];
}

export interface RecipeBook {
  ingredients: Map<string, Ingredient>;
  recipes: Map<string, Recipe>;
}

/** A line as the owner types it: an ingredient or a sub-recipe, a quantity and its unit. */
export interface RecipeLineInput {
  ingredient_id?: string | null;
  sub_recipe_id?: string | null;
  quantity: number;
  unit: string;
}

/** Why a recipe cannot be saved, each as the owner reads it (the form shows the first). */
export const RECIPE_REFUSALS = {
  noLines: 'Add at least one ingredient to the recipe.',
  quantity: (name: string) => `The quantity of ${name} must be more than 0.`,
  cookiesPerBatch: 'A batch must make at least 1 cookie.',
  mixerMax: "The mixer's largest batch must be at least 1 cookie.",
  yieldGrams: 'A sub-recipe must make more than 0 g.',
  waste: 'The waste allowance must be between 0% and 100%.',
  selfUse: 'A sub-recipe cannot use itself.',
  nested: (name: string) => `${name} uses another sub-recipe: recipes go one level deep only.`,
  subInSub: 'A sub-recipe can use ingredients only, not another sub-recipe.',
  unknownIngredient: 'One of the ingredients no longer exists. Please choose it again.',
  unknownSubRecipe: 'One of the sub-recipes no longer exists. Please choose it again.',
  unitMismatch: (name: string, unit: IngredientUnit, typed: string) =>
    `${name} is measured in ${unit}, so it cannot be given in ${typed}.`,
  subRecipeUnit: (name: string, typed: string) =>
    `${name} is made in grams, so it cannot be given in ${typed}.`,
} as const;

/**
 * The recipe's lines in each ingredient's unit, or the first reason they cannot be (`self` is the
 * recipe's own id when editing a sub-recipe, so it cannot list itself).
 */
export function checkLines(
  inputs: RecipeLineInput[],
  book: RecipeBook,
  { self, isSubRecipe }: { self: string | null; isSubRecipe: boolean },
): { lines: RecipeLine[] } | { error: string } {
  if (inputs.length === 0) return { error: RECIPE_REFUSALS.noLines };
  const lines: RecipeLine[] = [];
  for (const input of inputs) {
    if (input.sub_recipe_id) {
      if (isSubRecipe && input.sub_recipe_id === self) return { error: RECIPE_REFUSALS.selfUse };
      if (isSubRecipe) return { error: RECIPE_REFUSALS.subInSub };
      const sub = book.recipes.get(input.sub_recipe_id);
      if (!sub || sub.productId !== null) return { error: RECIPE_REFUSALS.unknownSubRecipe };
      if (sub.lines.some((l) => 'subRecipeId' in l)) return { error: RECIPE_REFUSALS.nested(sub.name) };
      if (!(input.quantity > 0)) return { error: RECIPE_REFUSALS.quantity(sub.name) };
      const grams = toBaseUnit(input.quantity, input.unit as never, 'g');
      if (grams === null) return { error: RECIPE_REFUSALS.subRecipeUnit(sub.name, input.unit) };
      lines.push({ subRecipeId: sub.id, quantity: grams });
      continue;
    }
    const ingredient = input.ingredient_id ? book.ingredients.get(input.ingredient_id) : undefined;
    if (!ingredient) return { error: RECIPE_REFUSALS.unknownIngredient };
    if (!(input.quantity > 0)) return { error: RECIPE_REFUSALS.quantity(ingredient.name) };
    const amount = toBaseUnit(input.quantity, input.unit as never, ingredient.unit);
    if (amount === null)
      return { error: RECIPE_REFUSALS.unitMismatch(ingredient.name, ingredient.unit, input.unit) };
    lines.push({ ingredientId: ingredient.id, quantity: amount });
  }
  return { lines };
}

/**
 * How much of each ingredient one cookie takes (before waste), sub-recipes opened: a line of
 * `q` g of a sub-recipe making `y` g takes q/y of each of its lines.
 */
export function perCookie(recipe: Recipe, book: RecipeBook): Map<string, number> {
  const amounts = new Map<string, number>();
  const batch = recipe.cookiesPerBatch ?? 1;
  const add = (id: string, amount: number) => amounts.set(id, (amounts.get(id) ?? 0) + amount);
  for (const line of recipe.lines) {
    if ('ingredientId' in line) {
      add(line.ingredientId, line.quantity / batch);
      continue;
    }
    const sub = book.recipes.get(line.subRecipeId);
    if (!sub?.yieldGrams) continue;
    for (const subLine of sub.lines)
      if ('ingredientId' in subLine)
        add(subLine.ingredientId, (line.quantity / sub.yieldGrams) * (subLine.quantity / batch));
  }
  return amounts;
}

/** Grams, for ordering the list: ml counted as g, a piece by its weight (0 when not given). */
const gramsOf = (ingredient: Ingredient, amount: number) =>
  ingredient.unit === 'each' ? amount * (ingredient.gramsEach ?? 0) : amount;

/** The recipe's ingredients, heaviest first (FIC Art. 18), each with its amount per cookie. */
export function byWeight(recipe: Recipe, book: RecipeBook): { ingredient: Ingredient; amount: number }[] {
  return [...perCookie(recipe, book)]
    .map(([id, amount]) => ({ ingredient: book.ingredients.get(id)!, amount }))
    .filter((x) => x.ingredient)
    .sort(
      (a, b) =>
        gramsOf(b.ingredient, b.amount) - gramsOf(a.ingredient, a.amount) ||
        a.ingredient.name.localeCompare(b.ingredient.name),
    );
}

/**
 * The ingredients list as the shop prints it, in the product's own format: allergen-bearing
 * ingredients between asterisks, shown in bold (food-information.ts `ingredientRuns`).
 */
export function ingredientsText(recipe: Recipe, book: RecipeBook): string {
  return byWeight(recipe, book)
    .map(({ ingredient }) => (ingredient.contains.length ? `*${ingredient.name}*` : ingredient.name))
    .join(', ');
}

/** The allergens that follow from the recipe: every one assessed, contains before may contain. */
export function recipeAllergens(recipe: Recipe, book: RecipeBook): AllergenInfo {
  const used = byWeight(recipe, book).map((x) => x.ingredient);
  const info: AllergenInfo = {};
  for (const { key } of ALLERGENS) {
    info[key] = used.some((i) => i.contains.includes(key))
      ? 'contains'
      : used.some((i) => i.mayContain.includes(key))
        ? 'may_contain'
        : 'free_from';
  }
  return info;
}

/**
 * Where the allergens ticked by hand disagree with the recipe, one message each naming the
 * ingredient that causes it. Ticking "may contain" where the recipe has none is the owner's
 * kitchen knowledge (cross-contamination), not a disagreement.
 */
export function allergenDisagreements(ticked: AllergenInfo, recipe: Recipe, book: RecipeBook): string[] {
  const used = byWeight(recipe, book).map((x) => x.ingredient);
  const messages: string[] = [];
  for (const { key } of ALLERGENS) {
    const label = allergenLabel(key);
    const containing = used.find((i) => i.contains.includes(key));
    const mayContaining = used.find((i) => i.mayContain.includes(key));
    const mark = ticked[key];
    if (containing && mark !== 'contains')
      messages.push(`${containing.name} contains ${label}, but the product is not marked as containing it.`);
    else if (!containing && mark === 'contains')
      messages.push(`The product is marked as containing ${label}, but no ingredient in its recipe does.`);
    else if (!containing && mayContaining && mark === 'free_from')
      messages.push(`${mayContaining.name} may contain ${label}, but the product is marked free from it.`);
  }
  return messages;
}

/** The ingredients' cost of one cookie, in (fractional) pennies; null when an ingredient has no price. */
export function costPerCookie(recipe: Recipe, book: RecipeBook): number | null {
  let total = 0;
  for (const [id, amount] of perCookie(recipe, book)) {
    const ingredient = book.ingredients.get(id);
    if (ingredient?.pricePennies == null) return null;
    total += costPennies(amount, ingredient.unit, ingredient.pricePennies);
  }
  return total * (1 + recipe.wastePercent / 100);
}

/** "Cost per cookie £0.42; at £3.50 the margin is 88%.": one sentence for the Recipes page and the product form. */
export function costAndMargin(costPennies: number, pricePennies: number | null): string {
  const cost = `Cost per cookie ${formatPence(Math.round(costPennies))}`;
  if (!pricePennies) return `${cost}.`;
  const margin = Math.round((1 - costPennies / pricePennies) * 100);
  return `${cost}; at ${formatPence(pricePennies)} the margin is ${margin}%.`;
}

/** Why a product cannot be on sale with its allergens: its name, then each disagreement. */
export const disagreementMessage = (product: string, messages: string[]) =>
  `${product} cannot be on sale while its allergens disagree with its recipe: ${messages.join(' ')}`;
