import { asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { type BoxView, cookiesItMayHold } from '~/shared/boxes/box';
import { mergeAllergenInfo } from '~/shared/boxes/box-food';
import type { AllergenInfo } from '~/shared/food-information';
import { toBoxRules } from '../boxes/box-rules';
import type { Db } from '../db/client';
import { productBoxes, products } from '../db/schema';

/** A box as the shop shows it, with the allergens of every cookie it may hold united. */
export interface ShopBox {
  box: BoxView;
  /** What a customer may meet in it before choosing: the /shop card and the free-from filter's view. */
  mayHoldInfo: AllergenInfo;
}

/**
 * The boxes among `ids` with the cookies each may hold (active, not boxes themselves; a fixed
 * box's own), by product id. Read with the catalogue, so a cookie's change shows at once.
 */
export async function shopBoxes(db: Db, ids: readonly string[]): Promise<Map<string, ShopBox>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(productBoxes)
    .where(inArray(productBoxes.productId, [...ids]));
  if (rows.length === 0) return new Map();
  const fixedIds = rows.flatMap((r) => (r.fixedFilling ?? []).map((e) => e.product_id));
  const boxIds = new Set(
    (await db.select({ id: productBoxes.productId }).from(productBoxes)).map((r) => r.id),
  );
  const cookies = (
    await db
      .select()
      .from(products)
      .where(or(eq(products.isActive, true), fixedIds.length ? inArray(products.id, fixedIds) : undefined))
      .orderBy(asc(products.name))
  )
    // Only loose cookies go in a box: not a box, nor a gift card.
    .map((p) => ({ ...p, id: p.id, active: p.isActive, isBox: boxIds.has(p.id) || p.kind !== 'cookie' }));
  return new Map(
    rows.map((row) => {
      const rules = toBoxRules(row);
      const held = cookiesItMayHold(rules, cookies);
      return [
        row.productId,
        {
          box: {
            size: rules.size,
            fixed: rules.fixed,
            choices: held.map((c) => ({
              id: c.id,
              name: c.name,
              photo: c.photoHash,
              ingredients: c.ingredients,
              allergen_info: c.allergenInfo,
              shelf_life_days: c.shelfLifeDays,
              net_weight_grams: c.netWeightGrams,
              sold_out: c.soldOut,
            })),
          },
          mayHoldInfo: mergeAllergenInfo(held.map((c) => c.allergenInfo)),
        },
      ];
    }),
  );
}

/**
 * /shop's "Free from" as SQL (decision 042): a loose cookie when its own allergens say so; a box
 * only when every cookie it may hold is free from them (its fixed ones, or every allowed active cookie).
 */
export function freeFromSql(keys: readonly string[]): SQL {
  const wanted = JSON.stringify(Object.fromEntries(keys.map((k) => [k, 'free_from'])));
  return sql`case when exists (select 1 from ${productBoxes} b where b.product_id = ${products.id})
    then not exists (
      select 1 from ${productBoxes} b join ${products} c on (
        case when b.fixed_filling is not null
          then c.id::text in (select e->>'product_id' from jsonb_array_elements(b.fixed_filling) e)
          else c.is_active and c.kind = 'cookie'
            and not exists (select 1 from ${productBoxes} bb where bb.product_id = c.id)
            and (b.allowed_product_ids is null or c.id = any(b.allowed_product_ids))
        end)
      where b.product_id = ${products.id} and not (c.allergen_info @> ${wanted}::jsonb)
    )
    else ${products.allergenInfo} @> ${wanted}::jsonb end`;
}
