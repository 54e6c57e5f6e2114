import { eq, inArray, sql } from 'drizzle-orm';
import type { BoxCandidate, BoxRules } from '~/shared/boxes/box';
import { isUuid } from '~/shared/ids';
import type { Db, Tx } from '../db/client';
import { productBoxes, products } from '../db/schema';

export const toBoxRules = (row: typeof productBoxes.$inferSelect): BoxRules => ({
  size: row.size,
  allowedIds: row.allowedProductIds,
  fixed: row.fixedFilling,
});

/** The box rules of those of `ids` that are boxes, by product id. */
export async function boxRulesOf(exec: Db | Tx, ids: readonly string[]): Promise<Map<string, BoxRules>> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return new Map();
  const rows = await exec.select().from(productBoxes).where(inArray(productBoxes.productId, wanted));
  return new Map(rows.map((r) => [r.productId, toBoxRules(r)]));
}

/** Products as a box's check reads them (is it active, sold out, itself a box?), by id. */
export async function boxCandidates(
  exec: Db | Tx,
  ids: readonly string[],
): Promise<Map<string, BoxCandidate>> {
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
    })
    .from(products)
    .leftJoin(productBoxes, eq(productBoxes.productId, products.id))
    .where(inArray(products.id, wanted));
  return new Map(rows.map((r) => [r.id, r]));
}
