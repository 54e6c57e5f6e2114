import { eq } from 'drizzle-orm';
import type { AllergenKey } from '~/shared/food-information';
import { ingredientsText, type Recipe, type RecipeBook, type RecipeLine } from '~/shared/recipes/recipe';
import type { IngredientUnit } from '~/shared/recipes/units';
import type { Tx } from './client';
import { ingredients, products, recipes } from './schema';

type DemoIngredient = {
  name: string;
  unit: IngredientUnit;
  contains?: AllergenKey[];
  mayContain?: AllergenKey[];
  gramsEach?: number;
  /** Per kg, litre or piece. */
  pricePennies: number;
  packSize?: number;
};

/** The demo kitchen's larder, priced as a small bakery buys. */
const DEMO_INGREDIENTS: DemoIngredient[] = [
  { name: 'Wheat flour', unit: 'g', contains: ['gluten'], pricePennies: 120, packSize: 16_000 },
  { name: 'Salted butter (milk)', unit: 'g', contains: ['milk'], pricePennies: 850, packSize: 10_000 },
  { name: 'Golden caster sugar', unit: 'g', pricePennies: 150, packSize: 5000 },
  { name: 'Brown sugar', unit: 'g', pricePennies: 200, packSize: 3000 },
  {
    name: 'Dark chocolate 70% (cocoa mass, sugar, cocoa butter, soya lecithin)',
    unit: 'g',
    contains: ['soya'],
    mayContain: ['milk'],
    pricePennies: 1400,
    packSize: 5000,
  },
  {
    name: 'Free-range eggs',
    unit: 'each',
    contains: ['eggs'],
    gramsEach: 55,
    pricePennies: 30,
    packSize: 180,
  },
  { name: 'Free-range egg yolk', unit: 'each', contains: ['eggs'], gramsEach: 18, pricePennies: 30 },
  { name: 'Sea salt flakes', unit: 'g', pricePennies: 900, packSize: 1500 },
  { name: 'Vanilla extract', unit: 'ml', pricePennies: 9000, packSize: 500 },
  { name: 'Rolled oats (gluten)', unit: 'g', contains: ['gluten'], pricePennies: 180, packSize: 25_000 },
  { name: 'Plant butter (rapeseed and coconut oils)', unit: 'g', pricePennies: 600, packSize: 10_000 },
  { name: 'Golden syrup', unit: 'g', pricePennies: 300, packSize: 7_000 },
  { name: 'Sodium bicarbonate', unit: 'g', pricePennies: 800, packSize: 1000 },
  { name: 'Salt', unit: 'g', pricePennies: 100, packSize: 1000 },
];

const DOUGH = 'Butter dough';

/** A line: an ingredient by name, or the butter dough, in the ingredient's unit (g of dough). */
type DemoLine = [name: string, quantity: number];

const SUB_RECIPE: { name: string; yieldGrams: number; lines: DemoLine[] } = {
  name: DOUGH,
  yieldGrams: 2000,
  lines: [
    ['Wheat flour', 1000],
    ['Salted butter (milk)', 600],
    ['Golden caster sugar', 400],
  ],
};

/** The demo cookies that have recipes, by product name; the others keep their typed ingredients. */
const DEMO_RECIPES: {
  product: string;
  cookiesPerBatch: number;
  mixerMax: number;
  waste: number;
  lines: DemoLine[];
}[] = [
  {
    product: 'Dark Chocolate & Sea Salt',
    cookiesPerBatch: 24,
    mixerMax: 72,
    waste: 5,
    lines: [
      [DOUGH, 1500],
      ['Dark chocolate 70% (cocoa mass, sugar, cocoa butter, soya lecithin)', 480],
      ['Brown sugar', 120],
      ['Free-range eggs', 3],
      ['Sea salt flakes', 10],
    ],
  },
  {
    product: 'Classic Shropshire Butter',
    cookiesPerBatch: 30,
    mixerMax: 90,
    waste: 3,
    lines: [
      [DOUGH, 2000],
      ['Free-range egg yolk', 4],
      ['Vanilla extract', 10],
    ],
  },
  {
    product: 'Oat & Golden Syrup',
    cookiesPerBatch: 24,
    mixerMax: 96,
    waste: 5,
    lines: [
      ['Rolled oats (gluten)', 600],
      ['Wheat flour', 450],
      ['Plant butter (rapeseed and coconut oils)', 400],
      ['Golden syrup', 220],
      ['Brown sugar', 180],
      ['Sodium bicarbonate', 8],
      ['Salt', 4],
    ],
  },
];

/**
 * The demo catalogue's ingredients and recipes, in the catalogue seed's transaction: three cookies
 * with recipes (two sharing a butter dough) so the production sheet, costs and labels show real
 * figures. Their ingredients lists are then the recipes', as for any cookie with one.
 */
export async function seedDemoRecipes(tx: Tx, cookies: { id: string; name: string }[]): Promise<void> {
  const made = await tx
    .insert(ingredients)
    .values(
      DEMO_INGREDIENTS.map((i) => ({
        name: i.name,
        unit: i.unit,
        contains: i.contains ?? [],
        mayContain: i.mayContain ?? [],
        gramsEach: i.gramsEach ?? null,
        pricePennies: i.pricePennies,
        packSize: i.packSize ?? null,
      })),
    )
    .returning();
  const idOf = new Map(made.map((i) => [i.name, i.id]));
  const [dough] = await tx
    .insert(recipes)
    .values({
      name: SUB_RECIPE.name,
      yieldGrams: SUB_RECIPE.yieldGrams,
      lines: SUB_RECIPE.lines.map(([name, quantity]) => ({ ingredientId: idOf.get(name)!, quantity })),
    })
    .returning();
  const lineOf = ([name, quantity]: DemoLine): RecipeLine =>
    name === DOUGH ? { subRecipeId: dough!.id, quantity } : { ingredientId: idOf.get(name)!, quantity };
  const book: RecipeBook = {
    ingredients: new Map(
      made.map((i) => [
        i.id,
        { ...i, contains: i.contains as AllergenKey[], mayContain: i.mayContain as AllergenKey[] },
      ]),
    ),
    recipes: new Map([[dough!.id, { ...dough!, lines: dough!.lines } as Recipe]]),
  };
  for (const r of DEMO_RECIPES) {
    const product = cookies.find((c) => c.name === r.product);
    if (!product) continue;
    const [row] = await tx
      .insert(recipes)
      .values({
        productId: product.id,
        name: r.product,
        cookiesPerBatch: r.cookiesPerBatch,
        mixerMaxCookies: r.mixerMax,
        wastePercent: r.waste,
        lines: r.lines.map(lineOf),
      })
      .returning();
    const text = ingredientsText(row as Recipe, book);
    await tx.update(products).set({ ingredients: text }).where(eq(products.id, product.id));
  }
}
