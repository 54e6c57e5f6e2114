import type { BoxFilling, BoxRules } from '~/shared/boxes/box';

/**
 * A box's rules from its row as the catalogue keeps it (the catalogue owns the table and the
 * reads; these are the rules the others check a filling with).
 */
export const toBoxRules = (row: {
  size: number;
  allowedProductIds: string[] | null;
  fixedFilling: BoxFilling | null;
}): BoxRules => ({
  size: row.size,
  allowedIds: row.allowedProductIds,
  fixed: row.fixedFilling,
});

/** The rules from `boxRulesColumns`' values (checkout/box-products.ts); null when the product is not a box. */
export function boxRulesFrom(row: {
  boxSize: number | null;
  boxAllowedIds: string[] | null;
  boxFixed: BoxFilling | null;
}): BoxRules | null {
  if (row.boxSize === null) return null;
  return { size: row.boxSize, allowedIds: row.boxAllowedIds, fixed: row.boxFixed };
}
