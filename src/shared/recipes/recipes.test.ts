import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SheetOrder } from '../bake-days/day-sheets';
import { describeBatches, splitBatches } from './batches';
import { cookiesToBake, ingredientTotals, productionSheet } from './production';
import {
  allergenDisagreements,
  checkLines,
  costAndMargin,
  costPerCookie,
  type Ingredient,
  ingredientsText,
  perCookie,
  RECIPE_REFUSALS,
  type Recipe,
  type RecipeBook,
  recipeAllergens,
} from './recipe';
import { formatAmount, toBaseUnit } from './units';

const ingredient = (id: string, name: string, extra: Partial<Ingredient> = {}): Ingredient => ({
  id,
  name,
  unit: 'g',
  contains: [],
  mayContain: [],
  gramsEach: null,
  pricePennies: null,
  packSize: null,
  ...extra,
});
const flour = ingredient('flour', 'Wheat flour', { contains: ['gluten'], pricePennies: 120 });
const butter = ingredient('butter', 'Butter', { contains: ['milk'], pricePennies: 800 });
const sugar = ingredient('sugar', 'Sugar', { pricePennies: 100 });
const egg = ingredient('egg', 'Free-range egg', {
  unit: 'each',
  gramsEach: 50,
  contains: ['eggs'],
  pricePennies: 30,
});
const chocolate = ingredient('choc', 'Dark chocolate', { mayContain: ['milk', 'nuts'], pricePennies: 1500 });

const dough: Recipe = {
  id: 'dough',
  productId: null,
  name: 'Butter dough',
  cookiesPerBatch: null,
  mixerMaxCookies: null,
  wastePercent: 0,
  yieldGrams: 1000,
  lines: [
    { ingredientId: 'flour', quantity: 500 },
    { ingredientId: 'butter', quantity: 300 },
    { ingredientId: 'sugar', quantity: 200 },
  ],
};
const chunk: Recipe = {
  id: 'chunk',
  productId: 'p-chunk',
  name: 'Chocolate chunk',
  cookiesPerBatch: 20,
  mixerMaxCookies: 40,
  wastePercent: 0,
  yieldGrams: null,
  lines: [
    { subRecipeId: 'dough', quantity: 1000 },
    { ingredientId: 'choc', quantity: 400 },
    { ingredientId: 'egg', quantity: 2 },
  ],
};
const book: RecipeBook = {
  ingredients: new Map([flour, butter, sugar, egg, chocolate].map((i) => [i.id, i])),
  recipes: new Map([dough, chunk].map((r) => [r.id, r])),
};
const recipeOf = (productId: string) => [...book.recipes.values()].find((r) => r.productId === productId);

describe('units', () => {
  it('converts kg and l to the ingredient unit and refuses a mismatch', () => {
    expect(toBaseUnit(1.5, 'kg', 'g')).toBe(1500);
    expect(toBaseUnit(0.25, 'l', 'ml')).toBe(250);
    expect(toBaseUnit(200, 'g', 'ml')).toBeNull();
    expect(toBaseUnit(2, 'each', 'g')).toBeNull();
  });

  it('shows amounts as a baker weighs them, rounded up', () => {
    expect(formatAmount(349.2, 'g')).toBe('350 g');
    expect(formatAmount(1250, 'g')).toBe('1.25 kg');
    expect(formatAmount(12_000.4, 'g')).toBe('12.001 kg');
    expect(formatAmount(1500, 'ml')).toBe('1.5 l');
    expect(formatAmount(2.1, 'each')).toBe('3');
    expect(formatAmount(1000, 'g')).toBe('1 kg');
  });
});

describe('batches', () => {
  it('splits at the mixer capacity, equal or full ones and a remainder', () => {
    expect(splitBatches(100, 40, 'full')).toEqual([40, 40, 20]);
    expect(splitBatches(100, 40, 'equal')).toEqual([34, 33, 33]);
    expect(splitBatches(40, 40, 'equal')).toEqual([40]);
    expect(splitBatches(0, 40, 'equal')).toEqual([]);
    expect(describeBatches([40, 40, 20])).toBe('3 mixes: 40, 40 and 20 cookies');
    expect(describeBatches([12])).toBe('1 mix: 12 cookies');
  });

  it('never exceeds the mixer and always adds up', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), fc.integer({ min: 1, max: 300 }), (cookies, max) => {
        for (const split of ['equal', 'full'] as const) {
          const b = splitBatches(cookies, max, split);
          expect(b.reduce((s, x) => s + x, 0)).toBe(cookies);
          expect(Math.max(...b)).toBeLessThanOrEqual(max);
          expect(b.length).toBe(Math.ceil(cookies / max));
        }
      }),
    );
  });
});

