import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from '../errors';

/**
 * Fixed-window counters in the database, so every instance shares them. One upsert per hit:
 * the window restarts when it has expired, otherwise the count goes up.
 */
export function createRateLimiter(db: Db, enabled: boolean) {
  return {
    /** Counts a hit on `key`; throws a 429 with `message` once more than `max` fall in the window. */
    async hit(key: string, max: number, windowSeconds: number, message?: string): Promise<void> {
      if (!enabled) return;
      const resetAt = new Date(Date.now() + windowSeconds * 1000);
      const [row] = await db
        .insert(rateLimits)
        .values({ key, count: 1, resetAt })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({ count: rateLimits.count });
      if ((row?.count ?? 0) > max) throw tooManyRequests(message);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
