import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import { tradeDocumentCounters } from '../db/schema';

/**
 * The next number of a document sequence ('invoice', 'credit_note'): the counter row is updated
 * (and locked) in the document's own transaction, so a concurrent one waits for it and a
 * rolled-back one gives its number back: no gaps, no duplicates.
 */
export async function nextDocumentNumber(tx: Tx, sequence: 'invoice' | 'credit_note'): Promise<number> {
  const [counter] = await tx
    .insert(tradeDocumentCounters)
    .values({ sequence, lastNumber: 1 })
    .onConflictDoUpdate({
      target: tradeDocumentCounters.sequence,
      set: { lastNumber: sql`${tradeDocumentCounters.lastNumber} + 1` },
    })
    .returning({ number: tradeDocumentCounters.lastNumber });
  return counter!.number;
}