describe('a recipe', () => {
  it('scales per cookie through its sub-recipe', () => {
    const each = perCookie(chunk, book);
    expect(each.get('flour')).toBeCloseTo(25);
    expect(each.get('butter')).toBeCloseTo(15);
    expect(each.get('choc')).toBeCloseTo(20);
    expect(each.get('egg')).toBeCloseTo(0.1);
  });

  it('lists ingredients heaviest first with allergen ingredients in bold', () => {
    expect(ingredientsText(chunk, book)).toBe(
      '*Wheat flour*, Dark chocolate, *Butter*, Sugar, *Free-range egg*',
    );
  });

  it('takes its allergens from its ingredients', () => {
    const info = recipeAllergens(chunk, book);
    expect([info.gluten, info.milk, info.eggs, info.nuts, info.sesame]).toEqual([
      'contains',
      'contains',
      'contains',
      'may_contain',
      'free_from',
    ]);
  });

  it('names the ingredient behind each disagreement with the ticked allergens', () => {
    const ticked = {
      ...recipeAllergens(chunk, book),
      milk: 'free_from' as const,
      nuts: 'free_from' as const,
    };
    expect(allergenDisagreements(ticked, chunk, book)).toEqual([
      'Butter contains Milk, but the product is not marked as containing it.',
      'Dark chocolate may contain Nuts, but the product is marked free from it.',
    ]);
    expect(
      allergenDisagreements({ ...recipeAllergens(chunk, book), sesame: 'contains' }, chunk, book),
    ).toEqual(['The product is marked as containing Sesame, but no ingredient in its recipe does.']);
    expect(allergenDisagreements(recipeAllergens(chunk, book), chunk, book)).toEqual([]);
  });

  it('costs a cookie from the ingredient prices, waste included', () => {
    // 25 g flour 3p, 15 g butter 12p, 10 g sugar 1p, 20 g chocolate 30p, 0.1 egg 3p
    expect(costPerCookie(chunk, book)).toBeCloseTo(3 + 12 + 1 + 30 + 3);
    expect(costPerCookie({ ...chunk, wastePercent: 10 }, book)).toBeCloseTo(49 * 1.1);
  });

  it('says the cost and the margin at a price in one sentence', () => {
    expect(costAndMargin(15, 300)).toBe('Cost per cookie £0.15; at £3.00 the margin is 95%.');
    expect(costAndMargin(49.4, 250)).toBe('Cost per cookie £0.49; at £2.50 the margin is 80%.');
    expect(costAndMargin(15, null)).toBe('Cost per cookie £0.15.');
  });

  it('refuses bad lines with a clear message', () => {
    const opts = { self: null, isSubRecipe: false };
    expect(checkLines([], book, opts)).toEqual({ error: RECIPE_REFUSALS.noLines });
    expect(checkLines([{ ingredient_id: 'flour', quantity: 0, unit: 'g' }], book, opts)).toEqual({
      error: 'The quantity of Wheat flour must be more than 0.',
    });
    expect(checkLines([{ ingredient_id: 'flour', quantity: -5, unit: 'g' }], book, opts)).toEqual({
      error: 'The quantity of Wheat flour must be more than 0.',
    });
    expect(checkLines([{ ingredient_id: 'egg', quantity: 100, unit: 'g' }], book, opts)).toEqual({
      error: 'Free-range egg is measured in each, so it cannot be given in g.',
    });
    expect(
      checkLines([{ sub_recipe_id: 'dough', quantity: 1, unit: 'kg' }], book, {
        self: 'dough',
        isSubRecipe: true,
      }),
    ).toEqual({ error: RECIPE_REFUSALS.selfUse });
    expect(checkLines([{ sub_recipe_id: 'dough', quantity: 1.2, unit: 'kg' }], book, opts)).toEqual({
      lines: [{ subRecipeId: 'dough', quantity: 1200 }],
    });
  });
});

