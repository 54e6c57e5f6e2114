import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { normaliseFilling } from '~/shared/boxes/box';
import { mergeAllergenInfo } from '~/shared/boxes/box-food';
import type { AllergenInfo } from '~/shared/food-information';
import type { BoxRulesData } from '~/shared/schemas/box-rules';
import type { Tx } from '../db/client';
import { productBoxes, products } from '../db/schema';
import { badRequest } from '../errors';

/** The rules as the admin screens read them back (decision 042). */
export interface BoxRulesDto {
  size: number;
  allowed_product_ids: string[] | null;
  fixed: { product_id: string; quantity: number }[] | null;
}

export const toBoxRulesDto = (row: typeof productBoxes.$inferSelect | null): BoxRulesDto | null =>
  row ? { size: row.size, allowed_product_ids: row.allowedProductIds, fixed: row.fixedFilling } : null;

const refuse = (message: string) => badRequest(message, { box_rules: message });

/** Loose cookies only: a product that is itself a box, or not a cookie (a gift card), never goes in one. */
const looseCookie = sql<boolean>`${products.kind} = 'cookie' and not exists (
  select 1 from ${productBoxes} b where b.product_id = ${products.id})`;

/**
 * Makes `product` a box with these rules (or, given null, no longer one), in the owner's
 * transaction. Every cookie named must be a loose cookie in the shop (checked here against the
 * catalogue, whatever the form said), and a product another box holds cannot become a box.
 * Answers the allergens of every cookie the box may hold, which become the box product's own.
 */
export async function saveBoxRules(
  tx: Tx,
  product: { id: string; name: string },
  rules: BoxRulesData | null,
): Promise<AllergenInfo | null> {
  if (!rules) {
    await tx.delete(productBoxes).where(eq(productBoxes.productId, product.id));
    return null;
  }
  const [holder] = await tx
    .select({ name: products.name })
    .from(productBoxes)
    .innerJoin(products, eq(products.id, productBoxes.productId))
    .where(
      and(
        ne(productBoxes.productId, product.id),
        sql`(${product.id}::uuid = any(${productBoxes.allowedProductIds})
          or ${productBoxes.fixedFilling} @> ${JSON.stringify([{ product_id: product.id }])}::jsonb)`,
      ),
    )
    .limit(1);
  if (holder) throw refuse(`${product.name} is in the ${holder.name}: a box cannot go in a box.`);

  const fixed = rules.fixed ? normaliseFilling(rules.fixed) : null;
  const named = fixed ? fixed.map((e) => e.product_id) : (rules.allowed_product_ids ?? []);
  if (named.includes(product.id)) throw refuse(`The ${product.name} cannot hold itself.`);
  const found = named.length
    ? await tx
        .select({
          id: products.id,
          name: products.name,
          active: products.isActive,
          loose: looseCookie,
          allergenInfo: products.allergenInfo,
        })
        .from(products)
        .where(inArray(products.id, named))
    : [];
  const byId = new Map(found.map((c) => [c.id, c]));
  for (const id of named) {
    const cookie = byId.get(id);
    if (!cookie)
      throw refuse('A cookie chosen for the box is no longer in the catalogue. Please choose again.');
    if (!cookie.loose) throw refuse(`${cookie.name} is not a loose cookie: a box holds cookies only.`);
    if (!cookie.active)
      throw refuse(`${cookie.name} is not active: a box can only hold cookies that are in the shop.`);
  }

  const values = {
    size: rules.size,
    // A fixed box holds its assortment: no choice to allow.
    allowedProductIds: fixed ? null : rules.allowed_product_ids,
    fixedFilling: fixed,
  };
  await tx
    .insert(productBoxes)
    .values({ productId: product.id, ...values })
    .onConflictDoUpdate({ target: productBoxes.productId, set: { ...values, updatedAt: new Date() } });

  const held = named.length
    ? found
    : await tx
        .select({ allergenInfo: products.allergenInfo })
        .from(products)
        .where(and(eq(products.isActive, true), ne(products.id, product.id), looseCookie));
  return mergeAllergenInfo(held.map((c) => c.allergenInfo));
}
