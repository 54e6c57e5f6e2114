import { describe, expect, it } from 'vitest';
import { ALLERGEN_KEYS, type AllergenInfo, type AllergenKey } from '../food-information';
import { boxFood, type CookieFood, mergeAllergenInfo } from './box-food';

const info = (contains: AllergenKey[], may: AllergenKey[] = []): AllergenInfo =>
  Object.fromEntries(
    ALLERGEN_KEYS.map((k) => [
      k,
      contains.includes(k) ? 'contains' : may.includes(k) ? 'may_contain' : 'free_from',
    ]),
  );
const cookie = (name: string, extra: Partial<CookieFood>): CookieFood => ({
  name,
  ingredients: `${name} ingredients`,
  allergenInfo: info([]),
  shelfLifeDays: 7,
  netWeightGrams: 80,
  ...extra,
});

describe("a box's food information", () => {
  const pecan = cookie('Pecan', {
    allergenInfo: info(['gluten', 'nuts'], ['peanuts']),
    shelfLifeDays: 7,
    netWeightGrams: 85,
  });
  const ginger = cookie('Ginger', {
    allergenInfo: info(['gluten', 'sulphites'], ['nuts']),
    shelfLifeDays: 14,
    netWeightGrams: 70,
  });
  const lemon = cookie('Lemon', { allergenInfo: info(['milk']), shelfLifeDays: 5, netWeightGrams: 80 });

  it('unites its cookies’ allergens, keeps the shortest shelf life and adds up the weight', () => {
    const food = boxFood([
      { cookie: pecan, quantity: 2 },
      { cookie: ginger, quantity: 3 },
      { cookie: lemon, quantity: 1 },
    ]);
    expect(food.contains).toEqual([
      'Cereals containing gluten',
      'Milk',
      'Nuts',
      'Sulphur dioxide and sulphites',
    ]);
    // Nuts is contained by one cookie, so it is not also a "may contain".
    expect(food.mayContain).toEqual(['Peanuts']);
    expect(food.shelfLifeDays).toBe(5);
    expect(food.netWeightGrams).toBe(2 * 85 + 3 * 70 + 80);
    expect(food.ingredients).toEqual([
      { name: 'Pecan', quantity: 2, ingredients: 'Pecan ingredients' },
      { name: 'Ginger', quantity: 3, ingredients: 'Ginger ingredients' },
      { name: 'Lemon', quantity: 1, ingredients: 'Lemon ingredients' },
    ]);
  });

  it('counts only the cookies in it', () => {
    const food = boxFood([
      { cookie: lemon, quantity: 6 },
      { cookie: pecan, quantity: 0 },
    ]);
    expect(food.contains).toEqual(['Milk']);
    expect(food.mayContain).toEqual([]);
    expect(food.allergenInfo.nuts).toBe('free_from');
  });

  it('has no weight while a cookie has none given', () => {
    expect(
      boxFood([{ cookie: cookie('Plain', { netWeightGrams: null }), quantity: 6 }]).netWeightGrams,
    ).toBeNull();
  });

  it('is free from an allergen only when every cookie is, and not assessed while one is not', () => {
    const unassessed: AllergenInfo = { ...info([]) };
    delete unassessed.celery;
    const merged = mergeAllergenInfo([info([]), unassessed]);
    expect(merged.mustard).toBe('free_from');
    expect(merged.celery).toBeUndefined();
    expect(mergeAllergenInfo([info([], ['celery']), unassessed]).celery).toBe('may_contain');
  });
});
