import { ALLERGEN_KEYS, type AllergenInfo, type AllergenStatus, allergensWith } from '../food-information';

/**
 * A box's food information, computed from the cookies in it (decision 042): the customer reads it
 * before adding the box to the cart, and every packing slip prints it.
 */

/** What a cookie brings to a box's food information. */
export interface CookieFood {
  name: string;
  ingredients: string;
  allergenInfo: AllergenInfo;
  shelfLifeDays: number;
  netWeightGrams: number | null;
}

export interface BoxFood {
  /** Each cookie's ingredients, in the box's order, with how many of it. */
  ingredients: { name: string; quantity: number; ingredients: string }[];
  /** The allergens as one product: contains if any cookie does, free from only if every cookie is. */
  allergenInfo: AllergenInfo;
  contains: string[];
  mayContain: string[];
  /** The shortest shelf life among its cookies. */
  shelfLifeDays: number;
  /** The weight of all its cookies; null while one of them has none given. */
  netWeightGrams: number | null;
}

/** How strongly a status binds, strongest first; an allergen not assessed sits above free from. */
const RANK: Record<AllergenStatus | 'unassessed', number> = {
  contains: 0,
  may_contain: 1,
  unassessed: 2,
  free_from: 3,
};

/**
 * The union of several cookies' allergens: an allergen one contains, the box contains; one any may
 * contain (and none contains), the box may contain; free from only when all are; otherwise not assessed.
 */
export function mergeAllergenInfo(infos: readonly AllergenInfo[]): AllergenInfo {
  const merged: AllergenInfo = {};
  if (infos.length === 0) return merged;
  for (const key of ALLERGEN_KEYS) {
    const strongest = infos
      .map((info) => info[key] ?? 'unassessed')
      .reduce((a, b) => (RANK[b] < RANK[a] ? b : a));
    if (strongest !== 'unassessed') merged[key] = strongest;
  }
  return merged;
}

/** The food information of a box holding these cookies (counts per box). */
export function boxFood(contents: readonly { cookie: CookieFood; quantity: number }[]): BoxFood {
  const held = contents.filter((c) => c.quantity > 0);
  const allergenInfo = mergeAllergenInfo(held.map((c) => c.cookie.allergenInfo));
  const weights = held.map((c) =>
    c.cookie.netWeightGrams === null ? null : c.cookie.netWeightGrams * c.quantity,
  );
  return {
    ingredients: held.map((c) => ({
      name: c.cookie.name,
      quantity: c.quantity,
      ingredients: c.cookie.ingredients,
    })),
    allergenInfo,
    contains: allergensWith(allergenInfo, 'contains'),
    mayContain: allergensWith(allergenInfo, 'may_contain'),
    shelfLifeDays: held.length ? Math.min(...held.map((c) => c.cookie.shelfLifeDays)) : 0,
    netWeightGrams:
      held.length && weights.every((w) => w !== null) ? weights.reduce((a, b) => a! + b!, 0) : null,
  };
}
