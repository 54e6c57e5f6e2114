import { desc, eq, sql } from 'drizzle-orm';
import { DEFAULT_TERMS } from '~/shared/legal/default-terms';
import { TermsBodySchema } from '~/shared/legal/terms';
import { recordActivity } from '../activity/activity-log';
import type { Db, Tx } from '../db/client';
import { termsVersions } from '../db/schema';
import { badRequest, parseOrThrow } from '../errors';

export interface TermsVersion {
  version: number;
  body: string;
  createdAt: Date;
}

/**
 * The terms of sale (decision 080): every version kept (the table refuses changes), the
 * newest in force. An order takes the newest version when it is written (a trigger on orders),
 * so no request can choose it and no later edit can change it.
 */
export function createTermsService(db: Db) {
  async function current(exec: Db | Tx = db): Promise<TermsVersion> {
    const [row] = await exec.select().from(termsVersions).orderBy(desc(termsVersions.version)).limit(1);
    if (!row) throw new Error('no terms of sale: ensureFirst() runs at start-up');
    return row;
  }

  return {
    /** A new shop's first version: the default terms. */
    async ensureFirst(): Promise<void> {
      await db.insert(termsVersions).values({ version: 1, body: DEFAULT_TERMS }).onConflictDoNothing();
    },
    current,
    /** One version, for its permanent page; null when there is none. */
    async version(version: number): Promise<TermsVersion | null> {
      if (!Number.isSafeInteger(version) || version < 1) return null;
      const [row] = await db.select().from(termsVersions).where(eq(termsVersions.version, version));
      return row ?? null;
    },
    /** Publishes the owner's edit as the next version; the same text again is refused. */
    async publish(input: unknown): Promise<TermsVersion> {
      const body = parseOrThrow(TermsBodySchema, input);
      return db.transaction(async (tx) => {
        // Two owners publishing at once get consecutive versions, not a clash.
        await tx.execute(sql`lock table ${termsVersions} in exclusive mode`);
        const now = await current(tx);
        if (now.body === body)
          throw badRequest('These are already the terms in force: change them first', { body: 'Unchanged' });
        const [row] = await tx
          .insert(termsVersions)
          .values({ version: now.version + 1, body })
          .returning();
        await recordActivity(tx, {
          kind: 'terms.publish',
          record: ['terms', String(row!.version)],
          before: { version: now.version },
          after: { version: row!.version, characters: body.length },
        });
        return row!;
      });
    },
  };
}

export type TermsService = ReturnType<typeof createTermsService>;