describe('the production sheet', () => {
  const order = (status: string, lines: SheetOrder['lines']): SheetOrder => ({
    id: 'o',
    number: '#1',
    status,
    cookies: 0,
    fulfilment: 'delivery',
    ship: { name: 'A', postcode: 'SY1 1AA' },
    lines,
  });
  const line = (productId: string | null, productName: string, quantity: number) => ({
    productId,
    productName,
    quantity,
    shelfLifeDays: 7,
  });

  it('counts paid and baking orders only, boxes by their cookies, products by id not name', () => {
    const orders = [
      order('paid', [line('p-chunk', 'Chocolate chunk', 30)]),
      order('pending', [line('p-chunk', 'Chocolate chunk', 500)]),
      order('baking', [
        {
          ...line('p-box', 'Box', 2),
          box: [{ productId: 'p-chunk', productName: 'Chocolate chunk', quantity: 6 }],
        },
      ]),
      order('paid', [line('p-other', 'Chocolate chunk', 5)]),
    ];
    expect(cookiesToBake(orders)).toEqual([
      { productId: 'p-chunk', product: 'Chocolate chunk', cookies: 42 },
      { productId: 'p-other', product: 'Chocolate chunk', cookies: 5 },
    ]);
    const sheet = productionSheet(orders, {
      book,
      recipeOf,
      split: 'full',
      extras: new Map([['p-chunk', 8]]),
    });
    expect(sheet.products[0]).toMatchObject({ ordered: 42, extra: 8, cookies: 50, batches: [40, 10] });
    expect(sheet.withoutRecipe).toEqual(['Chocolate chunk']);
    const flourLine = sheet.ingredients.find((i) => i.name === 'Wheat flour')!;
    expect(flourLine.amount).toBeCloseTo(50 * 25);
    expect(formatAmount(flourLine.amount, flourLine.unit)).toBe('1.25 kg');
    // 50 cookies at 49p
    expect(sheet.costPennies).toBe(2450);
  });

  it("a day's totals are the sum over its orders' lines", () => {
    const products = ['p-chunk', 'p-plain', null] as const;
    const plain: Recipe = {
      ...dough,
      id: 'plain',
      productId: 'p-plain',
      cookiesPerBatch: 7,
      yieldGrams: null,
      wastePercent: 5,
    };
    const both: RecipeBook = { ...book, recipes: new Map([...book.recipes, ['plain', plain]]) };
    const of = (id: string) => [...both.recipes.values()].find((r) => r.productId === id);
    const lineArb = fc.record({
      product: fc.constantFrom(...products),
      quantity: fc.integer({ min: 1, max: 50 }),
      boxOf: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(fc.array(lineArb, { minLength: 1, maxLength: 5 }), { maxLength: 8 }), (orders) => {
        const sheetOrders = orders.map((lines) =>
          order(
            'paid',
            lines.map((l) =>
              l.boxOf
                ? {
                    ...line('p-box', 'Box', l.quantity),
                    box: [{ productId: l.product, productName: 'X', quantity: l.boxOf }],
                  }
                : line(l.product, 'X', l.quantity),
            ),
          ),
        );
        const day = ingredientTotals(cookiesToBake(sheetOrders), both, of);
        const summed = new Map<string, number>();
        for (const o of sheetOrders)
          for (const l of o.lines)
            for (const [id, amount] of ingredientTotals(cookiesToBake([{ ...o, lines: [l] }]), both, of))
              summed.set(id, (summed.get(id) ?? 0) + amount);
        expect([...day.keys()].sort()).toEqual([...summed.keys()].sort());
        for (const [id, amount] of day) expect(amount).toBeCloseTo(summed.get(id)!, 6);
      }),
    );
  });
});

describe('labels', () => {
  it('places 21 labels on an L7160 sheet and 14 on an L7163, moved by the offset', async () => {
    const { LABEL_STOCKS, labelPositions } = await import('./labels');
    const l7160 = labelPositions(LABEL_STOCKS.l7160);
    expect(l7160).toHaveLength(21);
    expect(l7160[0]).toEqual({ top: 15.15, left: 7.25 });
    // The last label ends within the A4 sheet.
    expect(l7160[20]!.top + 38.1).toBeCloseTo(297 - 15.15, 1);
    expect(labelPositions(LABEL_STOCKS.l7163)).toHaveLength(14);
    expect(labelPositions(LABEL_STOCKS.l7163, { x: 1, y: -0.5 })[0]).toEqual({ top: 14.65, left: 5.65 });
  });

  it('shrinks long text to the legible minimum and says when it still cannot fit', async () => {
    const { fitLabelText, LABEL_STOCKS, LABEL_FONT_MAX_PT, LABEL_FONT_MIN_PT } = await import('./labels');
    expect(fitLabelText(['Oat cookie', 'Oats, flour'], LABEL_STOCKS.l7160.label)).toEqual({
      pt: LABEL_FONT_MAX_PT,
      fits: true,
    });
    const long = ['Cookie', `Ingredients: ${'wheat flour, butter, '.repeat(20)}`];
    const small = fitLabelText(long, LABEL_STOCKS.l7160.label);
    expect(small.pt).toBeLessThan(LABEL_FONT_MAX_PT);
    expect(small.pt).toBeGreaterThanOrEqual(LABEL_FONT_MIN_PT);
    expect(small.fits).toBe(true);
    expect(fitLabelText(['x'.repeat(3000)], LABEL_STOCKS.l7160.label)).toEqual({
      pt: LABEL_FONT_MIN_PT,
      fits: false,
    });
    // The same text fits the bigger roll label.
    expect(fitLabelText(['x'.repeat(900)], LABEL_STOCKS.roll62.label).fits).toBe(true);
  });
});
