import { eq, inArray, sql } from 'drizzle-orm';
import type { BoxCandidate, BoxRules } from '~/shared/boxes/box';
import { isUuid } from '~/shared/ids';
import type { ProductLimits } from '~/shared/limited/limited';
import { toBoxRules } from '../boxes/box-rules';
import type { Db, Tx } from '../db/client';
import { productBoxes, products } from '../db/schema';

/**
 * A product's limits (decision 043) as columns of a statement that reads products: checkout reads
 * them for a cookie bought loose and for one inside a box alike.
 */
export const limitColumns = {
  onSaleFrom: products.onSaleFrom,
  onSaleUntil: products.onSaleUntil,
  deliverFrom: products.deliverFrom,
  deliverUntil: products.deliverUntil,
  leadDays: products.leadDays,
  dailyLimit: products.dailyLimit,
};

/**
 * A product's box rules as columns of a statement that reads products (`products` left joined
 * with `boxRulesJoin`): null columns for a product that is not a box. So checkout learns which of
 * its lines are boxes in the statement that prices them, not a second one.
 */
export const boxRulesColumns = {
  boxSize: productBoxes.size,
  boxAllowedIds: productBoxes.allowedProductIds,
  boxFixed: productBoxes.fixedFilling,
};
export const boxRulesJoin = [productBoxes, eq(productBoxes.productId, products.id)] as const;

/** The box rules of those of `ids` that are boxes, by product id. */
export async function boxRulesOf(exec: Db | Tx, ids: readonly string[]): Promise<Map<string, BoxRules>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Map();
  const rows = await exec.select().from(productBoxes).where(inArray(productBoxes.productId, wanted));
  return new Map(rows.map((r) => [r.productId, toBoxRules(r)]));
}

/**
 * Products as a box's check reads them (is it active, sold out, itself a box?), by id, with their
 * limits: a limited cookie inside a box keeps its rules (decision 043).
 */
export async function boxCandidates(
  exec: Db | Tx,
  ids: readonly string[],
): Promise<Map<string, BoxCandidate & ProductLimits>> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()).filter(isUuid))];
  if (wanted.length === 0) return new Map();
  const rows = await exec
    .select({
      id: products.id,
      name: products.name,
      active: products.isActive,
      soldOut: products.soldOut,
      // Not a loose cookie: a box, or a gift card.
      isBox: sql<boolean>`${productBoxes.productId} is not null or ${products.kind} <> 'cookie'`,
      ...limitColumns,
    })
    .from(products)
    .leftJoin(productBoxes, eq(productBoxes.productId, products.id))
    .where(inArray(products.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}
