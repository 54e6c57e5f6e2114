import { eq, isNotNull } from 'drizzle-orm';
import type { AllergenInfo, AllergenKey } from '~/shared/food-information';
import {
  allergenDisagreements,
  disagreementMessage,
  ingredientsText,
  type Recipe,
  type RecipeBook,
} from '~/shared/recipes/recipe';
import type { Db, Tx } from '../db/client';
import { ingredients, products, recipes } from '../db/schema';
import { badRequest } from '../errors';

type IngredientRow = typeof ingredients.$inferSelect;
type RecipeRow = typeof recipes.$inferSelect;

export const toIngredient = (r: IngredientRow) => ({
  id: r.id,
  name: r.name,
  unit: r.unit,
  contains: r.contains as AllergenKey[],
  mayContain: r.mayContain as AllergenKey[],
  gramsEach: r.gramsEach,
  pricePennies: r.pricePennies,
  packSize: r.packSize,
});

export const toRecipe = (r: RecipeRow): Recipe => ({
  id: r.id,
  productId: r.productId,
  name: r.name,
  cookiesPerBatch: r.cookiesPerBatch,
  mixerMaxCookies: r.mixerMaxCookies,
  wastePercent: r.wastePercent,
  yieldGrams: r.yieldGrams,
  lines: r.lines,
});

/** Every ingredient and recipe: a bakery has tens of each, so the whole book is read at once. */
export async function loadBook(exec: Db | Tx): Promise<RecipeBook> {
  const [ingredientRows, recipeRows] = await Promise.all([
    exec.select().from(ingredients),
    exec.select().from(recipes),
  ]);
  return {
    ingredients: new Map(ingredientRows.map((r) => [r.id, toIngredient(r)])),
    recipes: new Map(recipeRows.map((r) => [r.id, toRecipe(r)])),
  };
}

export const recipeOfProduct = (book: RecipeBook, productId: string) =>
  [...book.recipes.values()].find((r) => r.productId === productId);

/**
 * A product's food information from its recipe, in `tx` (null without one): the ingredients list
 * to keep on the product, and where `ticked` (the owner's allergens) disagrees with it.
 */
export type RecipeFood = typeof recipeFood;

export async function recipeFood(
  tx: Db | Tx,
  productId: string,
  ticked: AllergenInfo,
): Promise<{ ingredients: string; disagreements: string[] } | null> {
  const [row] = await tx.select().from(recipes).where(eq(recipes.productId, productId));
  if (!row) return null;
  const book = await loadBook(tx);
  const recipe = toRecipe(row);
  return {
    ingredients: ingredientsText(recipe, book),
    disagreements: allergenDisagreements(ticked, recipe, book),
  };
}

/**
 * After a change to the book: every product with a recipe gets its ingredients list from it, and
 * the change is refused (the caller's transaction rolls back) while a product on sale would
 * disagree with its recipe's allergens. The products are locked first, so a concurrent product
 * edit waits for this one.
 */
export async function refreshProductsFood(tx: Tx): Promise<void> {
  const rows = await tx
    .select({
      id: products.id,
      name: products.name,
      isActive: products.isActive,
      info: products.allergenInfo,
      text: products.ingredients,
    })
    .from(products)
    .innerJoin(recipes, eq(recipes.productId, products.id))
    .where(isNotNull(recipes.productId))
    .for('update', { of: products });
  if (rows.length === 0) return;
  const book = await loadBook(tx);
  for (const p of rows) {
    const recipe = recipeOfProduct(book, p.id)!;
    const disagreements = allergenDisagreements(p.info, recipe, book);
    if (p.isActive && disagreements.length > 0) throw badRequest(disagreementMessage(p.name, disagreements));
    const text = ingredientsText(recipe, book);
    if (text !== p.text) await tx.update(products).set({ ingredients: text }).where(eq(products.id, p.id));
  }
}
