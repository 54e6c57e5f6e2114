import { and, eq, max, sql } from 'drizzle-orm';
import { IsoDateSchema } from '~/shared/bake-days/schemas';
import type { BatchSplit } from '~/shared/recipes/batches';
import { type ProductionSheet, productionSheet } from '~/shared/recipes/production';
import { BatchSplitSchema, ProductionExtraSchema } from '~/shared/recipes/schemas';
import { formatBakeDay, type IsoDate } from '~/shared/time/london-time';
import { recordActivity } from '../activity/activity-log';
import type { Db, Tx } from '../db/client';
import { orders, productionExtras, productionPrints, products } from '../db/schema';
import { badRequest, notFound, parseOrThrow } from '../errors';
import { ordersForDay } from '../orders/day-orders';
import { loadBook, recipeOfProduct } from './recipe-book';

export interface ProductionDay {
  date: IsoDate;
  label: string;
  split: BatchSplit;
  /** When the sheet was made: it says "as of" this. */
  asOf: string;
  sheet: ProductionSheet;
  /** The owner's extras for the counter, by product id, and the cookies they may be asked for. */
  extras: Record<string, number>;
  cookies: { id: string; name: string }[];
  printedAt: string | null;
  /** An order of the day was paid, changed or cancelled after the sheet was last printed. */
  changedSincePrint: boolean;
}

/**
 * The last change to an order of the day that moves the bake: a payment, an edit or a cancelled
 * paid order (an unpaid checkout coming and going changes nothing to bake).
 */
async function lastOrderChange(exec: Db | Tx, date: IsoDate): Promise<Date | null> {
  const [row] = await exec
    .select({ at: max(orders.updatedAt) })
    .from(orders)
    .where(
      and(
        eq(orders.deliveryDate, date),
        // A pending order on account (decision 085) is baked: its changes move the bake.
        sql`(${orders.status} <> 'pending' or ${orders.onAccount})`,
        sql`not (${orders.status} = 'cancelled' and ${orders.paidAt} is null)`,
      ),
    );
  return row?.at ? new Date(row.at) : null;
}

/** A bake day's production sheet: what to mix and weigh, for the kitchen. */
export function createProductionService(db: Db, clock: () => Date = () => new Date()) {
  const dateOf = (input: unknown): IsoDate => parseOrThrow(IsoDateSchema, input);

  return {
    async day(input: unknown, splitInput?: unknown): Promise<ProductionDay> {
      const date = dateOf(input);
      const split = BatchSplitSchema.parse(splitInput ?? 'equal');
      const asOf = clock();
      const [dayOrders, book, extraRows, [print], lastChange, cookieRows] = await Promise.all([
        ordersForDay(db, date),
        loadBook(db),
        db.select().from(productionExtras).where(eq(productionExtras.date, date)),
        db.select().from(productionPrints).where(eq(productionPrints.date, date)),
        lastOrderChange(db, date),
        db.select({ id: products.id, name: products.name }).from(products).where(eq(products.kind, 'cookie')),
      ]);
      const extras = new Map(extraRows.map((e) => [e.productId, e.cookies]));
      const names = new Map(cookieRows.map((p) => [p.id, p.name]));
      const sheet = productionSheet(dayOrders, {
        book,
        recipeOf: (id) => {
          const recipe = recipeOfProduct(book, id);
          return recipe && { ...recipe, name: names.get(id) ?? recipe.name };
        },
        extras,
        split,
      });
      const withRecipe = new Set([...book.recipes.values()].map((r) => r.productId));
      return {
        date,
        label: formatBakeDay(date),
        split,
        asOf: asOf.toISOString(),
        sheet,
        extras: Object.fromEntries(extras),
        cookies: cookieRows.filter((p) => withRecipe.has(p.id)).sort((a, b) => a.name.localeCompare(b.name)),
        printedAt: print?.printedAt.toISOString() ?? null,
        changedSincePrint: !!print && !!lastChange && lastChange > print.printedAt,
      };
    },

    /** Whether the day's orders changed after its sheet was printed, for the bake day page. */
    async changedSincePrint(input: unknown): Promise<{ printedAt: string; changed: boolean } | null> {
      const date = dateOf(input);
      const [print] = await db.select().from(productionPrints).where(eq(productionPrints.date, date));
      if (!print) return null;
      const last = await lastOrderChange(db, date);
      return { printedAt: print.printedAt.toISOString(), changed: !!last && last > print.printedAt };
    },

    /** Extra cookies of a product for the counter on that day; 0 takes them off. */
    async setExtra(input: unknown, extra: unknown): Promise<void> {
      const date = dateOf(input);
      const { product_id: productId, cookies } = parseOrThrow(ProductionExtraSchema, extra);
      await db.transaction(async (tx) => {
        const [product] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, productId));
        if (!product) throw notFound('Product not found');
        const [before] = await tx
          .select()
          .from(productionExtras)
          .where(and(eq(productionExtras.date, date), eq(productionExtras.productId, productId)))
          .for('update');
        if (cookies === 0) {
          if (!before) throw badRequest('There are no extra cookies of that product to take off.');
          await tx
            .delete(productionExtras)
            .where(and(eq(productionExtras.date, date), eq(productionExtras.productId, productId)));
        } else {
          await tx
            .insert(productionExtras)
            .values({ date, productId, cookies })
            .onConflictDoUpdate({
              target: [productionExtras.date, productionExtras.productId],
              set: { cookies, updatedAt: new Date() },
            });
        }
        await recordActivity(tx, {
          kind: 'production.extra',
          record: ['bake_day', date],
          before: before ? { productId, cookies: before.cookies } : null,
          after: { productId, cookies },
        });
      });
    },

    /** The sheet was printed now: later order changes are flagged on the bake day page. */
    async markPrinted(input: unknown): Promise<{ printedAt: string }> {
      const date = dateOf(input);
      const printedAt = clock();
      await db.transaction(async (tx) => {
        await tx
          .insert(productionPrints)
          .values({ date, printedAt })
          .onConflictDoUpdate({ target: productionPrints.date, set: { printedAt } });
        await recordActivity(tx, {
          kind: 'production.print',
          record: ['bake_day', date],
          after: { printedAt: printedAt.toISOString() },
        });
      });
      return { printedAt: printedAt.toISOString() };
    },
  };
}

export type ProductionService = ReturnType<typeof createProductionService>;
