import { isToBake, type SheetOrder } from '../bake-days/day-sheets';
import { type BatchSplit, splitBatches } from './batches';
import { perCookie, type Recipe, type RecipeBook } from './recipe';
import { costPennies, type IngredientUnit } from './units';

/**
 * The production sheet of a bake day: cookies per product from the day's paid and
 * baking orders (a box's cookies counted with the loose ones, as on the bake list), the mixes, and
 * the ingredients summed across products. A product is a line of its own, keyed by its id: two
 * products of the same name are never added together (openfoodnetwork #9843).
 */
export interface SheetProduct {
  /** Null for a deleted product's line, counted by its name. */
  productId: string | null;
  product: string;
  ordered: number;
  /** Extra for the counter, as the owner asked. */
  extra: number;
  cookies: number;
  /** Cookies per mix; empty without a recipe. */
  batches: number[];
  hasRecipe: boolean;
}

export interface SheetIngredient {
  ingredientId: string;
  name: string;
  unit: IngredientUnit;
  /** In the ingredient's unit, waste included, not rounded. */
  amount: number;
  /** Null when the ingredient has no price. */
  costPennies: number | null;
}

export interface ProductionSheet {
  products: SheetProduct[];
  ingredients: SheetIngredient[];
  /** The day's ingredient cost, of the priced ingredients. */
  costPennies: number;
  /** Names of ingredients without a price (the cost leaves them out). */
  unpriced: string[];
  /** Cookies without a recipe: nothing of theirs is in the totals. */
  withoutRecipe: string[];
}

const keyOf = (productId: string | null, name: string) => productId ?? `name:${name}`;

/** Cookies to bake per product: the orders to bake (`isToBake`) only, most first. */
export function cookiesToBake(
  orders: SheetOrder[],
): { productId: string | null; product: string; cookies: number }[] {
  const byProduct = new Map<string, { productId: string | null; product: string; cookies: number }>();
  for (const order of orders) {
    if (!isToBake(order)) continue;
    for (const line of order.lines) {
      const cookies = line.box
        ? line.box.map((c) => ({ ...c, quantity: c.quantity * line.quantity }))
        : [{ productId: line.productId, productName: line.productName, quantity: line.quantity }];
      for (const c of cookies) {
        const key = keyOf(c.productId, c.productName);
        const entry = byProduct.get(key) ?? { productId: c.productId, product: c.productName, cookies: 0 };
        entry.cookies += c.quantity;
        byProduct.set(key, entry);
      }
    }
  }
  return [...byProduct.values()].sort((a, b) => b.cookies - a.cookies || a.product.localeCompare(b.product));
}

/**
 * Each ingredient's amount for `lines` of cookies, waste included and not rounded: the sum, over
 * the products, of what one cookie takes times its cookies.
 */
export function ingredientTotals(
  lines: { productId: string | null; cookies: number }[],
  book: RecipeBook,
  recipeOf: (productId: string) => Recipe | undefined,
): Map<string, number> {
  const totals = new Map<string, number>();
  for (const line of lines) {
    const recipe = line.productId ? recipeOf(line.productId) : undefined;
    if (!recipe) continue;
    const factor = line.cookies * (1 + recipe.wastePercent / 100);
    for (const [id, amount] of perCookie(recipe, book))
      totals.set(id, (totals.get(id) ?? 0) + amount * factor);
  }
  return totals;
}

export function productionSheet(
  orders: SheetOrder[],
  {
    book,
    recipeOf,
    extras = new Map(),
    split,
  }: {
    book: RecipeBook;
    recipeOf: (productId: string) => Recipe | undefined;
    /** Extra cookies per product id. */
    extras?: Map<string, number>;
    split: BatchSplit;
  },
): ProductionSheet {
  const ordered = cookiesToBake(orders);
  const lines = ordered.map((l) => ({ ...l, extra: (l.productId && extras.get(l.productId)) || 0 }));
  for (const [productId, extra] of extras) {
    if (extra > 0 && !lines.some((l) => l.productId === productId)) {
      const recipe = recipeOf(productId);
      lines.push({ productId, product: recipe?.name ?? 'Product', cookies: 0, extra });
    }
  }
  const products: SheetProduct[] = lines.map((l) => {
    const recipe = l.productId ? recipeOf(l.productId) : undefined;
    const cookies = l.cookies + l.extra;
    return {
      productId: l.productId,
      product: l.product,
      ordered: l.cookies,
      extra: l.extra,
      cookies,
      batches: recipe ? splitBatches(cookies, recipe.mixerMaxCookies ?? cookies, split) : [],
      hasRecipe: !!recipe,
    };
  });
  const totals = ingredientTotals(products, book, recipeOf);
  const ingredients: SheetIngredient[] = [...totals]
    .map(([id, amount]) => {
      const i = book.ingredients.get(id)!;
      return {
        ingredientId: id,
        name: i.name,
        unit: i.unit,
        amount,
        costPennies: i.pricePennies == null ? null : costPennies(amount, i.unit, i.pricePennies),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    products,
    ingredients,
    costPennies: Math.round(ingredients.reduce((sum, i) => sum + (i.costPennies ?? 0), 0)),
    unpriced: ingredients.filter((i) => i.costPennies === null).map((i) => i.name),
    withoutRecipe: products.filter((p) => !p.hasRecipe).map((p) => p.product),
  };
}
