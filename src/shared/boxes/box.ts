/**
 * Boxes of cookies (decision 042): a box product holds `size` cookies, chosen by the customer from
 * the cookies it allows, or a fixed assortment. The browser only proposes a filling; the server
 * checks it with `checkFilling` against the catalogue and prices the box from the product.
 */

/** How many of one cookie go in ONE box, as the browser sends and the admin sets them. */
export interface FillingEntry {
  product_id: string;
  quantity: number;
}
export type BoxFilling = FillingEntry[];

/** A box's filling as an order line keeps it: with each cookie's name as it was sold. */
export interface ContentsEntry extends FillingEntry {
  name: string;
}
export type BoxContents = ContentsEntry[];

/** What the owner set on a box product. */
export interface BoxRules {
  size: number;
  /** The cookies it may hold; null = every active cookie. */
  allowedIds: string[] | null;
  /** A fixed assortment instead of a choice; null = the customer chooses. */
  fixed: BoxFilling | null;
}

/** A catalogue product as a box's check needs it. */
export interface BoxCandidate {
  id: string;
  name: string;
  active: boolean;
  soldOut: boolean;
  /** A box cannot go in a box. */
  isBox: boolean;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** Cookies counted in a filling. */
export const filledCount = (filling: readonly FillingEntry[]) => sum(filling.map((e) => e.quantity));

/** One entry per cookie (ids lower-cased, counts added up), none at zero, in id order. */
export function normaliseFilling(filling: readonly FillingEntry[]): BoxFilling {
  const byId = new Map<string, number>();
  for (const e of filling) {
    const id = e.product_id.toLowerCase();
    byId.set(id, (byId.get(id) ?? 0) + e.quantity);
  }
  return [...byId]
    .filter(([, q]) => q > 0)
    .map(([product_id, quantity]) => ({ product_id, quantity }))
    .sort((a, b) => a.product_id.localeCompare(b.product_id));
}

/** The filling as one string: two boxes with the same key are the same cart or order line. */
export const fillingKey = (filling: readonly FillingEntry[]) =>
  normaliseFilling(filling)
    .map((e) => `${e.product_id}*${e.quantity}`)
    .join('+');

/** The cookies a box may hold, in the catalogue's order: its fixed ones, its allowed ones, or every active cookie. */
export function cookiesItMayHold<T extends BoxCandidate>(rules: BoxRules, catalogue: readonly T[]): T[] {
  if (rules.fixed) {
    const ids = new Set(rules.fixed.map((e) => e.product_id));
    return catalogue.filter((c) => ids.has(c.id));
  }
  const allowed = rules.allowedIds ? new Set(rules.allowedIds) : null;
  return catalogue.filter((c) => !c.isBox && c.active && (!allowed || allowed.has(c.id)));
}

export const notFullMessage = (boxName: string, size: number, chosen: number) =>
  chosen < size
    ? `Your ${boxName} is not full: ${chosen} of ${size} chosen. Choose ${size - chosen} more.`
    : `Your ${boxName} holds ${size} cookies: ${chosen} chosen. Take ${chosen - size} out.`;
export const notAllowedMessage = (boxName: string, cookie: string) =>
  `${cookie} cannot go in the ${boxName}. Please choose again.`;
export const unavailableCookieMessage = (boxName: string, cookie: string) =>
  `Sorry, ${cookie} is no longer available for the ${boxName}. Please choose again.`;

export type FillingCheck = { ok: true; contents: BoxContents } | { ok: false; message: string };

/**
 * Whether `wanted` fills this box: exactly `size` cookies, each one it allows, active and not sold
 * out. A fixed box ignores what was sent and holds its assortment (still refused if one of its
 * cookies cannot be baked). Answers the contents with the cookies' names, in id order.
 */
export function checkFilling(
  box: { name: string; rules: BoxRules },
  wanted: readonly FillingEntry[] | undefined,
  catalogue: ReadonlyMap<string, BoxCandidate>,
): FillingCheck {
  const { name, rules } = box;
  const filling = normaliseFilling(rules.fixed ?? wanted ?? []);
  const chosen = filledCount(filling);
  if (chosen !== rules.size) return { ok: false, message: notFullMessage(name, rules.size, chosen) };
  const allowed = rules.allowedIds ? new Set(rules.allowedIds.map((id) => id.toLowerCase())) : null;
  const contents: BoxContents = [];
  for (const e of filling) {
    const cookie = catalogue.get(e.product_id);
    if (!cookie?.active || cookie.soldOut)
      return { ok: false, message: unavailableCookieMessage(name, cookie?.name ?? 'a cookie you chose') };
    if (cookie.isBox || (!rules.fixed && allowed && !allowed.has(cookie.id)))
      return { ok: false, message: notAllowedMessage(name, cookie.name) };
    contents.push({ product_id: cookie.id, name: cookie.name, quantity: e.quantity });
  }
  return { ok: true, contents };
}

/**
 * "Fill it for me": completes the box from `choices`, one cookie at a time to whichever has
 * fewest so far (the first listed on a tie), so the mix is as even as the size allows and the
 * customer's own picks stay in.
 */
export function balancedFill(size: number, choices: readonly string[], current: BoxFilling = []): BoxFilling {
  if (choices.length === 0) return normaliseFilling(current);
  const counts = new Map(choices.map((id) => [id, 0]));
  for (const e of current) counts.set(e.product_id, (counts.get(e.product_id) ?? 0) + e.quantity);
  // Level by level: each of the fewest-chosen cookies gets one more. When fewer places are left
  // than such cookies, they go to cookies spread across the whole list, so a box of 6 from 12
  // cookies is a mix from all of them, not the first six by name.
  for (let left = size - filledCount(current); left > 0; ) {
    const fewest = Math.min(...choices.map((id) => counts.get(id)!));
    const level = choices.filter((id) => counts.get(id) === fewest);
    const take = Math.min(left, level.length);
    for (let i = 0; i < take; i++) {
      const pick = level[Math.floor((i * level.length) / take)]!;
      counts.set(pick, counts.get(pick)! + 1);
    }
    left -= take;
  }
  return normaliseFilling([...counts].map(([product_id, quantity]) => ({ product_id, quantity })));
}

/** "4 of 6 chosen" */
export const chosenLabel = (chosen: number, size: number) => `${chosen} of ${size} chosen`;

/** A box's contents in a sentence, e.g. "2 × Pecan & Maple Syrup, 4 × Oat & Golden Syrup". */
export const contentsLine = (contents: readonly ContentsEntry[]) =>
  contents.map((e) => `${e.quantity} × ${e.name}`).join(', ');

/** An order line's name with what is in each box, for e-mails: "Box of 6 (3 × Oat, 3 × Ginger)". */
export const lineLabel = (line: { product_name: string; box?: readonly ContentsEntry[] | null }) =>
  line.box?.length ? `${line.product_name} (${contentsLine(line.box)})` : line.product_name;

/** A cookie a box may hold, as the box's page shows it and computes the food information from. */
export interface BoxChoice {
  id: string;
  name: string;
  photo: string | null;
  ingredients: string;
  allergen_info: import('../food-information').AllergenInfo;
  shelf_life_days: number;
  net_weight_grams: number | null;
  sold_out: boolean;
}

/** A box product as the shop sees it: its size and the cookies it may hold (or its fixed ones). */
export interface BoxView {
  size: number;
  /** The assortment a fixed box always holds; null when the customer chooses. */
  fixed: BoxFilling | null;
  choices: BoxChoice[];
}
