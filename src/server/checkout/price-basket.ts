import { sql } from 'drizzle-orm';
import { type BoxContents, type BoxRules, checkFilling } from '~/shared/boxes/box';
import type { VatRate } from '~/shared/food-information';
import { isUuid } from '~/shared/ids';
import { hasLimits, type LimitedLine, saleRefusal } from '~/shared/limited/limited';
import { londonDate } from '~/shared/time/london-time';
import { boxRulesFrom } from '../boxes/box-rules';
import { builtOnce } from '../db/built-once';
import type { Db, Tx } from '../db/client';
import { products } from '../db/schema';
import { badRequest } from '../errors';
import { listNames, type PricedLine, type WantedLine } from './basket-lines';
import { boxCandidates, boxRulesColumns, boxRulesJoin, limitColumns } from './box-products';
import { giftCardLine } from './gift-card-purchase';

/** Pricing a basket from the catalogue as it is now, in the checkout's transaction (never from the browser). */

// Every quote and checkout reads its products: built once, the ids as one array parameter.
const productsByIds = builtOnce('basket_products', (tx) =>
  tx
    .select({
      id: products.id,
      name: products.name,
      price: products.pricePennies,
      active: products.isActive,
      soldOut: products.soldOut,
      vatRate: products.vatRate,
      ...limitColumns,
      kind: products.kind,
      ...boxRulesColumns,
    })
    .from(products)
    .leftJoin(...boxRulesJoin)
    .where(sql`${products.id} = any(${sql.placeholder('ids')}::uuid[])`),
);

/** The basket's lines priced from the database; unknown, inactive and sold-out products refused. */
export async function priceLines(tx: Db | Tx, wanted: WantedLine[]): Promise<PricedLine[]> {
  const ids = wanted.map((l) => l.productId).filter(isUuid);
  const rows = ids.length ? await productsByIds(tx, { ids }) : [];
  const found = new Map(rows.map((r) => [r.id, r]));
  const unavailable = wanted.filter((l) => !found.get(l.productId)?.active);
  if (unavailable.length > 0) {
    const names = unavailable.map((l) => found.get(l.productId)?.name ?? l.shownName ?? 'an item');
    const one = unavailable.length === 1;
    throw badRequest(
      `Sorry, ${listNames(names)} ${one ? 'is' : 'are'} no longer available. ` +
        `Please remove ${one ? 'it' : 'them'} from your basket and try again.`,
      Object.fromEntries(unavailable.map((l) => [`items.${l.index}.product_id`, 'No longer available'])),
    );
  }

  const soldOut = wanted.filter((l) => found.get(l.productId)!.soldOut);
  if (soldOut.length > 0) {
    const names = soldOut.map((l) => found.get(l.productId)!.name);
    const one = soldOut.length === 1;
    throw badRequest(
      `Sorry, ${listNames(names)} ${one ? 'is' : 'are'} sold out. ` +
        `Please remove ${one ? 'it' : 'them'} from your basket and try again.`,
      Object.fromEntries(soldOut.map((l) => [`items.${l.index}.product_id`, 'Sold out'])),
    );
  }

  // Limited and seasonal (decision 043): not before it is on sale, nor after.
  const today = londonDate(new Date());
  for (const l of wanted) {
    const p = found.get(l.productId)!;
    const refusal = saleRefusal({ ...p, productId: p.id, units: l.quantity }, today);
    if (refusal) throw badRequest(refusal, { [`items.${l.index}.product_id`]: refusal });
  }

  const boxes = new Map<string, BoxRules>();
  for (const r of rows) {
    const rules = boxRulesFrom(r);
    if (rules) boxes.set(r.id, rules);
  }
  const { contents, catalogue } = await boxContentsOf(tx, wanted, found, boxes);
  const limitsInside = (l: WantedLine, box: BoxContents | undefined): LimitedLine[] =>
    (box ?? []).flatMap((e) => {
      const cookie = catalogue.get(e.product_id);
      return cookie && hasLimits(cookie)
        ? [{ ...cookie, productId: cookie.id, units: e.quantity * l.quantity }]
        : [];
    });
  // A limited cookie chosen inside a box is on sale exactly when it is loose.
  for (const [i, l] of wanted.entries()) {
    for (const inside of limitsInside(l, contents[i])) {
      const refusal = saleRefusal(inside, today);
      if (refusal) throw badRequest(refusal, { [`items.${l.index}.box`]: refusal });
    }
  }
  return wanted.map((l, i) => {
    const product = found.get(l.productId)!;
    if (product.kind === 'gift_card') return giftCardLine(l, product);
    return {
      productId: product.id,
      name: product.name,
      // A box is priced as the product, whatever is in it (and whatever the browser says).
      unitPricePennies: product.price,
      quantity: l.quantity,
      vatRate: product.vatRate as VatRate,
      box: contents[i] ?? null,
      cookiesEach: boxes.get(product.id)?.size ?? 1,
      limits: hasLimits(product) ? { ...product, productId: product.id, units: l.quantity } : null,
      limitsInside: limitsInside(l, contents[i]),
      giftCard: null,
    };
  });
}

/**
 * Each line's box contents (undefined for loose cookies): a box's filling is checked against
 * the box and the catalogue as it is now, in the checkout's transaction; a filling sent for a
 * product that is not a box is ignored.
 */
async function boxContentsOf(
  tx: Db | Tx,
  wanted: WantedLine[],
  found: Map<string, { name: string }>,
  boxes: Map<string, BoxRules>,
): Promise<{
  contents: (BoxContents | undefined)[];
  catalogue: Awaited<ReturnType<typeof boxCandidates>>;
}> {
  if (boxes.size === 0) return { contents: [], catalogue: new Map() };
  const ids = wanted.flatMap((l) => [
    ...(l.filling ?? []).map((e) => e.product_id),
    ...(boxes.get(l.productId)?.fixed ?? []).map((e) => e.product_id),
  ]);
  const catalogue = await boxCandidates(tx, ids);
  const contents = wanted.map((l) => {
    const rules = boxes.get(l.productId);
    if (!rules) return undefined;
    const checked = checkFilling(
      { name: found.get(l.productId)!.name, rules },
      l.filling ?? undefined,
      catalogue,
    );
    if (!checked.ok) throw badRequest(checked.message, { [`items.${l.index}.box`]: checked.message });
    return checked.contents;
  });
  return { contents, catalogue };
}
