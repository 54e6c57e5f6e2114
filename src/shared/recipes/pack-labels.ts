import type { DayBoxCookie, SheetOrder } from '../bake-days/day-sheets';
import { addDays, type IsoDate } from '../time/london-time';

/**
 * What one pack's label says (FIC 1169/2011 Art. 9): its name, ingredients with the
 * allergens in bold (the *asterisk* format), "May contain", net weight, best before (bake day plus
 * shelf life), storage and the bake date; the page adds the shop's name and address.
 */
export interface PackLabel {
  name: string;
  /** A loose cookie's list; for a box, each cookie's (name and list). */
  ingredients: { name: string | null; text: string }[];
  contains: string[];
  mayContain: string[];
  netWeightGrams: number | null;
  bakeDate: IsoDate;
  bestBefore: IsoDate;
  storage: string;
}

/** What the labels need of a product now (the order keeps only the name it was sold under). */
export interface LabelFood {
  ingredients: string;
  storage: string;
}

type LabelLine = Omit<SheetOrder['lines'][number], 'box'> & {
  allergens: string[];
  mayContain: string[];
  netWeightGrams: number | null;
  box?: DayBoxCookie[] | null;
};

/**
 * One label per pack of the paid (and later) orders given: a loose cookie's line gives one label
 * per cookie, a box one per box with each cookie's ingredients. Unpaid orders get none.
 */
export function packLabels(
  orders: (Pick<SheetOrder, 'status'> & { deliveryDate: IsoDate | null; lines: LabelLine[] })[],
  foodOf: (productId: string | null) => LabelFood | undefined,
): PackLabel[] {
  const labels: PackLabel[] = [];
  for (const order of orders) {
    if (order.status === 'pending' || order.status === 'cancelled' || !order.deliveryDate) continue;
    const bakeDate = order.deliveryDate;
    for (const line of order.lines) {
      const food = foodOf(line.productId);
      const label: PackLabel = line.box
        ? {
            name: line.productName,
            ingredients: line.box.map((c) => ({
              name: `${c.productName} (${c.quantity})`,
              text: c.ingredients,
            })),
            contains: [...new Set(line.box.flatMap((c) => c.allergens))],
            mayContain: [...new Set(line.box.flatMap((c) => c.mayContain))].filter(
              (a) => !line.box!.some((c) => c.allergens.includes(a)),
            ),
            netWeightGrams: line.box.every((c) => c.netWeightGrams !== null)
              ? line.box.reduce((sum, c) => sum + c.netWeightGrams! * c.quantity, 0)
              : null,
            bakeDate,
            bestBefore: addDays(bakeDate, Math.min(...line.box.map((c) => c.shelfLifeDays))),
            storage: food?.storage ?? '',
          }
        : {
            name: line.productName,
            ingredients: [{ name: null, text: food?.ingredients ?? '' }],
            contains: line.allergens,
            mayContain: line.mayContain,
            netWeightGrams: line.netWeightGrams,
            bakeDate,
            bestBefore: addDays(bakeDate, line.shelfLifeDays),
            storage: food?.storage ?? '',
          };
      for (let i = 0; i < line.quantity; i++) labels.push(label);
    }
  }
  return labels;
}

/** A label's paragraphs as printed, for measuring whether it fits (labels.ts `fitLabelText`). */
export function labelParagraphs(label: PackLabel, shop: { name: string; address: string | null }): string[] {
  return [
    label.name,
    ...label.ingredients.map(
      (i) => `${i.name ? `${i.name}: ` : 'Ingredients: '}${i.text.replaceAll('*', '')}`,
    ),
    label.mayContain.length ? `May contain: ${label.mayContain.join(', ')}.` : '',
    `${label.netWeightGrams ? `Net weight ${label.netWeightGrams} g. ` : ''}Baked ${label.bakeDate}. Best before ${label.bestBefore}.`,
    label.storage,
    `${shop.name}${shop.address ? `, ${shop.address}` : ''}`,
  ].filter(Boolean);
}
