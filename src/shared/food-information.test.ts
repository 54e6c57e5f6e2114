import { describe, expect, it } from 'vitest';
import { ALLERGEN_KEYS, allergenStatement, ingredientRuns, unassessedAllergens } from './food-information';
import { readShopQuery, shopQueryString } from './shop-query';

describe('food information', () => {
  it('splits ingredients into plain text and the allergens marked with asterisks', () => {
    expect(ingredientRuns('*Wheat* flour, *butter* (*milk*), sugar')).toEqual([
      { text: 'Wheat', allergen: true },
      { text: ' flour, ', allergen: false },
      { text: 'butter', allergen: true },
      { text: ' (', allergen: false },
      { text: 'milk', allergen: true },
      { text: '), sugar', allergen: false },
    ]);
    expect(ingredientRuns('a lone * star')).toEqual([{ text: 'a lone * star', allergen: false }]);
  });

  it('writes the allergen statement a packing slip prints', () => {
    const all = Object.fromEntries(ALLERGEN_KEYS.map((k) => [k, 'free_from' as const]));
    expect(allergenStatement({ ...all, milk: 'contains', eggs: 'contains', nuts: 'may_contain' })).toBe(
      'Contains: Eggs, Milk. May contain: Nuts.',
    );
    expect(allergenStatement(all)).toBe('Contains none of the 14 allergens.');
    expect(allergenStatement({ milk: 'contains' })).toMatch(
      /^Contains: Milk\. Not assessed: Cereals containing gluten, /,
    );
    expect(unassessedAllergens({ milk: 'contains' })).toHaveLength(13);
  });
});

describe('shop query', () => {
  it('reads leniently and writes one canonical spelling', () => {
    const q = readShopQuery(
      new URLSearchParams('q=  Dark   choc &free=milk&free=bogus&free=peanuts&free=milk&sort=up&page=x'),
    );
    expect(q).toEqual({ q: 'Dark choc', free: ['peanuts', 'milk'], sort: 'newest', page: 1 });
    expect(shopQueryString(q)).toBe('?q=Dark+choc&free=peanuts&free=milk');
    expect(shopQueryString(readShopQuery(new URLSearchParams('sort=price-desc&page=3')))).toBe(
      '?sort=price-desc&page=3',
    );
    expect(readShopQuery(new URLSearchParams(`q=${'a'.repeat(100)}`)).q).toHaveLength(60);
  });
});
