import { and, asc, eq, isNull } from 'drizzle-orm';
import type { AllergenInfo } from '~/shared/food-information';
import { isUuid } from '~/shared/ids';
import {
  allergenDisagreements,
  checkLines,
  costPerCookie,
  ingredientsText,
  type Recipe,
  type RecipeBook,
  type RecipeLine,
  type RecipeLineInput,
  recipeAllergens,
} from '~/shared/recipes/recipe';
import {
  IngredientInputSchema,
  ProductRecipeInputSchema,
  SubRecipeInputSchema,
} from '~/shared/recipes/schemas';
import { fieldsBefore, recordActivity } from '../activity/activity-log';
import type { CatalogVersion } from '../db/catalog-version';
import type { Db, Tx } from '../db/client';
import { ingredients, productBoxes, products, recipes } from '../db/schema';
import { badRequest, conflict, notFound, parseOrThrow } from '../errors';
import { loadBook, refreshProductsFood, toIngredient } from './recipe-book';

export interface IngredientView {
  id: string;
  name: string;
  unit: 'g' | 'ml' | 'each';
  contains: string[];
  may_contain: string[];
  grams_each: number | null;
  price_pennies: number | null;
  pack_size: number | null;
  /** The recipes that use it (it cannot be deleted while any does). */
  used_in: string[];
}

export interface RecipeLineView {
  ingredient_id: string | null;
  sub_recipe_id: string | null;
  name: string;
  quantity: number;
  unit: string;
}

export interface RecipeView {
  id: string;
  product_id: string | null;
  name: string;
  cookies_per_batch: number | null;
  mixer_max_cookies: number | null;
  waste_percent: number;
  yield_grams: number | null;
  lines: RecipeLineView[];
  ingredients_text: string;
  allergen_info: AllergenInfo;
  /** Where the product's ticked allergens disagree with the recipe (a product's recipe only). */
  disagreements: string[];
  cost_per_cookie_pennies: number | null;
  price_pennies: number | null;
  is_active: boolean | null;
}

const usesOf = (book: RecipeBook, id: string) =>
  [...book.recipes.values()].filter((r) =>
    r.lines.some((l) => ('ingredientId' in l ? l.ingredientId : l.subRecipeId) === id),
  );

function lineViews(recipe: Recipe, book: RecipeBook): RecipeLineView[] {
  return recipe.lines.map((l) =>
    'ingredientId' in l
      ? {
          ingredient_id: l.ingredientId,
          sub_recipe_id: null,
          name: book.ingredients.get(l.ingredientId)?.name ?? 'Removed ingredient',
          quantity: l.quantity,
          unit: book.ingredients.get(l.ingredientId)?.unit ?? 'g',
        }
      : {
          ingredient_id: null,
          sub_recipe_id: l.subRecipeId,
          name: book.recipes.get(l.subRecipeId)?.name ?? 'Removed sub-recipe',
          quantity: l.quantity,
          unit: 'g',
        },
  );
}

const linesFor = (
  inputs: RecipeLineInput[],
  book: RecipeBook,
  opts: { self: string | null; isSubRecipe: boolean },
): RecipeLine[] => {
  const checked = checkLines(inputs, book, opts);
  if ('error' in checked) throw badRequest(checked.error, { lines: checked.error });
  return checked.lines;
};

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/**
 * The owner's ingredients and recipes. Every write re-makes the ingredients list of
 * each product with a recipe and is refused while a product on sale would then disagree with its
 * recipe's allergens (recipe-book.ts); it bumps the catalogue version, as the lists show in the shop.
 */
