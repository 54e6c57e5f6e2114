import { inArray } from 'drizzle-orm';
import { IsoDateSchema } from '~/shared/bake-days/schemas';
import { isUuid } from '~/shared/ids';
import { type PackLabel, packLabels } from '~/shared/recipes/pack-labels';
import { formatBakeDay, type IsoDate } from '~/shared/time/london-time';
import type { Db } from '../db/client';
import { products } from '../db/schema';
import { notFound, parseOrThrow } from '../errors';
import { type DayOrder, ordersForDay, slipOrder } from '../orders/day-orders';

/** Ingredients and storage of the products on `orders` (and their boxes), as the catalogue has them now. */
async function labelsOf(db: Db, orders: DayOrder[]): Promise<PackLabel[]> {
  const ids = [
    ...new Set(orders.flatMap((o) => o.lines.map((l) => l.productId)).filter((id): id is string => !!id)),
  ];
  const rows = ids.length
    ? await db
        .select({ id: products.id, ingredients: products.ingredients, storage: products.storageAdvice })
        .from(products)
        .where(inArray(products.id, ids))
    : [];
  const food = new Map(rows.map((r) => [r.id, r]));
  return packLabels(
    orders.map((o) => ({ ...o, deliveryDate: o.delivery_date as IsoDate | null })),
    (id) => (id ? food.get(id) : undefined),
  );
}

/** The food labels of a bake day's packs, or of one order's. No customer's details. */
export function createLabelsService(db: Db) {
  return {
    async forDay(input: unknown): Promise<{ date: IsoDate; label: string; labels: PackLabel[] }> {
      const date = parseOrThrow(IsoDateSchema, input);
      return { date, label: formatBakeDay(date), labels: await labelsOf(db, await ordersForDay(db, date)) };
    },

    async forOrder(id: string): Promise<{ number: string; labels: PackLabel[] }> {
      const order = isUuid(id) ? await slipOrder(db, id) : null;
      if (!order) throw notFound('Order not found');
      return { number: order.number, labels: await labelsOf(db, [order]) };
    },
  };
}

export type LabelsService = ReturnType<typeof createLabelsService>;
