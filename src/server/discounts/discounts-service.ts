import { asc, eq, sql } from 'drizzle-orm';
import {
  DISCOUNT_REFUSALS,
  type DiscountCodeInput,
  type DiscountCodeView,
  normaliseCode,
} from '~/shared/discounts/discount-code';
import { isUuid } from '~/shared/ids';
import type { DiscountTerms } from '~/shared/pricing/price-order';
import { londonDate } from '~/shared/time/london-time';
import { recordActivity } from '../activity/activity-log';
import type { Db, Tx } from '../db/client';
import { discountCodes } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { codeEverUsed, codeStats, codeUses } from '../orders/discount-uses';

type CodeRow = typeof discountCodes.$inferSelect;

/** A code checkout may use: its terms for pricing and its id for the order to hold. */
export interface RedeemedCode {
  id: string;
  terms: DiscountTerms;
}

const refuse = (message: string) => badRequest(message, { discount_code: message });

const toView = (r: CodeRow, stats?: { uses: number; given: number }): DiscountCodeView => ({
  id: r.id,
  code: r.code,
  kind: r.kind,
  value: r.value,
  min_subtotal_pennies: r.minSubtotalPennies,
  starts_on: r.startsOn,
  ends_on: r.endsOn,
  max_uses: r.maxUses,
  once_per_customer: r.oncePerCustomer,
  is_active: r.isActive,
  uses: stats?.uses ?? 0,
  given_pennies: stats?.given ?? 0,
});

/** One code's view with its uses and what it has given (after an edit, they still count). */
const withStats = async (db: Db, row: CodeRow) => toView(row, (await codeStats(db)).get(row.id));

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === '23505' ||
  (err as { cause?: { code?: string } })?.cause?.code === '23505';

/** Discount codes: the owner's list, and the rules a code must pass to price an order. */
export function createDiscountsService(db: Db) {
  return {
    /**
     * Checks a code for an order of `subtotalPennies` by `profileId` (null: not signed in, so
     * "once per customer" is checked when they pay). With `lock`, the code's row stays locked
     * until the caller's transaction ends, so racing checkouts count its uses one at a time.
     */
    async redeem(
      tx: Db | Tx,
      raw: unknown,
      {
        subtotalPennies,
        profileId,
        lock,
      }: { subtotalPennies: number; profileId: string | null; lock: boolean },
    ): Promise<RedeemedCode> {
      const code = normaliseCode(raw);
      if (!code) throw refuse(DISCOUNT_REFUSALS.invalid);
      const query = tx
        .select()
        .from(discountCodes)
        .where(sql`upper(${discountCodes.code}) = ${code}`)
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      const today = londonDate(new Date());
      if (!row?.isActive || (row.startsOn && row.startsOn > today)) throw refuse(DISCOUNT_REFUSALS.invalid);
      if (row.endsOn && row.endsOn < today) throw refuse(DISCOUNT_REFUSALS.expired);
      if (subtotalPennies < row.minSubtotalPennies)
        throw refuse(DISCOUNT_REFUSALS.minimum(row.minSubtotalPennies));
      if (row.maxUses !== null || (row.oncePerCustomer && profileId)) {
        const uses = await codeUses(tx, row.id, row.oncePerCustomer ? profileId : null);
        if (row.maxUses !== null && uses.total >= row.maxUses) throw refuse(DISCOUNT_REFUSALS.usedUp);
        if (uses.mine > 0) throw refuse(DISCOUNT_REFUSALS.alreadyUsed);
      }
      return { id: row.id, terms: { code: row.code, kind: row.kind, value: row.value } };
    },

    /** Every code, active ones first, then by code, with its uses and what it has given. */
    async list(): Promise<DiscountCodeView[]> {
      const [rows, stats] = await Promise.all([
        db.select().from(discountCodes).orderBy(asc(discountCodes.code)),
        codeStats(db),
      ]);
      return rows
        .map((r) => toView(r, stats.get(r.id)))
        .sort((a, b) => Number(b.is_active) - Number(a.is_active) || a.code.localeCompare(b.code));
    },

    async create(input: DiscountCodeInput): Promise<DiscountCodeView> {
      try {
        const row = await db.transaction(async (tx) => {
          const [made] = await tx.insert(discountCodes).values(input).returning();
          await recordActivity(tx, {
            kind: 'discount.create',
            record: ['discount_code', made!.id],
            after: input,
          });
          return made!;
        });
        return toView(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`There is already a code ${input.code}`);
        throw err;
      }
    },

    async update(id: string, input: DiscountCodeInput): Promise<DiscountCodeView> {
      if (!isUuid(id)) throw notFound('Discount code not found');
      try {
        const row = await db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(discountCodes)
            .where(eq(discountCodes.id, id))
            .for('update');
          if (!before) throw notFound('Discount code not found');
          const [after] = await tx
            .update(discountCodes)
            .set(input)
            .where(eq(discountCodes.id, id))
            .returning();
          await recordActivity(tx, {
            kind: 'discount.update',
            record: ['discount_code', id],
            before,
            after: input,
          });
          return after!;
        });
        return withStats(db, row);
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(`There is already a code ${input.code}`);
        throw err;
      }
    },

    /** Turns a code on or off; its orders keep it either way. */
    async setActive(id: string, isActive: boolean): Promise<DiscountCodeView> {
      if (!isUuid(id)) throw notFound('Discount code not found');
      const row = await db.transaction(async (tx) => {
        const [changed] = await tx
          .update(discountCodes)
          .set({ isActive })
          .where(eq(discountCodes.id, id))
          .returning();
        if (!changed) throw notFound('Discount code not found');
        await recordActivity(tx, {
          kind: 'discount.active',
          record: ['discount_code', id],
          after: { is_active: isActive },
        });
        return changed;
      });
      return withStats(db, row);
    },

    /** Deletes an unused code; one that any order carries is only deactivated (its orders keep it). */
    async remove(id: string): Promise<'deleted' | 'deactivated'> {
      if (!isUuid(id)) throw notFound('Discount code not found');
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
        if (!row) throw notFound('Discount code not found');
        await recordActivity(tx, {
          kind: 'discount.remove',
          record: ['discount_code', id],
          before: { code: row.code },
        });
        if (await codeEverUsed(tx, id)) {
          await tx.update(discountCodes).set({ isActive: false }).where(eq(discountCodes.id, id));
          return 'deactivated';
        }
        await tx.delete(discountCodes).where(eq(discountCodes.id, id));
        return 'deleted';
      });
    },
  };
}

export type DiscountsService = ReturnType<typeof createDiscountsService>;
