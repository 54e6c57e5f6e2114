import { and, eq, inArray, sql } from 'drizzle-orm';
import type { VatRate } from '~/shared/food-information';
import { creditNoteNumberText } from '~/shared/trade/credit-notes';
import type { Db } from '../db/client';
import { tradeAccounts, tradeCreditNoteLines } from '../db/schema';

/**
 * Which of these shop accounts are trade customers (an approved trade account: decision 082),
 * and their business names: how the books and the dashboard tell trade sales from retail ones
 * until trade orders carry their account (decision 087).
 */
export async function tradeNamesOf(db: Db, profileIds: readonly string[]): Promise<Map<string, string>> {
  if (profileIds.length === 0) return new Map();
  const rows = await db
    .select({ profileId: tradeAccounts.profileId, name: tradeAccounts.businessName })
    .from(tradeAccounts)
    .where(
      and(inArray(tradeAccounts.profileId, [...new Set(profileIds)]), eq(tradeAccounts.status, 'approved')),
    );
  return new Map(rows.map((r) => [r.profileId, r.name]));
}

/**
 * The credit notes behind these refunds, by the refund's key (`credit_note_<number>`, decision
 * 091): their numbers and what they credited per VAT rate and line, for the books to print the
 * credit note the customer holds.
 */
export async function creditNotesOfRefunds(
  db: Db,
  requestKeys: readonly string[],
): Promise<
  Map<string, { number: string; lines: { description: string; vatRate: VatRate; pennies: number }[] }>
> {
  const numbers = requestKeys.flatMap((k) => {
    const m = /^credit_note_(\d{1,10})$/.exec(k);
    return m ? [Number(m[1])] : [];
  });
  if (numbers.length === 0) return new Map();
  const rows = await db
    .select({
      number: tradeCreditNoteLines.creditNoteNumber,
      description: tradeCreditNoteLines.description,
      vatRate: tradeCreditNoteLines.vatRate,
      pennies: sql<number>`${tradeCreditNoteLines.netPennies} + ${tradeCreditNoteLines.vatPennies}`.mapWith(
        Number,
      ),
    })
    .from(tradeCreditNoteLines)
    .where(inArray(tradeCreditNoteLines.creditNoteNumber, numbers))
    .orderBy(tradeCreditNoteLines.creditNoteNumber, tradeCreditNoteLines.invoicePosition);
  const out = new Map<
    string,
    { number: string; lines: { description: string; vatRate: VatRate; pennies: number }[] }
  >();
  for (const r of rows) {
    const key = `credit_note_${r.number}`;
    const doc = out.get(key) ?? { number: creditNoteNumberText(r.number), lines: [] };
    doc.lines.push({ description: r.description, vatRate: r.vatRate as VatRate, pennies: r.pennies });
    out.set(key, doc);
  }
  return out;
}
