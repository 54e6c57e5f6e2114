import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type BoxCandidate, balancedFill, contentsLine, cookiesItMayHold } from '~/shared/boxes/box';
import type { IsoDate } from '~/shared/time/london-time';
import type { Db } from '../db/client';
import { productBoxes, products, profiles, subscriptions } from '../db/schema';
import type { ClubDeps } from './club-deps';
import { priceIfSendable, pricingNow, underMinimum } from './club-pricing';

/** How many open delivery days the join page offers for the first delivery. */
const FIRST_DAYS_OFFERED = 12;
/**
 * What the join page starts on before the member says how many: one box of a box product (issue
 * 43: it started at 6 boxes, £130.99 a fortnight), or a box of 6 loose cookies.
 */
export const STARTING_QUANTITY = { box: 1, cookies: 6 } as const;

/**
 * What "Join the Cookie Club" offers: the cookies and boxes on sale, for a box the cookies it may
 * hold, the open delivery days for the first delivery, and today's price per delivery of the choice,
 * delivery included. The server checks and prices it again when the member joins.
 */
export async function joinOptions(
  deps: ClubDeps,
  choice: { productId: string | null; quantity: number | null; profileId: string | null },
) {
  const [member] = choice.profileId
    ? await deps.db
        .select({ postcode: profiles.postcode })
        .from(profiles)
        .where(eq(profiles.id, choice.profileId))
    : [];
  const rows = await clubProducts(deps.db);
  const selected = rows.find((r) => r.id === choice.productId) ?? rows[0];
  const rules = selected?.size
    ? { size: selected.size, allowedIds: selected.allowed, fixed: selected.fixed }
    : null;
  const quantity = choice.quantity ?? (rules ? STARTING_QUANTITY.box : STARTING_QUANTITY.cookies);
  const filling = selected ? fillingOf(selected, rows) : null;
  // A box is priced as the product whatever is in it: any full filling gives its price.
  const balanced = filling?.balanced ?? null;
  const price = selected
    ? await priceIfSendable(deps.db, await pricingNow(deps, deps.db), {
        postcode: member?.postcode ?? null,
        productId: selected.id,
        quantity,
        boxFilling: balanced,
      })
    : null;
  const cookies = price?.cookies ?? quantity;
  const days = (await deps.bakeDaysAt(() => new Date()).choices(cookies, 'delivery', price?.zone ?? null))
    .filter((d) => d.state === 'open')
    .slice(0, FIRST_DAYS_OFFERED)
    .map((d) => ({ date: d.date as IsoDate, order_by: d.orderBy }));
  return {
    /** Loose cookies first, then boxes (size set), each by name. */
    choices: rows.map(clubChoice),
    product_id: selected?.id ?? null,
    quantity,
    /** The chosen box: its size and, when the member fills it, the cookies it may hold. */
    box: rules
      ? {
          size: rules.size,
          /** A fixed box's contents in a sentence; null when the member fills it. */
          fixed: rules.fixed && price?.lines[0]?.box ? contentsLine(price.lines[0].box) : null,
          /** Each cookie it may hold, with its count in "Fill it for me"'s balanced mix. */
          may_hold: filling?.mayHold ?? [],
        }
      : null,
    days,
    /** Per delivery: the cookies, the delivery and what each delivery is charged, all today's. */
    price: price
      ? {
          cookies_pennies: price.priced.subtotalPennies,
          delivery_pennies: price.priced.deliveryPennies,
          total_pennies: price.priced.totalPennies,
          /** The checkout's words when the delivery is under the zone's minimum order (joining is refused). */
          minimum_note: underMinimum(price),
        }
      : null,
  };
}

/** The cookies and boxes a member may subscribe to (never a gift card): on sale every day, loose cookies first, then boxes, by name. */
function clubProducts(db: Db) {
  return db
    .select({
      id: products.id,
      name: products.name,
      price_pennies: products.pricePennies,
      size: productBoxes.size,
      fixed: productBoxes.fixedFilling,
      allowed: productBoxes.allowedProductIds,
    })
    .from(products)
    .leftJoin(productBoxes, eq(productBoxes.productId, products.id))
    .where(
      and(
        eq(products.isActive, true),
        eq(products.soldOut, false),
        eq(products.kind, 'cookie'),
        // Limited and seasonal products are sold for their own dates (decision 043).
        isNull(products.dailyLimit),
        isNull(products.deliverFrom),
        isNull(products.deliverUntil),
        isNull(products.onSaleFrom),
        isNull(products.onSaleUntil),
      ),
    )
    .orderBy(sql`${productBoxes.size} is null`, asc(products.name));
}

type ClubProduct = Awaited<ReturnType<typeof clubProducts>>[number];

const clubChoice = (r: ClubProduct) => ({
  id: r.id,
  name: r.name,
  price_pennies: r.price_pennies,
  size: r.size,
  /** A box the member fills (its filling is chosen when joining). */
  filled_by_member: r.size !== null && r.fixed === null,
});

/**
 * For each box the member fills among `productIds`, the cookies it may hold (a member's "change"
 * of what goes in the box), with "Fill it for me"'s balanced count of each.
 */
export async function fillingChoices(deps: ClubDeps, productIds: readonly string[]) {
  const rows = await clubProducts(deps.db);
  const out: Record<string, { id: string; name: string; balanced: number }[]> = {};
  for (const r of rows) {
    const filling = productIds.includes(r.id) ? fillingOf(r, rows) : null;
    if (filling) out[r.id] = filling.mayHold;
  }
  return out;
}

/**
 * A box the member fills: the cookies on sale it may hold, each with its count in "Fill it for
 * me"'s balanced mix (and that mix). Null for a loose cookie or a fixed box.
 */
function fillingOf(box: ClubProduct, rows: readonly ClubProduct[]) {
  if (!box.size || box.fixed) return null;
  const catalogue: BoxCandidate[] = rows
    .filter((r) => r.size === null)
    .map((r) => ({ id: r.id, name: r.name, active: true, soldOut: false, isBox: false }));
  const cookies = cookiesItMayHold({ size: box.size, allowedIds: box.allowed, fixed: null }, catalogue);
  const balanced = balancedFill(
    box.size,
    cookies.map((c) => c.id),
  );
  const mayHold = cookies.map((c) => ({
    id: c.id,
    name: c.name,
    balanced: balanced.find((e) => e.product_id === c.id)?.quantity ?? 0,
  }));
  return { mayHold, balanced };
}

/** Only what may be subscribed to (a member's "change" list): no days, no price. */
export async function clubChoices(deps: ClubDeps) {
  return (await clubProducts(deps.db)).map(clubChoice);
}

/** The card-saving page of a subscription waiting for (or changing) its card; null when unknown. */
export async function cardPage(deps: ClubDeps, setupSessionId: string) {
  const [row] = await deps.db
    .select({
      status: subscriptions.status,
      quantity: subscriptions.quantity,
      every_weeks: subscriptions.everyWeeks,
      quoted_pennies: subscriptions.quotedPennies,
      product_name: sql<string>`coalesce(${products.name}, 'Cookies')`,
    })
    .from(subscriptions)
    .leftJoin(products, eq(products.id, subscriptions.productId))
    .where(eq(subscriptions.setupSessionId, setupSessionId));
  return row ?? null;
}
