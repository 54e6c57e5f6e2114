import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tradeAccounts } from '../db/schema';

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