export function createRecipesService(db: Db, catalogVersion: CatalogVersion) {
  const write = <T>(change: (tx: Tx) => Promise<T>) => catalogVersion.changing(change);

  async function ingredientViews(exec: Db | Tx): Promise<IngredientView[]> {
    const book = await loadBook(exec);
    return [...book.ingredients.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((i) => ({
        id: i.id,
        name: i.name,
        unit: i.unit,
        contains: i.contains,
        may_contain: i.mayContain,
        grams_each: i.gramsEach,
        price_pennies: i.pricePennies,
        pack_size: i.packSize,
        used_in: usesOf(book, i.id).map((r) => r.name),
      }));
  }

  async function saveIngredient(id: string | null, input: unknown): Promise<IngredientView> {
    if (id !== null && !isUuid(id)) throw notFound('Ingredient not found');
    const data = parseOrThrow(IngredientInputSchema, input);
    const values = {
      name: data.name,
      unit: data.unit,
      contains: data.contains,
      mayContain: data.may_contain,
      gramsEach: data.grams_each,
      pricePennies: data.price_pennies,
      packSize: data.pack_size,
    };
    try {
      const saved = await write(async (tx) => {
        let row: typeof ingredients.$inferSelect | undefined;
        if (id === null) {
          [row] = await tx.insert(ingredients).values(values).returning();
          await recordActivity(tx, {
            kind: 'ingredient.create',
            record: ['ingredient', row!.id],
            after: values,
          });
        } else {
          const [before] = await tx.select().from(ingredients).where(eq(ingredients.id, id)).for('update');
          if (!before) throw notFound('Ingredient not found');
          const book = await loadBook(tx);
          if (before.unit !== values.unit && usesOf(book, id).length > 0)
            throw badRequest(
              `${before.name} is used in ${usesOf(book, id)
                .map((r) => r.name)
                .join(', ')}: its unit cannot change while recipes measure it in ${before.unit}.`,
              { unit: 'Used in recipes' },
            );
          [row] = await tx.update(ingredients).set(values).where(eq(ingredients.id, id)).returning();
          await recordActivity(tx, {
            kind: 'ingredient.update',
            record: ['ingredient', id],
            before: fieldsBefore(before, values),
            after: values,
          });
        }
        await refreshProductsFood(tx);
        return row!;
      });
      return (await ingredientViews(db)).find((i) => i.id === saved.id)!;
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict(`There is already an ingredient called ${data.name}`);
      throw err;
    }
  }

  async function recipeViews(exec: Db | Tx): Promise<RecipeView[]> {
    const book = await loadBook(exec);
    const productRows = await exec
      .select({
        id: products.id,
        name: products.name,
        info: products.allergenInfo,
        price: products.pricePennies,
        isActive: products.isActive,
      })
      .from(products);
    const byId = new Map(productRows.map((p) => [p.id, p]));
    return [...book.recipes.values()]
      .map((r) => {
        const product = r.productId ? byId.get(r.productId) : undefined;
        return {
          id: r.id,
          product_id: r.productId,
          name: product?.name ?? r.name,
          cookies_per_batch: r.cookiesPerBatch,
          mixer_max_cookies: r.mixerMaxCookies,
          waste_percent: r.wastePercent,
          yield_grams: r.yieldGrams,
          lines: lineViews(r, book),
          ingredients_text: ingredientsText(r, book),
          allergen_info: recipeAllergens(r, book),
          disagreements: product ? allergenDisagreements(product.info, r, book) : [],
          cost_per_cookie_pennies: r.productId ? costPerCookie(r, book) : null,
          price_pennies: product?.price ?? null,
          is_active: product?.isActive ?? null,
        };
      })
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /** The cookies a recipe can be written for: products that are not boxes (boxes take theirs from their cookies). */
  async function cookies(exec: Db | Tx) {
    return exec
      .select({ id: products.id, name: products.name })
      .from(products)
      .leftJoin(productBoxes, eq(productBoxes.productId, products.id))
      .where(and(eq(products.kind, 'cookie'), isNull(productBoxes.productId)))
      .orderBy(asc(products.name));
  }

  return {
    ingredients: () => ingredientViews(db),
    createIngredient: (input: unknown) => saveIngredient(null, input),
    updateIngredient: (id: string, input: unknown) => saveIngredient(id, input),

    async removeIngredient(id: string): Promise<{ id: string }> {
      if (!isUuid(id)) throw notFound('Ingredient not found');
      return write(async (tx) => {
        const [row] = await tx.select().from(ingredients).where(eq(ingredients.id, id)).for('update');
        if (!row) throw notFound('Ingredient not found');
        const users = usesOf(await loadBook(tx), id);
        if (users.length > 0)
          throw conflict(
            `${row.name} is used in ${users.map((r) => r.name).join(', ')}: take it out of those recipes first.`,
          );
        await tx.delete(ingredients).where(eq(ingredients.id, id));
        await recordActivity(tx, {
          kind: 'ingredient.delete',
          record: ['ingredient', id],
          before: toIngredient(row),
        });
        return { id };
      });
    },

    /** Each cookie's ingredient cost (fractional pennies, waste included), where every ingredient has a price. */
    async costsPerCookie(): Promise<Record<string, number>> {
      const book = await loadBook(db);
      const costs: Record<string, number> = {};
      for (const recipe of book.recipes.values()) {
        const cost = recipe.productId ? costPerCookie(recipe, book) : null;
        if (recipe.productId && cost !== null) costs[recipe.productId] = cost;
      }
      return costs;
    },

    async list() {
      const [recipeList, cookieList] = await Promise.all([recipeViews(db), cookies(db)]);
      return {
        recipes: recipeList.filter((r) => r.product_id),
        sub_recipes: recipeList.filter((r) => !r.product_id),
        cookies: cookieList,
      };
    },

    /** Writes (or replaces) the recipe of a cookie. */
    async saveProductRecipe(productId: string, input: unknown): Promise<RecipeView> {
      if (!isUuid(productId)) throw notFound('Product not found');
      const data = parseOrThrow(ProductRecipeInputSchema, input);
      await write(async (tx) => {
        const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
        if (!product) throw notFound('Product not found');
        const [box] = await tx.select().from(productBoxes).where(eq(productBoxes.productId, productId));
        if (box || product.kind !== 'cookie')
          throw badRequest('A box takes its recipes from the cookies in it; a gift card has none.');
        const book = await loadBook(tx);
        const values = {
          name: product.name,
          cookiesPerBatch: data.cookies_per_batch,
          mixerMaxCookies: data.mixer_max_cookies,
          wastePercent: data.waste_percent,
          yieldGrams: null,
          lines: linesFor(data.lines, book, { self: null, isSubRecipe: false }),
        };
        const [before] = await tx.select().from(recipes).where(eq(recipes.productId, productId));
        const [row] = await tx
          .insert(recipes)
          .values({ ...values, productId })
          .onConflictDoUpdate({ target: recipes.productId, set: { ...values, updatedAt: new Date() } })
          .returning();
        await recordActivity(tx, {
          kind: before ? 'recipe.update' : 'recipe.create',
          record: ['recipe', row!.id],
          before: before ? fieldsBefore(before, values) : null,
          after: { ...values, productId },
        });
        await refreshProductsFood(tx);
      });
      return (await recipeViews(db)).find((r) => r.product_id === productId)!;
    },

    async saveSubRecipe(id: string | null, input: unknown): Promise<RecipeView> {
      if (id !== null && !isUuid(id)) throw notFound('Sub-recipe not found');
      const data = parseOrThrow(SubRecipeInputSchema, input);
      const saved = await write(async (tx) => {
        const book = await loadBook(tx);
        const values = {
          name: data.name,
          yieldGrams: data.yield_grams,
          lines: linesFor(data.lines, book, { self: id, isSubRecipe: true }),
        };
        if (id === null) {
          const [row] = await tx.insert(recipes).values(values).returning();
          await recordActivity(tx, { kind: 'recipe.create', record: ['recipe', row!.id], after: values });
          return row!.id;
        }
        const [before] = await tx
          .select()
          .from(recipes)
          .where(and(eq(recipes.id, id), isNull(recipes.productId)))
          .for('update');
        if (!before) throw notFound('Sub-recipe not found');
        await tx.update(recipes).set(values).where(eq(recipes.id, id));
        await recordActivity(tx, {
          kind: 'recipe.update',
          record: ['recipe', id],
          before: fieldsBefore(before, values),
          after: values,
        });
        await refreshProductsFood(tx);
        return id;
      });
      return (await recipeViews(db)).find((r) => r.id === saved)!;
    },

    /**
     * Removes a recipe: a product's goes back to the ingredients typed by hand (kept as the recipe
     * last made them); a sub-recipe still used by a recipe is refused.
     */
    async removeRecipe(id: string): Promise<{ id: string }> {
      if (!isUuid(id)) throw notFound('Recipe not found');
      return write(async (tx) => {
        const [row] = await tx.select().from(recipes).where(eq(recipes.id, id)).for('update');
        if (!row) throw notFound('Recipe not found');
        const users = usesOf(await loadBook(tx), id);
        if (users.length > 0)
          throw conflict(
            `${row.name} is used in ${users.map((r) => r.name).join(', ')}: take it out of those recipes first.`,
          );
        await tx.delete(recipes).where(eq(recipes.id, id));
        await recordActivity(tx, {
          kind: 'recipe.delete',
          record: ['recipe', id],
          before: { name: row.name, lines: row.lines },
        });
        return { id };
      });
    },

    /** Ticks the product's allergens as its recipe gives them, so it can go on sale. */
    async takeAllergensFromRecipe(productId: string): Promise<{ id: string }> {
      if (!isUuid(productId)) throw notFound('Product not found');
      return write(async (tx) => {
        const [product] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
        if (!product) throw notFound('Product not found');
        const book = await loadBook(tx);
        const recipe = [...book.recipes.values()].find((r) => r.productId === productId);
        if (!recipe) throw badRequest(`${product.name} has no recipe yet.`);
        const info = recipeAllergens(recipe, book);
        await tx.update(products).set({ allergenInfo: info }).where(eq(products.id, productId));
        await recordActivity(tx, {
          kind: 'product.update',
          record: ['product', productId],
          before: { allergenInfo: product.allergenInfo },
          after: { allergenInfo: info },
        });
        return { id: productId };
      });
    },
  };
}

export type RecipesService = ReturnType<typeof createRecipesService>;
